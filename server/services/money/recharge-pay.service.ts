import { yuanOf } from '../../../schemas/money/catalog';
import type { Database } from '../../db/client';
import type { RechargeOrderRow } from '../../db/rows';
import { credit, ledgerHas, writeLedger } from './balance.service';
import { NEWS_TYPES, notify } from '../messages/notify.service';

/** Recharge orders' numbers: 'R' + the 20 digits project orders have, so a notify finds its kind by its number. */
export const isRechargeNo = (outTradeNo: string) => /^R\d{20}$/.test(outTradeNo);

export type RechargeOutcome = 'paid' | 'already' | 'mismatch' | 'unknown';

/**
 * A verified payment of a recharge order credits the balance exactly once per provider transaction: the order's
 * row is locked, the transaction looked up in the ledger (`recharge`, `provider:transactionId`, a unique key
 * besides), the balance credited and the ledger row written in the same transaction. A replayed or concurrent
 * notify finds it written and changes nothing ('already').
 *
 * Money we did not expect is still the user's (reliability rule 16, decided for recharges in docs/decisions.md):
 * a payment after the order was closed or deleted, or a second transaction for a paid order, is credited too,
 * each once; a recharge has no goods that could be gone. A payment of another amount than the order's is not
 * believed ('mismatch'), and simulated money pays only an order started in the sandbox.
 */
export async function applyRechargePayment(
  deps: { database: Database; now: () => Date },
  provider: string,
  paid: { outTradeNo: string; transactionId: string; amountFen: number },
): Promise<RechargeOutcome> {
  return deps.database.transaction(async (q) => {
    const [order] = await q<RechargeOrderRow>('SELECT * FROM recharge_orders WHERE order_no = $1 FOR UPDATE', [paid.outTradeNo]);
    if (!order) return 'unknown';
    if (order.amount_fen !== paid.amountFen || (provider === 'sandbox' && order.provider !== 'sandbox')) return 'mismatch';
    const reference = `${provider}:${paid.transactionId}`;
    if (await ledgerHas(q, 'recharge', reference)) return 'already';
    const now = deps.now();
    const after = await credit(q, order.user_id, paid.amountFen);
    await writeLedger(q, {
      userId: order.user_id,
      amountFen: paid.amountFen,
      reason: 'recharge',
      orderNo: order.order_no,
      reference,
      title: `账户充值 ${yuanOf(paid.amountFen)} 元`,
      balanceAfterFen: after,
      at: now,
    });
    // The bell's message, in the credit's transaction: once per provider transaction, like the credit.
    await notify(q, order.user_id, { title: `充值成功：${yuanOf(paid.amountFen)} 元已到账`, newsType: NEWS_TYPES.recharge, key: `recharge:${reference}` }, now);
    await q(
      `UPDATE recharge_orders SET state = 'paid', provider = CASE WHEN transaction_id IS NULL THEN $2 ELSE provider END, transaction_id = coalesce(transaction_id, $3), paid_at = coalesce(paid_at, $4), updated_at = $4
       WHERE id = $1`,
      [order.id, provider, paid.transactionId, now],
    );
    return 'paid';
  });
}
