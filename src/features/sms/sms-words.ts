import type { TPillTone } from '../../ui/status-pill';

/** What the SMS screens call a message's and a send's states. */
export const MESSAGE_STATES: Record<string, { label: string; tone: TPillTone }> = {
  queued: { label: '待发送', tone: 'neutral' },
  sending: { label: '发送中', tone: 'primary' },
  sent: { label: '已发送', tone: 'primary' },
  delivered: { label: '已送达', tone: 'success' },
  failed: { label: '发送失败', tone: 'danger' },
  refused: { label: '条数不足', tone: 'warning' },
  skipped: { label: '未发送', tone: 'muted' },
};
export const SEND_STATES: Record<string, { label: string; tone: TPillTone }> = {
  scheduled: { label: '定时发送', tone: 'warning' },
  sending: { label: '发送中', tone: 'primary' },
  done: { label: '已完成', tone: 'success' },
  cancelled: { label: '已取消', tone: 'muted' },
};
export const SIGN_TONES = { reviewing: 'warning', approved: 'success', rejected: 'danger' } as const;
