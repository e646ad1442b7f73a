import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ZUpdateUserNameRequest, type TUserInfo } from '../../../schemas/api/user';
import { upDateUserName } from '../../api/user';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { toast } from '../../ui/toast';
import styles from './account-styles';

/** 用户名 with its edit in place (the registration's rules: not a phone number, at most 20 characters, not taken). */
export function NameRow({ user, onSaved }: { user: TUserInfo; onSaved: (user: TUserInfo) => void }) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: upDateUserName,
    onSuccess: (next) => {
      setDraft(null);
      toast.success('用户名已修改');
      onSaved(next);
    },
    onError: (error: Error) => setRefusal(error.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZUpdateUserNameRequest.safeParse({ username: draft ?? '' });
    if (!parsed.success) return setRefusal(parsed.error.issues[0]?.message ?? '用户名无效');
    setRefusal(null);
    save.mutate(parsed.data.username);
  };
  return (
    <div className={styles.row}>
      <dt>{draft === null ? '用户名' : <label htmlFor={id}>用户名</label>}</dt>
      <dd>
        {draft === null ? (
          <>
            <span className={styles.value} data-testid="account-username">
              {user.username}
            </span>
            <Button size="sm" variant="ghost" onClick={() => setDraft(user.username)}>
              修改
            </Button>
          </>
        ) : (
          <form className={styles.inline} onSubmit={submit} noValidate>
            <input id={id} className={cx(styles.input, styles.nameInput)} value={draft} maxLength={40} onChange={(e) => setDraft(e.target.value)} />
            <Button size="sm" variant="primary" type="submit" disabled={save.isPending}>
              保存
            </Button>
            <Button size="sm" onClick={() => (setDraft(null), setRefusal(null))} disabled={save.isPending}>
              取消
            </Button>
          </form>
        )}
        {refusal ? (
          <p role="alert" className={styles.error}>
            {refusal}
          </p>
        ) : null}
      </dd>
    </div>
  );
}
