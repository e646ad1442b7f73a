import { useMutation } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import styles from './account-styles';

/** A security form's call: its pending state, and its refusal (the form's own checks or the server's) shown in place. */
export function useSecurityCall<TResult>(send: () => Promise<TResult>, onDone: (result: TResult) => void) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const call = useMutation({ mutationFn: send, onSuccess: onDone, onError: (error: Error) => setRefusal(error.message) });
  /** Runs the call unless the form's own check refuses first (its message shown instead). */
  const submit = (event: FormEvent, check: () => string | null) => {
    event.preventDefault();
    const local = check();
    setRefusal(local);
    if (!local) call.mutate();
  };
  return { call, refusal, setRefusal, submit };
}

/**
 * The account page's dialogs (修改密码, 更换手机号, 注销账号): a form with 取消 and its confirm button, not closable while
 * its call runs, the refusal under the fields.
 */
export function SecurityFormDialog({
  title,
  description,
  width,
  pending,
  refusal,
  confirm = '确定',
  danger = false,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  description: string;
  width: number;
  pending: boolean;
  refusal: string | null;
  confirm?: string;
  danger?: boolean;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const formId = useId();
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !pending && onClose()}
      title={title}
      description={description}
      width={width}
      footer={
        <>
          <Button onClick={onClose} disabled={pending}>
            取消
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} type="submit" form={formId} disabled={pending} aria-busy={pending || undefined}>
            {pending ? <LoaderCircle size={14} aria-hidden /> : null}
            {confirm}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={onSubmit} noValidate>
        {children}
        {refusal ? (
          <p role="alert" className={styles.error}>
            {refusal}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}

/** 验证方式: how the user proves it is them (原密码 / 短信验证…), shown only when there is a choice. */
export function ProofChoice<T extends string>({
  proofs,
  value,
  names,
  onChange,
}: {
  proofs: readonly T[];
  value: T;
  names: Record<T, string>;
  onChange: (proof: T) => void;
}) {
  if (proofs.length < 2) return null;
  return (
    <div className={styles.inline} role="radiogroup" aria-label="验证方式">
      {proofs.map((p) => (
        <Button key={p} size="sm" role="radio" aria-checked={value === p} variant={value === p ? 'soft' : 'ghost'} onClick={() => onChange(p)}>
          {names[p]}
        </Button>
      ))}
    </div>
  );
}
