import { z } from 'zod';
import { NOTICE_CHANNELS, NOTICE_KINDS, NOTICE_OUTCOMES } from '../notice/notice-kinds';
import { contract } from './contract';
import { ZQuestionId } from './question';

/**
 * Notices to a project's participants (issue 47 item 4; the spec names no such calls, so they are ours under
 * `activity/question/notice/`): the participant's page reads its notices (which marks them shown) and turns them
 * on or off; the organiser lists every notice of the project with its outcome.
 */
const N = 'activity/question/notice/';

const ZDeviceId = z
  .string()
  .min(8, '设备编号无效')
  .max(64, '设备编号无效')
  .regex(/^[\w-]+$/, '设备编号无效');

export const NOTICE_MESSAGES = { noParticipant: '请在参与的页面上操作（缺少设备编号）', badBooking: '预约链接无效或已失效' } as const;

/** A booking's private page is its participant's (`b:<booking>`, or the login it was booked with) by its token. */
const ZBookingToken = z.string().min(16, NOTICE_MESSAGES.badBooking).max(64, NOTICE_MESSAGES.badBooking);
/** wechatToken: on a 仅限微信授权参与 chain, the participant's identity token (they are `w:<openid>` there). */
export const ZMyNoticesRequest = z.object({
  questionId: ZQuestionId,
  deviceId: ZDeviceId.optional(),
  wechatToken: z.string().max(300).optional(),
  bookingToken: ZBookingToken.optional(),
});
export const ZPageNotice = z.object({ noticeId: z.number(), kind: z.enum(NOTICE_KINDS), text: z.string(), createTime: z.string() });
export type TPageNotice = z.infer<typeof ZPageNotice>;
/** `notices`: the page notices shown now (once each); `off`: the caller turned this project's notices off. */
export const ZMyNotices = z.object({ off: z.boolean(), notices: z.array(ZPageNotice) });
export type TMyNotices = z.infer<typeof ZMyNotices>;

export const ZNoticeOffRequest = ZMyNoticesRequest.extend({ off: z.boolean({ error: '请选择是否接收通知' }) });

export const ZNoticeListRequest = z.object({ questionId: ZQuestionId });
/** One notice as the organiser sees it: whom (name, phone masked), what, how and with what outcome. */
export const ZNoticeRecord = z.object({
  noticeId: z.number(),
  kind: z.enum(NOTICE_KINDS),
  recipientName: z.string(),
  phone: z.string(),
  channel: z.enum(NOTICE_CHANNELS),
  outcome: z.enum(NOTICE_OUTCOMES),
  /** WeChat's errcode when it refused the message (channel wechat), else null. */
  errcode: z.number().nullable(),
  text: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type TNoticeRecord = z.infer<typeof ZNoticeRecord>;
export const ZNoticeList = z.object({ notices: z.array(ZNoticeRecord) });
export type TNoticeList = z.infer<typeof ZNoticeList>;

export const noticeCalls = {
  getMyNotices: contract({
    path: `${N}getMyNotices`,
    summary: '参与者：我的通知（页面提示，读后标为已显示）',
    request: ZMyNoticesRequest,
    response: ZMyNotices,
    auth: 'optional',
  }),
  setNoticeOff: contract({
    path: `${N}setNoticeOff`,
    summary: '参与者：关闭或打开本项目的通知',
    request: ZNoticeOffRequest,
    response: ZMyNotices.pick({ off: true }),
    auth: 'optional',
  }),
  getNoticeList: contract({
    path: `${N}getNoticeList`,
    summary: '组织者：通知记录（每条通知的渠道与结果）',
    request: ZNoticeListRequest,
    response: ZNoticeList,
    auth: 'required',
  }),
};
