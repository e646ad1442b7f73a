import { useState } from 'react';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import { getChainMissing } from '../../api/chain';
import { copyText } from '../../ui/copy-text';
import { chainReminder } from './chain-reminder';
import styles from './chain-styles';

interface Props {
  questionId: string;
  /** The chain's deadline (ISO) for the reminder, or null. */
  deadline: string | null;
  /** The chain's public link, added under the reminder. */
  link: string;
}

/**
 * 谁还没接龙: paste the group's names, see who has not joined yet, copy a reminder to paste in the group. Nothing is
 * sent from here: a pasted name list has no phone numbers for the SMS provider (docs/decisions.md).
 */
export function ChainMissingCard({ questionId, deadline, link }: Props) {
  const [names, setNames] = useState('');
  const [result, setResult] = useState<{ expected: number; missing: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const reminder = result ? chainReminder(result.missing, deadline, new Date(), link) : '';
  return (
    <section className={styles.card} aria-label="谁还没接龙">
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
          setCopyFailed(false);
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
            <p className={styles.reminderLabel}>提醒文字</p>
            <textarea className={styles.reminder} readOnly value={reminder} aria-label="提醒文字" rows={3} onFocus={(e) => e.currentTarget.select()} />
            <Button
              size="sm"
              onClick={() =>
                void copyText(reminder).then((done) => {
                  setCopyFailed(!done);
                  if (done) toast.success('提醒文字已复制，发到群里即可');
                })
              }
            >
              复制提醒文字
            </Button>
            {copyFailed ? (
              <p className={styles.copyHint} role="alert">
                浏览器不允许自动复制，请长按或选中上面的提醒文字手动复制
              </p>
            ) : null}
          </div>
        ) : (
          <p className={styles.missing}>名单上的 {result.expected} 人都已接龙</p>
        )
      ) : null}
    </section>
  );
}
