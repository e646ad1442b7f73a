import { orderMove } from '../../../schemas/order/order-states';
import type { Database } from '../../db/client';
import type { OrderStockTake } from '../../db/tables-orders';
import { dropExpiredLevels, noteExpiringLevels } from '../access/member-expiry.service';
import type { PayProviders } from '../../providers/pay-from-env';
import { giveStockBack } from './order-stock.service';
import { followUpRefunds } from './refund-follow.service';
import { followUpReceipts, type ReceiptStrategy } from './unmatched-receipts.service';

/** Which unpaid orders a sweep looks at: all that are due, one project's, or one order. */
export type CloseScope = { projectId: number } | { orderNo: string } | Record<string, never>;

const SWEEP_BATCH = 200;
const CLOSE = orderMove('close');

/**
 * Close unpaid orders past their payment window and give their stock back, each exactly once: the rows are
 * claimed with FOR UPDATE SKIP LOCKED and moved by one conditional UPDATE … WHERE state = 'created', in the same
 * transaction as the stock returned, so two sweeps (a timer here, a read in another process) never both return
 * an order's stock, and a notify that paid it first wins. The provider is then told to stop the trade.
 */
export async function closeDueOrders(database: Database, pay: PayProviders, now: Date, scope: CloseScope = {}): Promise<number> {
  const filter = 'projectId' in scope ? 'AND project_id = $2' : 'orderNo' in scope ? 'AND order_no = $2' : '';
  const params: unknown[] = [now, SWEEP_BATCH];
  if ('projectId' in scope) params.splice(1, 0, scope.projectId);
  if ('orderNo' in scope) params.splice(1, 0, scope.orderNo);
  const limit = params.length === 3 ? '$3' : '$2';
  // created → closed, from the transition table.
  params.push(CLOSE.to, CLOSE.from);
  const [to, from] = [`$${params.length - 1}`, `$${params.length}`];
  const closed = await database.transaction(async (q) => {
    const rows = await q<{ project_id: number; stock: OrderStockTake[]; out_trade_no: string | null; provider: string | null }>(
      `UPDATE orders SET state = ${to}, updated_at = $1
       WHERE id IN (SELECT id FROM orders WHERE state = ANY(${from}::text[]) AND closes_at <= $1 ${filter} ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
         AND state = ANY(${from}::text[])
       RETURNING project_id, stock, out_trade_no, provider`,
      params,
    );
    await giveStockBack(
      q,
      rows.map((r) => ({ projectId: r.project_id, stock: r.stock })),
    );
    return rows;
  });
  for (const row of closed) {
    const provider = row.provider ? pay.byName(row.provider) : null;
    if (provider && row.out_trade_no) await provider.close(row.out_trade_no).catch(() => {});
  }
  return closed.length;
}

export interface OrderSweeper {
  start(): void;
  stop(): void;
  runOnce(): Promise<number>;
}

/** The closing sweep (and the refund and unmatched-receipt follow-ups) on a timer (any process may run it; the claim keeps it exactly once). */
export function createOrderSweeper(
  deps: { database: Database; pay: PayProviders; now: () => Date; receipts: ReceiptStrategy },
  log: (message: string, error: unknown) => void,
  everyMs = 30_000,
): OrderSweeper {
  let timer: NodeJS.Timeout | null = null;
  // Each round also asks again about refunds still processing (refund-follow.service.ts) and moves on the late
  // and double payments not refunded yet (unmatched-receipts.service.ts).
  const runOnce = async () => {
    const closed = await closeDueOrders(deps.database, deps.pay, deps.now());
    // Member levels whose time ran out, for users no request has brought in since (their limits already follow).
    await dropExpiredLevels(deps.database.query, deps.now()).catch((error) => log('dropping expired member levels failed', error));
    await noteExpiringLevels(deps.database.query, deps.now()).catch((error) => log('noting expiring member levels failed', error));
    await followUpRefunds(deps).catch((error) => log('following up refunds failed', error));
    await followUpReceipts(deps).catch((error) => log('refunding unmatched receipts failed', error));
    return closed;
  };
  return {
    start() {
      if (timer) return;
      timer = setInterval(() => void runOnce().catch((error) => log('closing unpaid orders failed', error)), everyMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    runOnce,
  };
}
