import type { Query } from '../../db/client';
import type { AnswerSheetRow, OrderLineRow, OrderRow } from '../../db/rows';
import { formatAnswer } from '../../../schemas/subjects/registry';
import { plainTitle, reportSubjects } from '../report/report-subjects';
import { ballotData } from './render-ballot';
import { ownerHead } from './webhook-owner';

/**
 * A delivery's payload as the receiver gets it (issue 53 item 3): `{ id, type, createdAt, project, data }` (a vote's
 * webhook: `vote` instead of `project`, render-ballot.ts). The fact's
 * transaction queues only what the event is about ({ sheetId }, { orderNo } …, flagged `render`); the runner renders
 * the rest here once, at the first attempt, and keeps it, so every retry sends the same body and the submit path
 * formats nothing.
 */
export interface StoredPayload {
  render?: boolean;
  project?: Record<string, unknown>;
  vote?: Record<string, unknown>;
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

/** Whose webhook a delivery is (exactly one set). */
export interface DeliveryOwner {
  project_id: number | null;
  vote_id: number | null;
}

async function eventData(query: Query, owner: DeliveryOwner, event: string, seed: Record<string, unknown>, secret: string) {
  if (owner.vote_id !== null) return event === 'ballot.cast' ? ballotData(query, owner.vote_id, secret, seed) : seed;
  const projectId = owner.project_id!;
  if (event === 'sheet.accepted') return sheetData(query, projectId, seed);
  return event === 'order.paid' ? orderData(query, projectId, seed) : seed;
}

/** The payload to send: rendered now when it was queued as a seed (`secret` keys a ballot's voter, render-ballot.ts). */
export async function renderPayload(
  query: Query,
  owner: DeliveryOwner,
  event: string,
  stored: StoredPayload,
  secret: string,
): Promise<{ payload: StoredPayload; changed: boolean }> {
  if (!stored.render) return { payload: stored, changed: false };
  const data = await eventData(query, owner, event, stored.data ?? {}, secret);
  return { payload: { ...(await ownerHead(query, owner)), data }, changed: true };
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
