import type { Query } from '../../db/client';
import type { AnswerSheetRow, OrderLineRow, OrderRow, ProjectRow } from '../../db/rows';
import { formatAnswer } from '../../../schemas/subjects/registry';
import { plainTitle, reportSubjects } from '../report/report-subjects';

/**
 * A delivery's payload as the receiver gets it (issue 53 item 3): `{ id, type, createdAt, project, data }`. The fact's
 * transaction queues only what the event is about ({ sheetId }, { orderNo } …, flagged `render`); the runner renders
 * the rest here once, at the first attempt, and keeps it, so every retry sends the same body and the submit path
 * formats nothing.
 */
export interface StoredPayload {
  render?: boolean;
  project?: Record<string, unknown>;
  data?: Record<string, unknown>;
  [key: string]: unknown;
}

type SheetRead = Pick<AnswerSheetRow, 'public_id' | 'answers' | 'score' | 'created_at'> & {
  result: { score?: { max?: number; subjects?: Record<string, { score: number }> } } | null;
};
type OrderRead = Pick<OrderRow, 'id' | 'order_no' | 'amount_fen' | 'paid_at' | 'provider' | 'contact'> & { sheet: string | null };

const yuan = (fen: number) => (fen / 100).toFixed(2);

async function sheetData(query: Query, projectId: number, seed: Record<string, unknown>) {
  const [sheet] = await query<SheetRead>('SELECT public_id, answers, result, score, created_at FROM answer_sheets WHERE project_id = $1 AND public_id = $2', [
    projectId,
    String(seed.sheetId),
  ]);
  if (!sheet) return seed;
  const scores = sheet.result?.score?.subjects ?? {};
  const answers = (await reportSubjects(query, projectId)).map(({ subject, index }) => ({
    subjectId: subject.uuid,
    index,
    title: plainTitle(subject.title),
    type: subject.subjectType,
    text: formatAnswer(subject, sheet.answers[subject.uuid]),
    value: sheet.answers[subject.uuid] ?? null,
    ...(scores[subject.uuid] ? { score: scores[subject.uuid]!.score } : {}),
  }));
  return {
    sheetId: sheet.public_id,
    submitTime: new Date(sheet.created_at).toISOString(),
    answers,
    ...(sheet.score === null ? {} : { score: sheet.score, maxScore: sheet.result?.score?.max ?? null }),
  };
}

async function orderData(query: Query, projectId: number, seed: Record<string, unknown>) {
  const [order] = await query<OrderRead>(
    `SELECT o.id, o.order_no, o.amount_fen, o.paid_at, o.provider, o.contact, a.public_id AS sheet
     FROM orders o LEFT JOIN answer_sheets a ON a.id = o.sheet_id WHERE o.project_id = $1 AND o.order_no = $2`,
    [projectId, String(seed.orderNo)],
  );
  if (!order) return seed;
  const lines = await query<Pick<OrderLineRow, 'title' | 'spec' | 'price_fen' | 'quantity' | 'amount_fen'>>(
    'SELECT title, spec, price_fen, quantity, amount_fen FROM order_lines WHERE order_id = $1 ORDER BY id',
    [order.id],
  );
  return {
    orderNo: order.order_no,
    sheetId: order.sheet,
    amountFen: order.amount_fen,
    amountYuan: yuan(order.amount_fen),
    paidAt: order.paid_at ? new Date(order.paid_at).toISOString() : null,
    payWay: order.provider,
    lines: lines.map((l) => ({
      title: l.title,
      spec: l.spec,
      priceFen: l.price_fen,
      quantity: l.quantity,
      amountFen: l.amount_fen,
      amountYuan: yuan(l.amount_fen),
    })),
    // The buyer's contact only where the project collects it (the order's contact fields).
    ...(order.contact.length ? { contact: order.contact } : {}),
  };
}

/** The payload to send: rendered now when it was queued as a seed. */
export async function renderPayload(
  query: Query,
  projectId: number,
  event: string,
  stored: StoredPayload,
): Promise<{ payload: StoredPayload; changed: boolean }> {
  if (!stored.render) return { payload: stored, changed: false };
  const [project] = await query<Pick<ProjectRow, 'public_id' | 'title' | 'question_type'>>(
    'SELECT public_id, title, question_type FROM projects WHERE id = $1',
    [projectId],
  );
  const seed = stored.data ?? {};
  const data = event === 'sheet.accepted' ? await sheetData(query, projectId, seed) : event === 'order.paid' ? await orderData(query, projectId, seed) : seed;
  const payload = { project: project ? { questionId: project.public_id, title: plainTitle(project.title), questionType: project.question_type } : {}, data };
  return { payload, changed: true };
}

/**
 * What the receiver gets: the delivery's id, the event and what it is about (`eventId`, the same in a redelivery: the
 * receiver's key for handling an event once), when it was queued, and the rendered payload.
 */
export const deliveryEnvelope = (
  d: { public_id: string; event: string; event_id: string; created_at: Date | string },
  payload: StoredPayload,
): Record<string, unknown> => ({
  id: d.public_id,
  type: d.event,
  eventId: d.event_id,
  createdAt: new Date(d.created_at).toISOString(),
  ...payload,
});
