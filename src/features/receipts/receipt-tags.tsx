import { RECEIPT_FILTERS, RECEIPT_STATE_NAMES, type TReceiptFilter, type TReceiptMessage, type TReceiptState } from '../../../schemas/api/receipts';
import { StatusPill, type TPillTone } from '../../ui/status-pill';

const TONES: Record<TReceiptState, TPillTone> = {
  sending: 'primary',
  sent: 'primary',
  delivered: 'success',
  failed: 'danger',
  refused: 'warning',
  skipped: 'muted',
  optedOut: 'neutral',
};

/** A contact's last-message state as a tag (已发送, 已送达, 发送失败, 已退订 …). */
export function ReceiptTag({ state }: { state: TReceiptState }) {
  return <StatusPill tone={TONES[state]}>{RECEIPT_STATE_NAMES[state]}</StatusPill>;
}

const MESSAGE_NAMES: Record<TReceiptMessage['state'], [string, TPillTone]> = {
  queued: ['排队中', 'primary'],
  sending: ['发送中', 'primary'],
  sent: ['已发送', 'primary'],
  delivered: ['已送达', 'success'],
  failed: ['发送失败', 'danger'],
  refused: ['未发送', 'warning'],
  skipped: ['已跳过', 'muted'],
};

/** One message's own state (the history on /SMSReceiptRecord.html). */
export function MessageTag({ state }: { state: TReceiptMessage['state'] }) {
  const [label, tone] = MESSAGE_NAMES[state];
  return <StatusPill tone={tone}>{label}</StatusPill>;
}

export const CHANNEL_NAMES = { sms: '短信', email: '邮件' } as const;

/** The receipt list's filter tabs. */
const FILTER_NAMES: Record<TReceiptFilter, string> = {
  all: '全部',
  sending: '发送中',
  sent: '已发送',
  delivered: '已送达',
  failed: '发送失败',
  refused: '未发送',
  skipped: '已跳过',
  optedOut: '已退订',
  opened: '已打开',
  answered: '已作答',
  unanswered: '未作答',
};
const SHOWN: TReceiptFilter[] = ['all', 'sent', 'delivered', 'failed', 'optedOut', 'opened', 'answered', 'unanswered'];
export const FILTER_TABS = RECEIPT_FILTERS.filter((value) => SHOWN.includes(value)).map((value) => ({ value, label: FILTER_NAMES[value] }));
