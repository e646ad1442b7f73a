import { useQueryClient } from '@tanstack/react-query';
import { Copy, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import {
  API_TOKEN_EXPIRY_DAYS,
  API_TOKEN_LIMITS,
  API_TOKEN_MESSAGES,
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  type TApiTokenScope,
} from '../../../schemas/api/api-tokens';
import { apiTokenKeys, createApiToken } from '../../api/api-tokens';
import { Button } from '../../ui/button';
import { copyText } from '../../ui/copy-text';
import { Dialog } from '../../ui/dialog';
import { toast } from '../../ui/toast';
import styles from './account-styles';
import { SecurityFormDialog, useSecurityCall } from './form-dialog';

const SCOPE_HINTS: Record<TApiTokenScope, string> = {
  read: '只能读取项目、题目、统计报表和导出数据，不能修改任何内容',
  write: '可执行你的账号能做的全部操作（修改密码、管理令牌、支付等账号操作除外）',
};
type TExpiry = (typeof API_TOKEN_EXPIRY_DAYS)[number] | null;
const EXPIRY_CHOICES: { value: TExpiry; label: string }[] = [
  ...API_TOKEN_EXPIRY_DAYS.map((d) => ({ value: d as TExpiry, label: `${d} 天` })),
  { value: null, label: '永不过期' },
];

/** 创建令牌: name, 只读/读写, 有效期; then the token itself, shown this once with 复制. */
export function ApiTokenDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const nameId = useId();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TApiTokenScope>('read');
  const [expireDays, setExpireDays] = useState<TExpiry>(30);
  const [token, setToken] = useState<string | null>(null);
  const { call, refusal, submit } = useSecurityCall(
    () => createApiToken({ name: name.trim(), scope, expireDays }),
    (created) => {
      setToken(created.token);
      void queryClient.invalidateQueries({ queryKey: apiTokenKeys.list() });
    },
  );
  if (token) return <ShownOnce token={token} onClose={onClose} />;
  const check = () => (name.trim() ? null : API_TOKEN_MESSAGES.nameRequired);
  return (
    <SecurityFormDialog
      title="创建 API 令牌"
      description="令牌代表你的账号调用开放接口，请只交给可信的脚本或系统"
      width={480}
      pending={call.isPending}
      refusal={refusal}
      confirm="创建"
      onClose={onClose}
      onSubmit={(event) => submit(event, check)}
    >
      <div className={styles.field}>
        <label htmlFor={nameId} className={styles.label}>
          名称
        </label>
        <input
          id={nameId}
          className={styles.input}
          value={name}
          maxLength={API_TOKEN_LIMITS.nameMax}
          placeholder="如：数据同步脚本"
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <fieldset className={styles.choices}>
        <legend className={styles.label}>权限</legend>
        {API_TOKEN_SCOPES.map((s) => (
          <label key={s} className={styles.choice}>
            <input type="radio" name="token-scope" value={s} checked={scope === s} onChange={() => setScope(s)} />
            <span>
              <span className={styles.choiceName}>{API_TOKEN_SCOPE_LABELS[s]}</span>
              <span className={styles.muted}>{SCOPE_HINTS[s]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.choices}>
        <legend className={styles.label}>有效期</legend>
        <div className={styles.expiryRow}>
          {EXPIRY_CHOICES.map((c) => (
            <label key={String(c.value)} className={styles.expiry}>
              <input type="radio" name="token-expiry" checked={expireDays === c.value} onChange={() => setExpireDays(c.value)} />
              {c.label}
            </label>
          ))}
        </div>
      </fieldset>
    </SecurityFormDialog>
  );
}

function ShownOnce({ token, onClose }: { token: string; onClose: () => void }) {
  const copy = async () => {
    if (await copyText(token)) toast.success('令牌已复制');
    else toast.error('复制失败，请手动选中令牌复制');
  };
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title="令牌已创建"
      description="请立即复制并妥善保存"
      width={520}
      footer={
        <Button variant="primary" onClick={onClose}>
          我已保存
        </Button>
      }
    >
      <div className={styles.form}>
        <div className={styles.tokenBox}>
          <code data-testid="api-token-value">{token}</code>
          <Button size="sm" onClick={() => void copy()}>
            <Copy size={14} aria-hidden />
            复制
          </Button>
        </div>
        <p className={styles.warning} role="note">
          <TriangleAlert size={16} aria-hidden />
          令牌只显示这一次，关闭后将无法再次查看。如果遗失，请删除后重新创建。
        </p>
      </div>
    </Dialog>
  );
}
