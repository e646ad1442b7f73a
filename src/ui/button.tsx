import { Slot } from 'radix-ui';
import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';
import { cx } from './cx';

export interface TButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'default' | 'primary' | 'soft' | 'ghost' | 'danger';
  size?: 'sm' | 'md' | 'lg';
  block?: boolean;
  /** Square icon-only button (give it an aria-label). */
  icon?: boolean;
  /** Render the child element (e.g. a router Link) with the button's look. */
  asChild?: boolean;
}

export function Button({ variant = 'default', size = 'md', block, icon, asChild, className, type, ...rest }: TButtonProps) {
  const classes = cx(
    styles.button,
    variant !== 'default' && styles[variant],
    size !== 'md' && styles[size],
    block && styles.block,
    icon && styles.icon,
    className,
  );
  if (asChild) return <Slot.Root className={classes} {...rest} />;
  return <button type={type ?? 'button'} className={classes} {...rest} />;
}
