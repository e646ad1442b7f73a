import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { cx } from './cx';
import styles from './overlay.module.css';

export interface TDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom, right-aligned. */
  footer?: ReactNode;
  /** Width in px (spec §9: the modify-reminder dialog is 350). */
  width?: number;
  className?: string;
  closeLabel?: string;
}

export function Dialog({ open, onOpenChange, title, description, children, footer, width, className, closeLabel = '关闭' }: TDialogProps) {
  const style = width ? ({ '--dialog-width': `${width}px` } as CSSProperties) : undefined;
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content className={cx(styles.panel, styles.dialog, className)} style={style}>
          <RadixDialog.Title className={styles.dialogTitle}>{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className={styles.dialogDescription}>{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="visually-hidden">{title}</RadixDialog.Description>
          )}
          {children ? <div className={styles.dialogBody}>{children}</div> : null}
          {footer ? <div className={styles.dialogFooter}>{footer}</div> : null}
          <RadixDialog.Close className={styles.close} aria-label={closeLabel}>
            <X size={18} aria-hidden />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export const DialogClose = RadixDialog.Close;
