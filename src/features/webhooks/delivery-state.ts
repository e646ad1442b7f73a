import type { TDeliveryItem } from '../../../schemas/api/webhooks';
import { WEBHOOK_EVENT_LABELS, type TWebhookDeliveryEvent } from '../../../schemas/webhooks/events';
import type { TPillTone } from '../../ui/status-pill';

/** A delivery's state as the log shows it: a queued delivery already tried once is 重试中. */
export function deliveryBadge(d: Pick<TDeliveryItem, 'state' | 'attempts'>): { label: string; tone: TPillTone } {
  if (d.state === 'done') return { label: '成功', tone: 'success' };
  if (d.state === 'failed') return { label: '失败', tone: 'danger' };
  if (d.state === 'sending' || d.attempts > 0) return { label: '重试中', tone: 'warning' };
  return { label: '排队中', tone: 'neutral' };
}

export const eventLabel = (event: string) => WEBHOOK_EVENT_LABELS[event as TWebhookDeliveryEvent] ?? event;

export const DELIVERY_FILTERS = [
  { value: '', label: '全部状态' },
  { value: 'done', label: '成功' },
  { value: 'failed', label: '失败' },
  { value: 'sending', label: '重试中' },
  { value: 'queued', label: '排队中' },
] as const;
