import { useState } from 'react';
import { saveGroupBuySetting } from '../../api/groupbuy';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import styles from './chain-styles';
import { ChainWechatField } from './chain-wechat-field';

/**
 * 参与设置 of a group-buy (issue 47 item 1): 仅限微信授权参与 through one of the owner's authorised official accounts.
 * Buyers then order as their WeChat user (their orders on every browser, notices by the account's template messages).
 */
export function GroupBuyWechatCard({
  questionId,
  saved,
  canEdit,
  onSaved,
}: {
  questionId: string;
  saved: number | null;
  canEdit: boolean;
  onSaved: () => void;
}) {
  const [wechatAuthId, setWechatAuthId] = useState(saved);
  const [busy, setBusy] = useState(false);
  function save() {
    setBusy(true);
    saveGroupBuySetting(questionId, wechatAuthId)
      .then(() => (toast.success('设置已保存'), onSaved()))
      .catch((e: Error) => void toast.error(e.message))
      .finally(() => setBusy(false));
  }
  return (
    <section className={styles.card} aria-label="参与设置">
      <h2 className={styles.cardTitle}>参与设置</h2>
      <ChainWechatField value={wechatAuthId} disabled={!canEdit} onChange={setWechatAuthId} />
      {canEdit ? (
        <Button variant="primary" disabled={busy || wechatAuthId === saved} onClick={save}>
          保存设置
        </Button>
      ) : null}
    </section>
  );
}
