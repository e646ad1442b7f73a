import { Popover as RadixPopover } from 'radix-ui';
import type { ReactNode } from 'react';
import { cx } from './cx';
import styles from './overlay.module.css';

export interface TPopoverProps {
  trigger: ReactNode;
  children: ReactNode;
  /** Panel width in px (spec §9: 216 for the desktop client, 380 for notifications). */
  width?: number;
  align?: 'start' | 'center' | 'end';
  side?: 'top' | 'right' | 'bottom' | 'left';
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
  label?: string;
}

/** A click-opened floating panel; `trigger` must be one focusable element (e.g. a button). */
export function Popover({ trigger, children, width, align = 'end', side = 'bottom', open, onOpenChange, className, label }: TPopoverProps) {
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          className={cx(styles.panel, styles.popover, className)}
          style={width ? { width } : undefined}
          align={align}
          side={side}
          sideOffset={10}
          collisionPadding={12}
          aria-label={label}
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}

export const PopoverClose = RadixPopover.Close;
