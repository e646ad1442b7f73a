import { DropdownMenu as Menu } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cx } from './cx';
import styles from './overlay.module.css';

export interface TDropdownMenuProps {
  trigger: ReactNode;
  children: ReactNode;
  align?: 'start' | 'center' | 'end';
  width?: number;
  className?: string;
  modal?: boolean;
}

/** A menu opened from `trigger` (one focusable element); fill it with DropdownItem, DropdownLabel, DropdownSeparator. */
export function DropdownMenu({ trigger, children, align = 'end', width, className, modal = false }: TDropdownMenuProps) {
  return (
    <Menu.Root modal={modal}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          className={cx(styles.panel, styles.menu, className)}
          style={width ? { width } : undefined}
          align={align}
          sideOffset={10}
          collisionPadding={12}
        >
          {children}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

export function DropdownItem({ className, ...rest }: ComponentProps<typeof Menu.Item>) {
  return <Menu.Item className={cx(styles.menuItem, className)} {...rest} />;
}

export function DropdownLabel({ className, ...rest }: ComponentProps<typeof Menu.Label>) {
  return <Menu.Label className={cx(styles.menuLabel, className)} {...rest} />;
}

export function DropdownSeparator() {
  return <Menu.Separator className={styles.separator} />;
}

export const DropdownGroup = Menu.Group;
