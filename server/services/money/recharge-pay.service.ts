import { coinTitle, purchasableOf, yuanOf, type TPurchasable } from '../../../schemas/money/catalog';
import { brandById } from '../../../schemas/brands';
import type { Database, Query } from '../../db/client';
import type { RechargeOrderRow } from '../../db/rows';
import type { TDelivery } from '../../db/tables-money';
import { AppError } from '../errors';
import { credit, exactDebit, ledgerHas, writeLedger } from './balance.service';
import { planChange } from './member.service';
import { deliver } from './purchase.service';
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
 *
 * A purchase order (one with a package_id) then buys its item from the credited balance in the same transaction
 * (ledger rows 'recharge' and 'package'/'member', both under the provider's transaction), once per order; an item
 * that can no longer be bought (a level changed meanwhile) leaves the money in the balance and the message says so.
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
    const item = order.package_id && order.delivery === null ? purchasableOf(order.package_id) : undefined;
    const after = await credit(q, order.user_id, paid.amountFen);
    await writeLedger(q, {
      userId: order.user_id,
      amountFen: paid.amountFen,
      reason: 'recharge',
      orderNo: order.order_no,
      reference,
      title: item ? `在线支付：${item.title}` : `账户充值 ${yuanOf(paid.amountFen)} 元`,
      balanceAfterFen: after,
      at: now,
    });
    const delivery = item ? await deliverPaid(q, order, item, reference, now) : null;
    // The bell's message, in the credit's transaction: once per provider transaction, like the credit.
    await notify(q, order.user_id, { title: messageOf(order, delivery, paid.amountFen), newsType: NEWS_TYPES.recharge, key: `recharge:${reference}` }, now);
    await q(
      `UPDATE recharge_orders SET state = 'paid', provider = CASE WHEN transaction_id IS NULL THEN $2 ELSE provider END, transaction_id = coalesce(transaction_id, $3), paid_at = coalesce(paid_at, $4), updated_at = $4,
         delivery = coalesce(delivery, $5), delivery_note = coalesce(delivery_note, $6)
       WHERE id = $1`,
      [order.id, provider, paid.transactionId, now, delivery?.delivery ?? null, delivery?.note ?? null],
    );
    return 'paid';
  });
}

interface Delivered {
  delivery: TDelivery;
  title: string;
  note: string | null;
}

/** Buy the order's item from the just-credited balance; a plan the level no longer allows keeps the money as balance. */
async function deliverPaid(q: Query, order: RechargeOrderRow, item: TPurchasable, reference: string, now: Date): Promise<Delivered> {
  if (item.type === 'member') {
    try {
      await planChange(q, order.user_id, item, now);
    } catch (error) {
      if (error instanceof AppError) return { delivery: 'kept', title: item.title, note: error.message };
      throw error;
    }
  }
  // A coin pack is named by, and lands on, the brand the order was made on.
  const brand = brandById(order.brand);
  const bought = item.type === 'coin' ? { ...item, title: coinTitle(item.coins, brand.coinName) } : item;
  await deliver(q, exactDebit, { userId: order.user_id, brand: brand.id, item: bought, orderNo: order.order_no, reference, now });
  return { delivery: 'done', title: item.title, note: null };
}

function messageOf(order: RechargeOrderRow, delivered: Delivered | null, amountFen: number): string {
  const yuan = yuanOf(amountFen);
  if (delivered?.delivery === 'done') return `支付成功：${delivered.title}，已支付 ${yuan} 元`;
  if (delivered) return `支付成功：${yuan} 元已存入余额，${delivered.title}未能开通（${delivered.note}），可在会员中心用余额重新购买`;
  if (order.package_id) return `收到重复支付：${yuan} 元已存入余额`;
  return `充值成功：${yuan} 元已到账`;
}
