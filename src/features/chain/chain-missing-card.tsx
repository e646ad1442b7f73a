import { useState } from 'react';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import { getChainMissing } from '../../api/chain';
import styles from './chain.module.css';

/** 未接龙名单: paste the group's names, see who has not joined yet, copy a reminder for the group. */
export function ChainMissingCard({ questionId }: { questionId: string }) {
  const [names, setNames] = useState('');
  const [result, setResult] = useState<{ expected: number; missing: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const reminder = result && result.missing.length ? `还没接龙：${result.missing.join('、')}，请尽快接龙～` : '';
  return (
    <section className={styles.card} aria-label="未接龙名单">
      <h2 className={styles.cardTitle}>谁还没接龙</h2>
      <textarea
        className={styles.textarea}
        value={names}
        onChange={(e) => setNames(e.target.value)}
        placeholder={'粘贴群成员名单，每行一个，或用逗号、顿号分隔\n如：张三、李四、王五'}
        aria-label="应接龙名单"
      />
      <Button
        variant="soft"
        disabled={busy || !names.trim()}
        onClick={() => {
          setBusy(true);
          getChainMissing(questionId, names)
            .then(setResult)
            .catch((e: Error) => toast.error(e.message))
            .finally(() => setBusy(false));
        }}
      >
        查看未接龙
      </Button>
      {result ? (
        result.missing.length ? (
          <div className={styles.missing} data-testid="chain-missing">
            <p>
              名单 {result.expected} 人，还有 <strong>{result.missing.length}</strong> 人未接龙：
            </p>
            <p className={styles.missingNames}>{result.missing.join('、')}</p>
            <Button size="sm" onClick={() => void navigator.clipboard?.writeText(reminder).then(() => toast.success('提醒文字已复制，可直接发到群里'))}>
              复制提醒文字
            </Button>
          </div>
        ) : (
          <p className={styles.missing}>名单上的 {result.expected} 人都已接龙</p>
        )
      ) : null}
    </section>
  );
}
