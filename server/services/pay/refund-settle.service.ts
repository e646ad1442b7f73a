import type { OrderStockTake } from '../../db/tables-orders';
import type { Deps } from '../deps';
import { giveStockBack } from './order-stock.service';
import { orderMove } from '../../../schemas/order/order-states';

/** refunding → refunded when the refunds reach the amount, else back to the state before (refundPartial); a refusal → back (refundFail). */
const DONE = orderMove('refundDone');
const FAIL = orderMove('refundFail');

/**
 * A refund's end, exactly once (the refund row moves from processing by one conditional UPDATE; false when it
 * had already ended): success writes the ledger and leaves the order refunded or back where it was; failure undoes
 * the reservation. An order refunded in full gives its stock back (the units are for sale again, the buyer's
 * per-person count drops) — once, as only one refund moves it to 'refunded'; a part refund keeps the stock, as
 * nobody can tell which unit it paid back.
 */
export async function settleRefund(
  deps: Pick<Deps, 'database' | 'now'>,
  orderId: number,
  outRefundNo: string,
  success: boolean,
  refundId: string,
  provider: string,
): Promise<boolean> {
  return deps.database.transaction(async (q) => {
    const [refund] = await q<{ amount_fen: number }>(
      `UPDATE order_refunds SET state = $2, refund_id = $3, finished_at = $4 WHERE out_refund_no = $1 AND state = 'processing' RETURNING amount_fen`,
      [outRefundNo, success ? 'success' : 'failed', success ? refundId : null, deps.now()],
    );
    if (!refund) return false;
    if (success) {
      const [order] = await q<{ project_id: number; state: string; stock: OrderStockTake[] }>(
        `UPDATE orders SET state = CASE WHEN refunded_fen = amount_fen THEN $3 ELSE state_before_refund END, updated_at = $2
         WHERE id = $1 AND state = ANY($4::text[]) RETURNING project_id, state, stock`,
        [orderId, deps.now(), DONE.to, DONE.from],
      );
      if (order?.state === DONE.to) await giveStockBack(q, [{ projectId: order.project_id, stock: order.stock }]);
      await q(`INSERT INTO ledger (order_id, project_id, kind, amount_fen, provider, reference, created_at) VALUES ($1, $2, 'refund', $3, $4, $5, $6)`, [
        orderId,
        order!.project_id,
        -refund.amount_fen,
        provider,
        refundId,
        deps.now(),
      ]);
    } else {
      await q(`UPDATE orders SET refunded_fen = refunded_fen - $2, state = state_before_refund, updated_at = $3 WHERE id = $1 AND state = ANY($4::text[])`, [
        orderId,
        refund.amount_fen,
        deps.now(),
        FAIL.from,
      ]);
    }
    return true;
  });
}
