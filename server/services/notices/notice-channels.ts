import type { TNoticeChannel, TNoticeKind } from '../../../schemas/notice/notice-kinds';

/** Who a notice is for, as the event that causes it knows them. */
export interface NoticeRecipient {
  /**
   * `u:<user id>`, `d:<device key>`, `b:<booking>` or `w:<openid>` (a WeChat user of the bound official account):
   * whose page shows it and whose switch turns it off.
   */
  participant: string;
  /** For `w:<openid>`: the official account the openid belongs to, when the event knows it (else the owner's latest). */
  wechatAppid?: string;
  name: string;
  /** The phone they left, '' for none. */
  phone: string;
  /** The brand they used (signs the text). */
  brand: string;
}

/** What the project's side offers: the owner's bound official account with a template for the notice's kind, if any. */
export interface NoticeSenders {
  wechatAuthId: number | null;
}

/** The openid of a participant known by WeChat (`w:<openid>`), else null. */
export const openidOf = (participant: string): string | null => (participant.startsWith('w:') && participant.length > 2 ? participant.slice(2) : null);

/**
 * A way of reaching someone. The first channel that reaches the recipient carries the notice: a WeChat template
 * message where the participant is a WeChat user (`w:<openid>`) and the owner's official account has a template
 * for the kind, else SMS where a phone was left, else the participant's page at the next visit.
 */
export interface NoticeChannel {
  name: TNoticeChannel;
  reaches(recipient: NoticeRecipient, senders: NoticeSenders): boolean;
}

export const NOTICE_CHANNEL_ORDER: readonly NoticeChannel[] = [
  { name: 'wechat', reaches: (r, s) => openidOf(r.participant) !== null && s.wechatAuthId !== null },
  { name: 'sms', reaches: (r) => r.phone !== '' },
  { name: 'page', reaches: () => true },
];

export const channelFor = (recipient: NoticeRecipient, senders: NoticeSenders): TNoticeChannel =>
  NOTICE_CHANNEL_ORDER.find((c) => c.reaches(recipient, senders))!.name;

/** What the owner's message calls a text that could not go (短信条数不足：「项目」的<what>短信未发送). */
export const NOTICE_SMS_WHAT: Record<TNoticeKind, string> = {
  waitlist_promoted: '候补转正通知',
  order_ready_for_pickup: '取货通知',
  payment_received: '收款通知',
  booking_reminder: '预约提醒',
  order_shipped: '发货通知',
};
