import type { TReceiptStatus } from '../../../schemas/api/receipts';
import styles from './receipts-styles';

const CARDS: { key: keyof TReceiptStatus; label: string; tone?: 'success' | 'danger' | 'muted' }[] = [
  { key: 'invited', label: '已邀请' },
  { key: 'sent', label: '已发送' },
  { key: 'delivered', label: '已送达', tone: 'success' },
  { key: 'failed', label: '发送失败', tone: 'danger' },
  { key: 'opened', label: '已打开' },
  { key: 'answered', label: '已作答', tone: 'success' },
  { key: 'unanswered', label: '未作答', tone: 'muted' },
  { key: 'optedOut', label: '已退订', tone: 'muted' },
];

/** The receipt counts as figures with their labels under them. */
export function ReceiptCards({ status }: { status: TReceiptStatus }) {
  return (
    <ul className={styles.cards} aria-label="回执统计">
      {CARDS.map((card) => (
        <li key={card.key} className={styles.stat} data-testid={`receipt-count-${card.key}`}>
          <strong className={card.tone ? styles[card.tone] : undefined}>{status[card.key]}</strong>
          <span>{card.label}</span>
        </li>
      ))}
    </ul>
  );
}
