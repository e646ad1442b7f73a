import { QUERY_MAX_SHEETS, type TQueriedSheet } from '../../../schemas/api/result-query';
import type { TSubmitResult } from '../../../schemas/api/write';
import { BOOKING_STATE_NAMES, type TBookingState } from '../../../schemas/appointment/booking-states';
import { ORDER_STATE_NAMES, type TOrderState } from '../../../schemas/order/order-states';
import { QUESTION_TYPE, SOLITAIRE_TYPE } from '../../../schemas/project-kinds';
import { shapeOf } from '../../../schemas/groupbuy/shape';
import { plainTitle } from '../../../schemas/result-query';
import { displayIndexes } from '../../../schemas/subjects/numbering';
import { formatAnswer } from '../../../schemas/subjects/registry';
import { isNumberedSubjectType } from '../../../schemas/subjects/subject-types';
import type { Query } from '../../db/client';
import { col, defineSql, type SqlRow } from '../../db/sql';
import { readSchedule } from '../appointment/appointment-project.service';
import { itemsOf, pointOf, type GroupBuyOrderRow } from '../groupbuy/groupbuy-orders.service';
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
  { date: col.text, slot_start: col.text, slot_end: col.text, resource_key: col.text, party_size: col.int, state: col.text.as<TBookingState>() },
  `SELECT to_char(slot_date, 'YYYY-MM-DD') AS date, slot_start, slot_end, resource_key, party_size, state FROM appointment_bookings WHERE answer_sheet_id = $1`,
);
/** The order, its lines as one text, and its 序号 among the project's orders (what a group-buy organiser's list shows). */
const orderSql = defineSql(
  'result-query.order',
  { order_no: col.text, amount_fen: col.int, state: col.text.as<TOrderState>(), seq: col.int, lines: col.json.as<GroupBuyOrderRow['lines']>() },
  `SELECT o.order_no, o.amount_fen, o.state,
          (SELECT count(*)::int FROM orders p WHERE p.project_id = o.project_id AND p.id <= o.id) AS seq,
          coalesce((SELECT json_agg(json_build_object('productId', l.product_id, 'title', l.title, 'spec', l.spec, 'quantity', l.quantity, 'amountFen', l.amount_fen) ORDER BY l.id)
                    FROM order_lines l WHERE l.order_id = o.id), '[]') AS lines
     FROM orders o WHERE o.sheet_id = $1`,
);

/** The sheet's own answers, numbered as the respondent saw them. */
function answersOf(subjects: QueryTarget['subjects'], answers: Record<string, unknown>): TQueriedSheet['answers'] {
  const indexes = displayIndexes(subjects);
  return subjects
    .filter((s) => isNumberedSubjectType(s.subjectType) && Object.hasOwn(answers, s.uuid))
    .map((s) => ({ index: indexes.get(s.uuid) ?? null, title: plainTitle(s.title), text: formatAnswer(s, answers[s.uuid]) }));
}

/** The booked resource's name ('' on a shared calendar or once the resource is gone from the schedule). */
async function resourceName(query: Query, projectId: number, key: string): Promise<string> {
  if (!key) return '';
  const { schedule } = await readSchedule(query, projectId);
  return schedule?.resources.find((r) => r.key === key)?.name ?? '';
}

async function bookingOf(query: Query, projectId: number, sheetId: number): Promise<TQueriedSheet['booking']> {
  const [booking] = await bookingSql.run(query, [sheetId]);
  if (!booking) return null;
  const item = await resourceName(query, projectId, booking.resource_key);
  return {
    date: booking.date,
    start: booking.slot_start,
    end: booking.slot_end,
    item,
    partySize: booking.party_size,
    stateName: BOOKING_STATE_NAMES[booking.state],
  };
}

/** The order the sheet made; a group-buy's also with its 自提点 (as the sheet chose it) and 序号. */
async function orderOf(query: Query, target: QueryTarget, sheet: QueriedSheetRow): Promise<TQueriedSheet['order']> {
  const [order] = await orderSql.run(query, [sheet.id]);
  if (!order) return null;
  const { project, subjects } = target;
  const groupBuy = project.question_type === QUESTION_TYPE.solitaire && project.solitaire_type === SOLITAIRE_TYPE.groupBuy;
  const point = groupBuy ? pointOf(sheet, shapeOf(subjects)) : '';
  return {
    orderNo: order.order_no,
    items: itemsOf(order),
    amountFen: order.amount_fen,
    stateName: ORDER_STATE_NAMES[order.state],
    point,
    pickupNo: groupBuy ? order.seq : null,
  };
}

/** What one sheet shows its respondent: the score as the exam shows it, a chain place, a booking, an order, the answers. */
export async function sheetView(query: Query, target: QueryTarget, sheet: QueriedSheetRow): Promise<TQueriedSheet> {
  const { project, settings, subjects } = target;
  const exam = project.question_type === QUESTION_TYPE.exam;
  const score = exam && settings.showScore && sheet.result.score ? { total: sheet.result.score.total, max: sheet.result.score.max } : null;
  // A sheet chain numbers its sheets; a group-buy's number is its order's 序号 (pickupNo).
  const sheetChain = project.question_type === QUESTION_TYPE.solitaire && project.solitaire_type !== SOLITAIRE_TYPE.groupBuy;
  const place = sheetChain ? ((await placeSql.run(query, [project.id, sheet.id]))[0]?.place ?? null) : null;
  return {
    submitTime: sheet.created_at.toISOString(),
    score,
    place,
    entry: null,
    booking: await bookingOf(query, project.id, sheet.id),
    order: await orderOf(query, target, sheet),
    answers: settings.queryShowAnswers ? answersOf(subjects, sheet.answers) : null,
  };
}
