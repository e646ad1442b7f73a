import { useRef, useState, type ChangeEvent } from 'react';
import type { TUserInfo } from '../../../schemas/api/user';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import styles from './account-styles';
import { AVATAR_TYPES, avatarRefusal } from './avatar-crop';
import { AvatarCropDialog } from './avatar-crop-dialog';

/** 头像: the current one, and 更换头像 (pick a picture, crop it square, upload; the header's avatar follows). */
export function AvatarRow({ user, onSaved }: { user: TUserInfo; onSaved: (user: TUserInfo) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.files?.[0];
    event.target.value = '';
    if (!next) return;
    const why = avatarRefusal(next);
    setRefusal(why);
    if (!why) setFile(next);
  };
  return (
    <div className={styles.row}>
      <dt>头像</dt>
      <dd>
        <span className={styles.avatar} data-testid="account-avatar">
          {user.headImg ? <img src={user.headImg} alt="当前头像" /> : <span aria-hidden>{(user.username || '?').slice(0, 1).toUpperCase()}</span>}
        </span>
        <Button size="sm" variant="ghost" onClick={() => input.current?.click()}>
          更换头像
        </Button>
        <input ref={input} type="file" accept={AVATAR_TYPES.join(',')} className="visually-hidden" aria-label="选择头像图片" tabIndex={-1} onChange={picked} />
        <span className={styles.muted}>支持 JPG、PNG、WebP、GIF，不超过5MB</span>
        {refusal ? (
          <p role="alert" className={styles.error}>
            {refusal}
          </p>
        ) : null}
      </dd>
      {file ? (
        <AvatarCropDialog
          file={file}
          onClose={() => setFile(null)}
          onDone={(next) => {
            setFile(null);
            toast.success('头像已更新');
            onSaved(next);
          }}
        />
      ) : null}
    </div>
  );
}
