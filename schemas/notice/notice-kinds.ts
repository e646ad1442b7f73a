/**
 * Notices to a project's participants (issue 47 item 4), zod-free so the phone pages take the words without zod.
 * A channel is one way of reaching someone: a WeChat template message, a text, or the participant's page.
 */
export const NOTICE_KINDS = ['waitlist_promoted', 'order_ready_for_pickup', 'payment_received', 'booking_reminder', 'order_shipped'] as const;
export type TNoticeKind = (typeof NOTICE_KINDS)[number];

export const NOTICE_CHANNELS = ['wechat', 'sms', 'page'] as const;
export type TNoticeChannel = (typeof NOTICE_CHANNELS)[number];

/** pending: waiting for its send (sms) or the next visit (page); sending: claimed by a sender. */
export const NOTICE_OUTCOMES = ['pending', 'sending', 'sent', 'refused', 'no_quota', 'opted_out', 'shown'] as const;
export type TNoticeOutcome = (typeof NOTICE_OUTCOMES)[number];

export const NOTICE_KIND_WORDS: Record<TNoticeKind, string> = {
  waitlist_promoted: '候补转正',
  order_ready_for_pickup: '可以取货',
  payment_received: '收款成功',
  booking_reminder: '预约提醒',
  order_shipped: '订单发货',
};

export const NOTICE_CHANNEL_WORDS: Record<TNoticeChannel, string> = { wechat: '微信', sms: '短信', page: '页面' };

export const NOTICE_OUTCOME_WORDS: Record<TNoticeOutcome, string> = {
  pending: '待送达',
  sending: '发送中',
  sent: '已发送',
  refused: '短信服务商拒收',
  no_quota: '短信条数不足，未发送',
  opted_out: '对方已关闭通知',
  shown: '已在页面显示',
};

/** What the organiser's record says of an outcome, by channel where they differ (a refusal names WeChat's errcode). */
export function noticeOutcomeWords(channel: TNoticeChannel, outcome: TNoticeOutcome, errcode: number | null): string {
  if (channel === 'wechat' && outcome === 'refused') return errcode === null ? '未送达' : `未送达（微信错误码 ${errcode}）`;
  if (channel === 'wechat' && outcome === 'pending') return '待发送';
  return NOTICE_OUTCOME_WORDS[outcome];
}
