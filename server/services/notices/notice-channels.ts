import type { TNoticeChannel, TNoticeKind } from '../../../schemas/notice/notice-kinds';

/** Who a notice is for, as the event that causes it knows them. */
export interface NoticeRecipient {
  /** `u:<user id>` or `d:<device key>`: whose page shows it and whose switch turns it off. */
  participant: string;
  name: string;
  /** The phone they left, '' for none. */
  phone: string;
  /** The brand they used (signs the text). */
  brand: string;
}

/**
 * A way of reaching someone. The first channel that reaches the recipient carries the notice: SMS where a phone
 * was left, else the participant's page at the next visit. WeChat template messages join as one more entry at the
 * head of this list (reaching a recipient with an openid of the bound account) once WeChat identity exists; the
 * notices table then takes 'wechat' in its channel CHECK.
 */
export interface NoticeChannel {
  name: TNoticeChannel;
  reaches(recipient: NoticeRecipient): boolean;
}

export const NOTICE_CHANNEL_ORDER: readonly NoticeChannel[] = [
  { name: 'sms', reaches: (r) => r.phone !== '' },
  { name: 'page', reaches: () => true },
];

export const channelFor = (recipient: NoticeRecipient): TNoticeChannel => NOTICE_CHANNEL_ORDER.find((c) => c.reaches(recipient))!.name;

/** What the owner's message calls a text that could not go (短信条数不足：「项目」的<what>短信未发送). */
export const NOTICE_SMS_WHAT: Record<TNoticeKind, string> = {
  waitlist_promoted: '候补转正通知',
  order_ready_for_pickup: '取货通知',
  payment_received: '收款通知',
  booking_reminder: '预约提醒',
};
