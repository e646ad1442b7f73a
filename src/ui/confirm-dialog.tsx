import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';
import styles from './confirm-dialog.module.css';

export interface TConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** Cancel, the close button, Esc and a click outside all end here. */
  onCancel: () => void;
  /** Width in px (the modify reminder is 350, spec §9). */
  width?: number;
  tone?: 'primary' | 'danger';
  /** The confirmed call is running: the button spins and both buttons wait. */
  busy?: boolean;
  /** Extra content under the message (a checkbox). */
  children?: ReactNode;
  closeLabel?: string;
}

/** A question with two answers: the limit dialogs, the modify reminder, delete confirmations. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  width = 400,
  tone = 'primary',
  busy,
  children,
  closeLabel,
}: TConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onCancel();
      }}
      title={title}
      description={message}
      width={width}
      closeLabel={closeLabel}
      footer={
        <>
          <Button onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
            {busy ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}

/** A labelled checkbox in the product's look (the reminder's 本次编辑不再提醒). */
export function CheckboxField({ checked, onChange, label }: { checked: boolean; onChange: (checked: boolean) => void; label: string }) {
  return (
    <label className={styles.check}>
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}
