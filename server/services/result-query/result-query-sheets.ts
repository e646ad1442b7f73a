import { QUERY_MAX_SHEETS, type TQueriedSheet } from '../../../schemas/api/result-query';
import type { TSubmitResult } from '../../../schemas/api/write';
import { BOOKING_STATE_NAMES, type TBookingState } from '../../../schemas/appointment/booking-states';
import { ORDER_STATE_NAMES, type TOrderState } from '../../../schemas/order/order-states';
import { QUESTION_TYPE } from '../../../schemas/project-kinds';
import { plainTitle } from '../../../schemas/result-query';
import { displayIndexes } from '../../../schemas/subjects/numbering';
import { formatAnswer } from '../../../schemas/subjects/registry';
import { isNumberedSubjectType } from '../../../schemas/subjects/subject-types';
import type { Query } from '../../db/client';
import { col, defineSql, type SqlRow } from '../../db/sql';
import type { QueryTarget } from './query-target';

/**
 * The sheets whose key answers equal what the caller typed, newest first. Always two (subject, value) pairs: a
 * one-subject key repeats its pair, so there is one statement to check.
 */
const findSheetsSql = defineSql(
  'result-query.findSheets',
  { id: col.int, answers: col.json.as<Record<string, unknown>>(), result: col.json.as<TSubmitResult>(), created_at: col.timestamp },
  `SELECT id, answers, result, created_at FROM answer_sheets
     WHERE project_id = $1 AND status = 1 AND answers->>$2 = $3 AND answers->>$4 = $5
     ORDER BY id DESC LIMIT $6`,
);
export type QueriedSheetRow = SqlRow<typeof findSheetsSql>;

export function findSheets(query: Query, projectId: number, pairs: [string, string][]): Promise<QueriedSheetRow[]> {
  const [first, second = first] = pairs as [[string, string], [string, string]?];
  return findSheetsSql.run(query, [projectId, first[0], first[1], second[0], second[1], QUERY_MAX_SHEETS]);
}

const placeSql = defineSql(
  'result-query.place',
  { place: col.int },
  'SELECT count(*)::int AS place FROM answer_sheets WHERE project_id = $1 AND status = 1 AND id <= $2',
);
const bookingSql = defineSql(
  'result-query.booking',
  { date: col.text, slot_start: col.text, slot_end: col.text, state: col.text.as<TBookingState>() },
  `SELECT to_char(slot_date, 'YYYY-MM-DD') AS date, slot_start, slot_end, state FROM appointment_bookings WHERE answer_sheet_id = $1`,
);
const orderSql = defineSql(
  'result-query.order',
  { order_no: col.text, amount_fen: col.int, state: col.text.as<TOrderState>() },
  'SELECT order_no, amount_fen, state FROM orders WHERE sheet_id = $1',
);

/** The sheet's own answers, numbered as the respondent saw them. */
function answersOf(subjects: QueryTarget['subjects'], answers: Record<string, unknown>): TQueriedSheet['answers'] {
  const indexes = displayIndexes(subjects);
  return subjects
    .filter((s) => isNumberedSubjectType(s.subjectType) && Object.hasOwn(answers, s.uuid))
    .map((s) => ({ index: indexes.get(s.uuid) ?? null, title: plainTitle(s.title), text: formatAnswer(s, answers[s.uuid]) }));
}

/** What one sheet shows its respondent: the score as the exam shows it, a chain place, a booking, an order, the answers. */
export async function sheetView(query: Query, target: QueryTarget, sheet: QueriedSheetRow): Promise<TQueriedSheet> {
  const { project, settings, subjects } = target;
  const exam = project.question_type === QUESTION_TYPE.exam;
  const score = exam && settings.showScore && sheet.result.score ? { total: sheet.result.score.total, max: sheet.result.score.max } : null;
  const place = project.question_type === QUESTION_TYPE.solitaire ? ((await placeSql.run(query, [project.id, sheet.id]))[0]?.place ?? null) : null;
  const [booking] = await bookingSql.run(query, [sheet.id]);
  const [order] = await orderSql.run(query, [sheet.id]);
  return {
    submitTime: sheet.created_at.toISOString(),
    score,
    place,
    booking: booking ? { date: booking.date, start: booking.slot_start, end: booking.slot_end, stateName: BOOKING_STATE_NAMES[booking.state] } : null,
    order: order ? { orderNo: order.order_no, amountFen: order.amount_fen, stateName: ORDER_STATE_NAMES[order.state] } : null,
    answers: settings.queryShowAnswers ? answersOf(subjects, sheet.answers) : null,
  };
}
