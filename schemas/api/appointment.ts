import { z } from 'zod';
import { APPOINTMENT_LIMITS, ZDate, ZResourceKey, ZSchedule, ZTime } from '../appointment/schedule';
import { ZBooking, ZBookingState } from './appointment-booking';
import { contract, fileRoute } from './contract';
import { ZExportJob } from './export-jobs';
import { ZQuestionId } from './question';

/**
 * Appointments (预约, questionType 7, issue 22): spec §7 lists "appointments (settings, weeks, times)" among the
 * project-building calls without naming them, so they are `activity/question/appointment/<name>`
 * (docs/decisions.md). The respondent's calls (getWeeks, getTimes, book) need no login; a booking's own calls
 * (getBooking, cancel, reschedule) are authorised by its private token only; the creator's need a power on the
 * project (read to look, edit to change).
 */
const A = 'activity/question/appointment/';

const ZToken = z.string({ error: '缺少预约凭证' }).min(16, '预约链接无效或已失效').max(64, '预约链接无效或已失效');
const ZBookingId = z.string({ error: '缺少预约编号' }).min(1, '缺少预约编号').max(40);
const ZPartySize = z
  .number({ error: '请填写预约人数' })
  .int('人数须为整数')
  .min(1, '人数至少为1')
  .max(APPOINTMENT_LIMITS.maxPartySize, `每次预约最多${APPOINTMENT_LIMITS.maxPartySize}人`);
const ZReason = z.string().trim().max(100, '原因不能超过100个字');

export const ZSettingView = z.object({ schedule: ZSchedule.nullable(), version: z.number() });
export type TSettingView = z.infer<typeof ZSettingView>;

/** One slot with its places: `bookable` false gives the reason (closed, past, cut-off, too far ahead). */
export const ZTimeSlot = z.object({
  resourceKey: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  startsAt: z.string(),
  capacity: z.number(),
  taken: z.number(),
  remaining: z.number(),
  waiting: z.number(),
  bookable: z.boolean(),
  reason: z.string(),
});
export type TTimeSlot = z.infer<typeof ZTimeSlot>;

/** One date of the coming weeks: its slots' places summed (per resource when there are resources). */
export const ZWeekDay = z.object({ date: z.string(), weekday: z.number(), open: z.boolean(), slots: z.number(), capacity: z.number(), remaining: z.number() });
export const ZWeeksView = z.object({
  timeZone: z.string(),
  today: z.string(),
  partySizeMax: z.number(),
  resources: z.array(z.object({ key: z.string(), name: z.string() })),
  days: z.array(ZWeekDay),
});
export type TWeeksView = z.infer<typeof ZWeeksView>;

export { ZBooking, ZBookingState, type TBooking } from './appointment-booking';
/** The private link's page: the booking, its project's title and the party size the schedule allows. */
export const ZBookingPage = ZBooking.extend({ title: z.string(), partySizeMax: z.number() });
export type TBookingPage = z.infer<typeof ZBookingPage>;
/** The creator's view adds the phone and the cancel reason. */
export const ZManageBooking = ZBooking.extend({ phone: z.string(), reason: z.string() });
export type TManageBooking = z.infer<typeof ZManageBooking>;

const ZSlotChoice = { resourceKey: ZResourceKey.default(''), date: ZDate, start: ZTime };
export const ZQuestionRequest = z.object({ questionId: ZQuestionId });
export const ZSaveSettingRequest = z.object({ questionId: ZQuestionId, schedule: ZSchedule, version: z.number().int().min(0).max(2_147_483_647).optional() });
export const ZWeeksRequest = z.object({ questionId: ZQuestionId, from: ZDate.optional(), weeks: z.number().int().min(1).max(8).default(4) });
export const ZTimesRequest = z.object({ questionId: ZQuestionId, date: ZDate, resourceKey: ZResourceKey.optional() });
export const ZBookRequest = z.object({
  questionId: ZQuestionId,
  ...ZSlotChoice,
  partySize: ZPartySize.default(1),
  name: z.string().trim().max(30, '姓名不能超过30个字').default(''),
  phone: z
    .string()
    .trim()
    .regex(/^(1\d{10})?$/, '手机号格式不正确')
    .default(''),
});
export const ZBookResult = z.object({ booking: ZBooking, token: z.string() });
export const ZTokenRequest = z.object({ token: ZToken });
export const ZCancelRequest = z.object({ token: ZToken, reason: ZReason.default('') });
export const ZCancelResult = z.object({ booking: ZBooking, promoted: z.array(z.string()) });
export const ZRescheduleRequest = z.object({ token: ZToken, ...ZSlotChoice });
export const ZRescheduleResult = z.object({ booking: ZBooking, promoted: z.array(z.string()) });
export const ZBookingsRequest = z.object({ questionId: ZQuestionId, date: ZDate.optional(), state: ZBookingState.optional() });
export const ZBookingsResult = z.object({ list: z.array(ZManageBooking) });
export const ZMarkRequest = z.object({ questionId: ZQuestionId, bookingId: ZBookingId });
export const ZCreatorCancelRequest = z.object({
  questionId: ZQuestionId,
  bookingId: ZBookingId,
  reason: ZReason.pipe(z.string().min(1, '请填写取消原因')),
});
export const ZMoveRequest = z.object({ questionId: ZQuestionId, bookingId: ZBookingId, ...ZSlotChoice });

/** The booking as a calendar file (text/calendar), authorised by the private link's token. */
export const appointmentFileRoutes = {
  ics: fileRoute({ path: `${A}ics`, summary: '预约：日历文件（.ics）', query: ZTokenRequest, auth: 'optional', mediaType: 'text/calendar' }),
};

/** The statement's range (dates in the project's zone); absent: the schedule's whole range. */
export const ZStatementRequest = z
  .object({ questionId: ZQuestionId, from: ZDate.optional(), to: ZDate.optional() })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: '结束日期不能早于开始日期', path: ['to'] });
/** Counts of one group of bookings: by state, the people holding places, the places offered and the fill rate. */
export const ZStatementCounts = z.object({
  bookings: z.number(),
  booked: z.number(),
  checkedIn: z.number(),
  noShow: z.number(),
  cancelled: z.number(),
  waitlisted: z.number(),
  /** People (party sizes) of booked, checked-in and no-show bookings: the places taken. */
  people: z.number(),
  capacity: z.number(),
  /** people / capacity, 0–1 (may pass 1 when the creator lowered a capacity below the places taken); 0 without capacity. */
  fillRate: z.number(),
});
export type TStatementCounts = z.infer<typeof ZStatementCounts>;
export const ZAppointmentStatement = z.object({
  title: z.string(),
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  totals: ZStatementCounts,
  days: z.array(ZStatementCounts.extend({ date: z.string(), weekday: z.number() })),
  /** Per slot of the day (resource and start time), over the range. */
  slots: z.array(ZStatementCounts.extend({ resourceKey: z.string(), resourceName: z.string(), start: z.string(), end: z.string() })),
});
export type TAppointmentStatement = z.infer<typeof ZAppointmentStatement>;

export const appointmentCalls = {
  getSetting: contract({ path: `${A}getSetting`, summary: '预约：读取预约设置', request: ZQuestionRequest, response: ZSettingView, auth: 'required' }),
  saveSetting: contract({
    path: `${A}saveSetting`,
    summary: '预约：保存预约设置（每周时段、例外日期、预约窗口、资源）',
    request: ZSaveSettingRequest,
    response: ZSettingView,
    auth: 'required',
    okMessage: '保存成功',
  }),
  getWeeks: contract({ path: `${A}getWeeks`, summary: '预约：未来几周的可预约日期', request: ZWeeksRequest, response: ZWeeksView, auth: 'optional' }),
  getTimes: contract({
    path: `${A}getTimes`,
    summary: '预约：某天的时段与剩余名额',
    request: ZTimesRequest,
    response: z.object({ list: z.array(ZTimeSlot) }),
    auth: 'optional',
  }),
  book: contract({
    path: `${A}book`,
    summary: '预约：预约时段（约满进入候补）',
    request: ZBookRequest,
    response: ZBookResult,
    auth: 'optional',
    okMessage: '预约成功',
  }),
  getBooking: contract({ path: `${A}getBooking`, summary: '预约：凭私密链接查看预约', request: ZTokenRequest, response: ZBookingPage, auth: 'optional' }),
  cancel: contract({
    path: `${A}cancel`,
    summary: '预约：取消预约',
    request: ZCancelRequest,
    response: ZCancelResult,
    auth: 'optional',
    okMessage: '已取消预约',
  }),
  reschedule: contract({
    path: `${A}reschedule`,
    summary: '预约：改约到其他时段',
    request: ZRescheduleRequest,
    response: ZRescheduleResult,
    auth: 'optional',
    okMessage: '改约成功',
  }),
  getBookings: contract({
    path: `${A}getBookings`,
    summary: '预约：预约记录（发起人）',
    request: ZBookingsRequest,
    response: ZBookingsResult,
    auth: 'required',
  }),
  checkIn: contract({
    path: `${A}checkIn`,
    summary: '预约：签到（已到场）',
    request: ZMarkRequest,
    response: ZManageBooking,
    auth: 'required',
    okMessage: '已签到',
  }),
  cancelBooking: contract({
    path: `${A}cancelBooking`,
    summary: '预约：发起人取消预约（写明原因）',
    request: ZCreatorCancelRequest,
    response: ZCancelResult,
    auth: 'required',
    okMessage: '已取消预约',
  }),
  moveBooking: contract({
    path: `${A}moveBooking`,
    summary: '预约：发起人调整预约时段',
    request: ZMoveRequest,
    response: ZRescheduleResult,
    auth: 'required',
    okMessage: '已调整预约时段',
  }),
  markNoShow: contract({ path: `${A}markNoShow`, summary: '预约：标记未到场', request: ZMarkRequest, response: ZManageBooking, auth: 'required' }),
  getStatement: contract({
    path: `${A}getStatement`,
    summary: '预约：预约统计（预约、到场、爽约、取消与每个时段的满约率）',
    request: ZStatementRequest,
    response: ZAppointmentStatement,
    auth: 'required',
  }),
  exportBookings: contract({
    path: `${A}exportBookings`,
    summary: '预约：导出预约记录（Excel，在我的下载中下载）',
    request: ZQuestionRequest,
    response: ZExportJob,
    auth: 'required',
    okMessage: '已加入导出队列，可在“我的下载”查看进度',
  }),
};
