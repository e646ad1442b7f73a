/**
 * The events a project's webhook can receive (issue 53 item 3), as data: the event name sent in the payload's `type`
 * and the `Wenjuan-Event` header, what the settings screen calls it, and which project kinds produce it (a vote's
 * ballots, an order of a payment-collection or group-buy page, a booking of an appointment page; every kind accepts
 * sheets). `ping` is the test delivery sent from the settings screen, never subscribed to.
 */
export const WEBHOOK_EVENTS = ['sheet.accepted', 'order.paid', 'booking.created', 'ballot.cast'] as const;
export type TWebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export type TWebhookDeliveryEvent = TWebhookEvent | 'ping';

export const WEBHOOK_EVENT_LABELS: Record<TWebhookDeliveryEvent, string> = {
  'sheet.accepted': '收到答卷',
  'order.paid': '订单支付成功',
  'booking.created': '新预约',
  'ballot.cast': '新投票',
  ping: '测试推送',
};

/** How a delivery is signed (Stripe's scheme): HMAC-SHA256 with the webhook's secret over `${timestamp}.${body}`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Wenjuan-Signature';
export const WEBHOOK_EVENT_HEADER = 'Wenjuan-Event';
export const WEBHOOK_DELIVERY_HEADER = 'Wenjuan-Delivery';
/** A receiver should refuse a signature whose timestamp is further than this from its clock. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const WEBHOOK_LIMITS = {
  perProject: 5,
  urlMax: 500,
  /** Attempts of one delivery before it is failed for good (the first one included). */
  maxAttempts: 6,
  /** Deliveries failed for good in a row after which the webhook is disabled. */
  disableAfterFailures: 5,
  /** A receiver must answer within this. */
  timeoutMs: 10_000,
} as const;
