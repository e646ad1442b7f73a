import type { TSheetBooking } from '../../../schemas/api/write';
import { APPOINTMENT_MESSAGES, type TConcreteSlot, type TSchedule } from '../../../schemas/appointment/schedule';
import { QUESTION_TYPE } from '../../../schemas/project-kinds';
import { own } from '../../../schemas/subjects/base';
import type { TSubject } from '../../../schemas/subjects/registry';
import { SUBJECT_TYPE } from '../../../schemas/subjects/subject-types';
import { isScheduledAnswer, type TAppointmentAnswer } from '../../../schemas/subjects/types/appointment';
import type { TRefusalReason } from '../../../schemas/refusals';
import type { Query } from '../../db/client';
import type { AppointmentBookingRow } from '../../db/rows';
import { badInput, conflict } from '../errors';
import { hmac } from '../crypto';
import type { Deps } from '../deps';
import { checkChoice, insertBooking, keyOf } from './appointment-book.service';
import { bookingView, readSchedule, waitPositionOf } from './appointment-project.service';
import type { SlotKey, SlotTaker } from './appointment-seat.service';
import { col, defineSql } from '../../db/sql';

/**
 * The submit path of an appointment project with a schedule (issue 22): the sheet's subject 37 answer is a slot
 * (calendar, date, start, party size, waitlist accepted) booked in the sheet's own transaction with the same
 * conditional take as the book call. Everything that can be refused without the counter (closed date, past slot,
 * cut-off, window, party size) is refused before the sheet's statement runs.
 */
export interface SheetBookingPlan {
  subjectId: string;
  schedule: TSchedule;
  key: SlotKey;
  slot: TConcreteSlot;
  partySize: number;
  waitlist: boolean;
  name: string;
  phone: string;
  taker: SlotTaker;
}

export const SHEET_BOOKING_MESSAGES = {
  oneSlot: '每份预约只能选择一个时段',
  fullNoWaitlist: '该时段已约满，可选择加入候补或选择其他时段',
  editSlot: '预约时段不能在这里修改，请通过预约链接改约或取消',
} as const;

/** An edit of a scheduled project's sheet that changes its slot (the booking moves only by its own reschedule). */
export async function slotChangedOnEdit(
  query: Query,
  project: { id: number; questionType: number; subjects: readonly TSubject[] },
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): Promise<boolean> {
  const text = (answers: Readonly<Record<string, unknown>>) => JSON.stringify(scheduledAnswers(project.subjects, answers));
  if (text(before) === text(after)) return false;
  return (await hasSchedule(query, project.id, project.questionType)) !== null;
}

/** Whether the project books against a schedule (questionType 7 with one saved). */
export async function hasSchedule(query: Query, projectId: number, questionType: number): Promise<TSchedule | null> {
  if (questionType !== QUESTION_TYPE.appoint) return null;
  return (await readSchedule(query, projectId)).schedule;
}

const scheduledAnswers = (subjects: readonly TSubject[], answers: Readonly<Record<string, unknown>>) =>
  subjects.flatMap((s) => {
    if (s.subjectType !== SUBJECT_TYPE.appointment) return [];
    const a = own(answers, s.uuid) as TAppointmentAnswer | undefined | null;
    return a && typeof a === 'object' && typeof a.date === 'string' ? [{ subjectId: s.uuid, answer: a }] : [];
  });

/** The booker's name and phone as the sheet gives them: a 手机号 subject, and a text subject titled 姓名. */
function contactOf(subjects: readonly TSubject[], answers: Readonly<Record<string, unknown>>): { name: string; phone: string } {
  let name = '';
  let phone = '';
  for (const s of subjects) {
    const value = own(answers, s.uuid);
    if (typeof value !== 'string') continue;
    if (!phone && s.subjectType === SUBJECT_TYPE.mobile && /^1\d{10}$/.test(value.trim())) phone = value.trim();
    if (!name && s.subjectType === SUBJECT_TYPE.textInput && s.title.includes('姓名')) name = value.trim().slice(0, 30);
  }
  return { name, phone };
}

/**
 * The booking a new sheet makes, or null (no schedule, or the slot left unanswered). Refuses an answer that
 * names a calendar on a project without a schedule, more than one slot, and every slot the schedule refuses.
 */
export async function planSheetBooking(
  deps: Deps,
  project: { id: number; questionType: number },
  subjects: readonly TSubject[],
  answers: Readonly<Record<string, unknown>>,
): Promise<SheetBookingPlan | null> {
  const chosen = scheduledAnswers(subjects, answers);
  if (!chosen.length) return null;
  const schedule = await hasSchedule(deps.database.query, project.id, project.questionType);
  if (!schedule) {
    const named = chosen.find((c) => isScheduledAnswer(c.answer));
    if (named) throw badInput(APPOINTMENT_MESSAGES.noSchedule, `subjects.${named.subjectId}`);
    return null;
  }
  if (chosen.length > 1) throw badInput(SHEET_BOOKING_MESSAGES.oneSlot, `subjects.${chosen[1]!.subjectId}`);
  const { subjectId, answer } = chosen[0]!;
  const choice = { resourceKey: answer.resourceKey ?? '', date: answer.date, start: answer.start };
  const partySize = answer.partySize ?? 1;
  const slot = checkChoice(schedule, choice, partySize, deps.now());
  const key = keyOf(project.id, choice);
  const taker = await deps.appointmentSeat.prepare(deps.database.query, key);
  return { subjectId, schedule, key, slot, partySize, waitlist: answer.waitlist === true, ...contactOf(subjects, answers), taker };
}

/** A sheet's booking link token: derived from the sheet, so a retried submit answers with the same link. */
export const sheetBookingToken = (secret: string, sheetPublicId: string): string => hmac(secret, `appointment:${sheetPublicId}`).slice(0, 48);

const sheetBookingView = (row: AppointmentBookingRow, questionId: string, schedule: TSchedule, token: string, waitPosition: number): TSheetBooking => {
  const view = bookingView(row, questionId, schedule, waitPosition);
  return { ...view, token };
};

const bookForSheetSql = defineSql('appointment-sheet.bookForSheet', { id: col.int }, 'SELECT id FROM answer_sheets WHERE project_id = $1 AND public_id = $2');

/**
 * Take the planned slot inside the sheet's transaction, after its statement stored the sheet: a place, or a
 * waiting number when the respondent accepted the waitlist; a full slot without it refuses the whole sheet.
 */
export async function bookForSheet(
  query: Query,
  secret: string,
  plan: SheetBookingPlan,
  sheet: { publicId: string; questionId: string; userId: number | null },
  now: Date,
): Promise<TSheetBooking> {
  const seat = await plan.taker.take(query, plan.key, plan.slot.capacity, plan.partySize, now);
  if (!seat.admitted && !plan.waitlist) throw conflict(SHEET_BOOKING_MESSAGES.fullNoWaitlist, { reason: 'slotFull' satisfies TRefusalReason });
  const [stored] = await bookForSheetSql.run(query, [plan.key.projectId, sheet.publicId]);
  const token = sheetBookingToken(secret, sheet.publicId);
  const row = await insertBooking(query, {
    key: plan.key,
    slot: plan.slot,
    partySize: plan.partySize,
    admitted: seat.admitted,
    seq: seat.seq,
    token,
    userId: sheet.userId,
    sheetId: stored?.id ?? null,
    name: plan.name,
    phone: plan.phone,
    now,
  });
  return sheetBookingView(row, sheet.questionId, plan.schedule, token, await waitPositionOf(query, row));
}

/** The booking a stored sheet made (a retried submit is answered with it), or null. */
export async function bookingOfSheet(
  query: Query,
  secret: string,
  projectId: number,
  questionId: string,
  sheetPublicId: string,
): Promise<TSheetBooking | null> {
  const [row] = await query<AppointmentBookingRow>(
    `SELECT b.* FROM appointment_bookings b JOIN answer_sheets s ON s.id = b.answer_sheet_id WHERE s.project_id = $1 AND s.public_id = $2`,
    [projectId, sheetPublicId],
  );
  if (!row) return null;
  const { schedule } = await readSchedule(query, projectId);
  if (!schedule) return null;
  return sheetBookingView(row, questionId, schedule, sheetBookingToken(secret, sheetPublicId), await waitPositionOf(query, row));
}
