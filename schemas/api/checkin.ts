import { z } from 'zod';
import { CHECKIN_KINDS, CONTENT_MODES, isDay } from '../checkin/days';
import { CHECKIN_LIMITS } from '../checkin/limits';
import { contract } from './contract';
import { ZExportJob } from './export-jobs';
import { ZQuestionId } from './question';
import { ZWechatAuthSetting, ZWechatTokenField } from './component';

/**
 * Daily check-ins (打卡接龙, solitaireType 1, issue 20 item 2), under `activity/question/solitaire/` as the
 * sign-up chain's calls are (docs/decisions.md). The public calls name the participant by the login when there is
 * one, else by the page's device key; the creator's calls need a power on the project.
 */
const S = 'activity/question/solitaire/';

export { CHECKIN_LIMITS };

export const ZDeviceId = z
  .string()
  .min(8, '设备编号无效')
  .max(64, '设备编号无效')
  .regex(/^[\w-]+$/, '设备编号无效');
const ZDay = z.string().refine(isDay, '日期格式应为 YYYY-MM-DD');
const ZClock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, '时间格式应为 HH:MM');
const ZMode = z.enum(CONTENT_MODES);

/** The creator's settings of a check-in. Days and times are Asia/Shanghai; weekdays 1 Monday … 7 Sunday. */
export const ZCheckInSettings = z.object({
  startDay: ZDay.nullable(),
  endDay: ZDay.nullable(),
  weekdays: z.array(z.number().int().min(1).max(7)).min(1, '至少选择一个打卡日').max(7),
  windowStart: ZClock,
  windowEnd: ZClock,
  lateAfter: ZClock.nullable(),
  textMode: ZMode,
  photoMode: ZMode,
  numberMode: ZMode,
  numberLabel: z.string().trim().max(CHECKIN_LIMITS.labelLength, `数值名称不能超过${CHECKIN_LIMITS.labelLength}个字`),
  numberUnit: z.string().trim().max(CHECKIN_LIMITS.unitLength, `单位不能超过${CHECKIN_LIMITS.unitLength}个字`),
  /** 0: no make-ups; otherwise how many days back a missed day may be made up. */
  makeupDays: z.number().int('补卡天数须为整数').min(0).max(CHECKIN_LIMITS.makeupDays, `最多允许补${CHECKIN_LIMITS.makeupDays}天内的卡`),
});
export type TCheckInSettings = z.infer<typeof ZCheckInSettings>;

export const ZCheckInRecord = z.object({
  recordId: z.string(),
  day: z.string(),
  name: z.string(),
  text: z.string(),
  photos: z.array(z.string()),
  amount: z.number().nullable(),
  kind: z.enum(CHECKIN_KINDS),
  time: z.string(),
});
export type TCheckInRecord = z.infer<typeof ZCheckInRecord>;

export const ZStreaks = z.object({ current: z.number(), longest: z.number(), total: z.number() });
export const ZRankRow = ZStreaks.extend({ name: z.string(), mine: z.boolean() });
export type TRankRow = z.infer<typeof ZRankRow>;

export const ZCheckInView = z.object({
  questionId: z.string(),
  title: z.string(),
  description: z.string(),
  /** 1 collecting; 0 not published or paused. */
  status: z.number(),
  settings: ZCheckInSettings,
  /** Today in Asia/Shanghai and the server's clock (pages compute the day's state against it). */
  today: z.string(),
  serverTime: z.string(),
  /** The caller's name of their last check-in (to fill the form), their check-ins and streaks. */
  myName: z.string(),
  mine: z.array(ZCheckInRecord),
  streaks: ZStreaks,
  /** Today's check-ins, newest first. */
  board: z.array(ZCheckInRecord),
  /** Participants by current streak, then longest, then total. */
  ranking: z.array(ZRankRow),
  participants: z.number(),
  /** The live feed's position when this view was read (the page's feed starts after it). */
  lastEventId: z.number(),
  /** 仅限微信授权参与 (issue 47 item 1): the owner's official account participants authorise through, null when off. */
  wechatAuthId: z.number().nullable(),
});
export type TCheckInView = z.infer<typeof ZCheckInView>;

/** One event of a check-in's live feed (shared with the other 接龙 kinds): someone checked in for `day`. */
export const ZCheckInEvent = z.object({ id: z.number(), kind: z.literal('checkin'), day: z.string() });
export type TCheckInEvent = z.infer<typeof ZCheckInEvent>;

export const ZDayRate = z.object({ day: z.string(), done: z.number(), expected: z.number(), rate: z.number() });
export const ZCheckInManageView = z.object({
  questionId: z.string(),
  title: z.string(),
  status: z.number(),
  settings: ZCheckInSettings,
  powerType: z.number(),
  today: z.string(),
  serverTime: z.string(),
  participants: z.number(),
  /** Each check-in day from the first check-in (or the start) until today: who checked in of those who had joined by then. */
  rates: z.array(ZDayRate),
  /** Whether today is a check-in day, and who of the participants has not checked in today. */
  todayIsCheckInDay: z.boolean(),
  missedToday: z.array(z.string()),
  /** The newest check-ins (at most 500), newest first. */
  records: z.array(ZCheckInRecord),
  ranking: z.array(ZRankRow),
  /** 仅限微信授权参与: the owner's official account, null when off. */
  wechatAuthId: z.number().nullable(),
});
export type TCheckInManageView = z.infer<typeof ZCheckInManageView>;

export const ZGetCheckInRequest = z.object({ questionId: ZQuestionId, deviceId: ZDeviceId.optional(), wechatToken: ZWechatTokenField });
export const ZCheckInRequest = z.object({
  questionId: ZQuestionId,
  deviceId: ZDeviceId,
  name: z.string({ error: '请填写姓名' }).trim().min(1, '请填写姓名').max(CHECKIN_LIMITS.nameLength, `姓名不能超过${CHECKIN_LIMITS.nameLength}个字`),
  text: z.string().trim().max(CHECKIN_LIMITS.textLength, `打卡内容不能超过${CHECKIN_LIMITS.textLength}个字`).default(''),
  photos: z
    .array(z.string().regex(/^\/uploads\/[\w.-]+$/, '照片地址无效'))
    .max(CHECKIN_LIMITS.photos, `最多上传${CHECKIN_LIMITS.photos}张照片`)
    .default([]),
  amount: z.number().int('数值须为整数').min(0, '数值不能为负数').max(CHECKIN_LIMITS.amountMax, '数值过大').nullable().default(null),
  /** A past day to make up; absent: today. */
  day: ZDay.optional(),
  /** 仅限微信授权参与: the identity token of the check-in's official account (the participant is `w:<openid>`). */
  wechatToken: ZWechatTokenField,
});
export const ZCheckInResult = z.object({ record: ZCheckInRecord, streaks: ZStreaks });
export const ZCheckInManageRequest = z.object({ questionId: ZQuestionId });
/** The settings, and 仅限微信授权参与 (sent only when changed: a cancelled binding must not refuse saving the rest). */
export const ZSaveCheckInSettingsRequest = ZCheckInSettings.partial().extend({ questionId: ZQuestionId, wechatAuthId: ZWechatAuthSetting.optional() });

/** Refusal messages the screens and tests share. */
export const CHECKIN_MESSAGES = {
  notCheckIn: '该项目不是打卡接龙',
  notCollecting: '打卡尚未发布或已暂停',
  photoOff: '本打卡不需要照片',
  photoNotOwn: '照片需在打卡页上传后再提交',
  notStarted: '打卡还没开始',
  ended: '打卡已结束，不能再打卡',
  notToday: '今天不是打卡日',
  beforeWindow: '还没到今天的打卡时间',
  afterWindow: '今天的打卡时间已过',
  twice: '今天已经打过卡了，明天再来吧',
  makeupOff: '该打卡不允许补卡',
  notPast: '只能给今天以前的日子补卡',
  tooOld: '超出可补卡的天数',
  notCheckInDay: '这一天不是打卡日，不用补卡',
  makeupTwice: '这一天已经打过卡了',
  textRequired: '请填写打卡内容',
  photoRequired: '请上传至少一张照片',
  numberRequired: '请填写数值',
  windowOrder: '打卡结束时间须晚于开始时间',
  lateOutside: '迟到时间须在打卡时间段内',
  periodOrder: '结束日期不能早于开始日期',
  startNeeded: '打卡进行中，开始日期不能清空',
  wechatRequired: '本打卡仅限微信授权参与，请在微信中打开本页',
} as const;

export const checkInCalls = {
  getCheckIn: contract({ path: `${S}getCheckIn`, summary: '打卡接龙：打卡页', request: ZGetCheckInRequest, response: ZCheckInView, auth: 'optional' }),
  checkIn: contract({
    path: `${S}checkIn`,
    summary: '打卡接龙：打卡或补卡',
    request: ZCheckInRequest,
    response: ZCheckInResult,
    auth: 'optional',
    okMessage: '打卡成功',
  }),
  getCheckInManage: contract({
    path: `${S}getCheckInManage`,
    summary: '打卡接龙：完成率与打卡记录',
    request: ZCheckInManageRequest,
    response: ZCheckInManageView,
    auth: 'required',
  }),
  saveCheckInSetting: contract({
    path: `${S}saveCheckInSetting`,
    summary: '打卡接龙：设置',
    request: ZSaveCheckInSettingsRequest,
    response: ZCheckInSettings,
    auth: 'required',
  }),
  exportCheckInList: contract({
    path: `${S}exportCheckInList`,
    summary: '打卡接龙：导出打卡记录与成员统计（Excel，我的下载）',
    request: ZCheckInManageRequest,
    response: ZExportJob,
    auth: 'required',
    okMessage: '已加入导出队列，可在“我的下载”查看进度',
  }),
};
