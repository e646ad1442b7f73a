import { randomBytes } from 'node:crypto';
import type { TUnmatchedReceipt } from '../../../schemas/api/pay';
import { RECEIPT_MOVES, RECEIPT_REFUND_REASONS, type TReceiptReason } from '../../../schemas/order/receipts';
import type { Database, Query } from '../../db/client';
import type { UnmatchedReceiptRow } from '../../db/rows';
import type { PayProviders } from '../../providers/pay-from-env';
import { PayProviderError, type PayRefundResult } from '../../providers/pay';

/** Money a provider took for an order that no longer expected it, as applyPayment found it. */
export interface ReceiptInput {
  orderId: number;
  projectId: number;
  provider: string;
  transactionId: string;
  outTradeNo: string;
  amountFen: number;
  reason: TReceiptReason;
}

/**
 * How an unmatched receipt is recorded once and its refund claimed once, however many copies of its notify
 * arrive together (issue 42 item 3c). exactReceipts: one INSERT … ON CONFLICT DO NOTHING on the unique key
 * (provider, transaction_id) with its ledger row in the same transaction, and a conditional UPDATE for the claim;
 * the concurrency test injects a naive read-then-write one (tests/helpers/naive-strategies.ts) to show it fails.
 */
export interface ReceiptStrategy {
  record(database: Database, input: ReceiptInput, now: Date): Promise<number>;
  /** Take the receipt's refund for this caller: the row moved recorded → refunding, or null when another has it (or it is settled, or not due). */
  claim(query: Query, receiptId: number, now: Date): Promise<UnmatchedReceiptRow | null>;
}

/** The receipt's row and its ledger row (+amount), in the caller's transaction. */
export async function insertReceipt(q: Query, input: ReceiptInput, now: Date, onConflict: 'nothing' | 'fail'): Promise<number | null> {
  const [row] = await q<Pick<UnmatchedReceiptRow, 'id'>>(
    `INSERT INTO unmatched_receipts (order_id, project_id, provider, transaction_id, out_trade_no, amount_fen, reason, out_refund_no, retry_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $9) ${onConflict === 'nothing' ? 'ON CONFLICT (provider, transaction_id) DO NOTHING' : ''} RETURNING id`,
    [
      input.orderId,
      input.projectId,
      input.provider,
      input.transactionId,
      input.outTradeNo,
      input.amountFen,
      input.reason,
      `U${input.outTradeNo}${randomBytes(3).toString('hex')}`,
      now,
    ],
  );
  if (!row) return null;
  await q(
    `INSERT INTO ledger (order_id, project_id, kind, amount_fen, provider, reference, receipt_id, created_at) VALUES ($1, $2, 'unmatched', $3, $4, $5, $6, $7)`,
    [input.orderId, input.projectId, input.amountFen, input.provider, input.transactionId, row.id, now],
  );
  return row.id;
}

export const exactReceipts: ReceiptStrategy = {
  async record(database, input, now) {
    return database.transaction(async (q) => {
      const id = await insertReceipt(q, input, now, 'nothing');
      if (id !== null) return id;
      // Recorded before (a copy of this notify, or one still committing: the INSERT waited for it).
      const [seen] = await q<Pick<UnmatchedReceiptRow, 'id'>>('SELECT id FROM unmatched_receipts WHERE provider = $1 AND transaction_id = $2', [
        input.provider,
        input.transactionId,
      ]);
      return seen!.id;
    });
  },
  async claim(query, receiptId, now) {
    const [row] = await query<UnmatchedReceiptRow>(
      `UPDATE unmatched_receipts SET state = $3, attempts = attempts + 1, updated_at = $2
       WHERE id = $1 AND state = ANY($4::text[]) AND retry_at <= $2 RETURNING *`,
      [receiptId, now, RECEIPT_MOVES.refund.to, RECEIPT_MOVES.refund.from],
    );
    return row ?? null;
  },
};

type ReceiptDeps = { database: Database; pay: PayProviders; now: () => Date; receipts: ReceiptStrategy };

/**
 * A provider's answer about a receipt's refund, applied once (the row moves from refunding by one conditional
 * UPDATE): success settles it and writes its ledger row (−amount) in the same transaction; failure puts it back to
 * recorded, to be tried again at retry_at; processing leaves it to the follow-up (followUpReceipts).
 */
export async function settleReceipt(
  deps: Pick<ReceiptDeps, 'database' | 'now'>,
  receiptId: number,
  answer: PayRefundResult | { state: 'failed'; error: string },
): Promise<boolean> {
  if (answer.state === 'processing') return false;
  const now = deps.now();
  if (answer.state === 'failed') {
    const error = 'error' in answer ? answer.error : '支付渠道拒绝了这笔退款';
    // Tried again later, waiting longer each time: 1, 2, 4 … minutes after the attempt, at most 6 hours.
    const moved = await deps.database.query(
      `UPDATE unmatched_receipts SET state = $4, last_error = $2, updated_at = $3,
              retry_at = $3::timestamptz + LEAST(power(2, GREATEST(attempts - 1, 0)), 360) * interval '1 minute'
       WHERE id = $1 AND state = ANY($5::text[]) RETURNING id`,
      [receiptId, error.slice(0, 200), now, RECEIPT_MOVES.retry.to, RECEIPT_MOVES.retry.from],
    );
    return moved.length > 0;
  }
  return deps.database.transaction(async (q) => {
    const [row] = await q<Pick<UnmatchedReceiptRow, 'order_id' | 'project_id' | 'amount_fen' | 'provider' | 'out_refund_no'>>(
      `UPDATE unmatched_receipts SET state = $4, refund_id = $2, settled_at = $3, updated_at = $3, last_error = NULL
       WHERE id = $1 AND state = ANY($5::text[]) RETURNING order_id, project_id, amount_fen, provider, out_refund_no`,
      [receiptId, answer.refundId ?? null, now, RECEIPT_MOVES.settle.to, RECEIPT_MOVES.settle.from],
    );
    if (!row) return false;
    await q(
      `INSERT INTO ledger (order_id, project_id, kind, amount_fen, provider, reference, receipt_id, created_at) VALUES ($1, $2, 'unmatched_refund', $3, $4, $5, $6, $7)`,
      [row.order_id, row.project_id, -row.amount_fen, row.provider, answer.refundId ?? row.out_refund_no, receiptId, now],
    );
    return true;
  });
}

/**
 * Refund an unmatched receipt in full through the provider that took it: claimed first (only one caller asks the
 * provider), always with the refund number made when it was recorded, so a retry is the same refund to WeChat
 * Pay and Alipay. A provider that cannot be reached or refuses leaves it recorded, to be tried again.
 */
export async function refundReceipt(deps: ReceiptDeps, receiptId: number): Promise<void> {
  const receipt = await deps.receipts.claim(deps.database.query, receiptId, deps.now());
  if (!receipt) return;
  const provider = deps.pay.byName(receipt.provider);
  let answer: PayRefundResult | { state: 'failed'; error: string };
  if (!provider) answer = { state: 'failed', error: `支付渠道 ${receipt.provider} 未配置，无法原路退回` };
  else {
    answer = await provider
      .refund({
        outTradeNo: receipt.out_trade_no,
        outRefundNo: receipt.out_refund_no,
        refundFen: receipt.amount_fen,
        totalFen: receipt.amount_fen,
        reason: RECEIPT_REFUND_REASONS[receipt.reason],
      })
      .catch((error: unknown) => ({ state: 'failed' as const, error: refundError(error) }));
  }
  await settleReceipt(deps, receipt.id, answer);
}

const refundError = (error: unknown) =>
  error instanceof PayProviderError ? `${error.message}（${error.providerCode}）` : `支付渠道暂时无法连接（${(error as Error)?.message ?? error}）`;

const FOLLOW_BATCH = 100;

/**
 * Receipts not settled yet, moved on by the order sweeper and when the creator opens the orders or the statement:
 * one whose refund is due (never started, or failed and waiting) is refunded; one the provider answered
 * "processing" is asked about again. Every move is conditional, so sweeps in several processes settle each once.
 */
export async function followUpReceipts(deps: ReceiptDeps, scope: { projectId?: number } = {}): Promise<void> {
  const params: unknown[] = [deps.now(), FOLLOW_BATCH];
  if (scope.projectId !== undefined) params.push(scope.projectId);
  const rows = await deps.database.query<UnmatchedReceiptRow>(
    `SELECT * FROM unmatched_receipts WHERE state <> 'refunded' AND (state = 'refunding' OR retry_at <= $1)
     ${scope.projectId !== undefined ? 'AND project_id = $3' : ''} ORDER BY retry_at, id LIMIT $2`,
    params,
  );
  for (const row of rows) {
    if (row.state === 'recorded') {
      await refundReceipt(deps, row.id);
      continue;
    }
    const provider = deps.pay.byName(row.provider);
    if (!provider?.queryRefund) continue;
    const answer = await provider.queryRefund({ outTradeNo: row.out_trade_no, outRefundNo: row.out_refund_no }).catch(() => null);
    if (answer) await settleReceipt(deps, row.id, answer);
  }
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Receipts as the creator sees them (order screen, statement), with their order's number. */
export async function receiptViews(
  query: Query,
  where: { orderIds: number[] } | { projectId: number; open: true },
): Promise<(TUnmatchedReceipt & { orderId: number })[]> {
  const rows =
    'orderIds' in where
      ? where.orderIds.length
        ? await query<UnmatchedReceiptRow & { order_no: string }>(
            'SELECT r.*, o.order_no FROM unmatched_receipts r JOIN orders o ON o.id = r.order_id WHERE r.order_id = ANY($1::int[]) ORDER BY r.id',
            [where.orderIds],
          )
        : []
      : await query<UnmatchedReceiptRow & { order_no: string }>(
          `SELECT r.*, o.order_no FROM unmatched_receipts r JOIN orders o ON o.id = r.order_id WHERE r.project_id = $1 AND r.state <> 'refunded' ORDER BY r.id`,
          [where.projectId],
        );
  return rows.map((r) => ({
    orderId: r.order_id,
    orderNo: r.order_no,
    amountFen: r.amount_fen,
    reason: r.reason,
    state: r.state,
    provider: r.provider,
    transactionId: r.transaction_id,
    createdAt: iso(r.created_at)!,
    settledAt: iso(r.settled_at),
    lastError: r.last_error,
    retryAt: r.state === 'recorded' && r.attempts > 0 ? iso(r.retry_at) : null,
  }));
}

/** The view without its order id (the API shape). */
export const publicReceipt = ({ orderId: _orderId, ...receipt }: TUnmatchedReceipt & { orderId: number }): TUnmatchedReceipt => receipt;
