import type { TOrderView, TStartPayResult } from '../../../schemas/api/pay';
import { ORDER_MESSAGES, refusalOf } from '../../../schemas/order/order-states';
import type { PayNotifyRequest, PayProvider, PayScene } from '../../providers/pay';
import { PayProviderError } from '../../providers/pay';
import type { AuthUser } from '../access/sessions.service';
import type { Deps } from '../deps';
import { conflict, forbidden, notFound } from '../../http/errors';
import type { Query } from '../../db/client';
import { closeDueOrders } from './order-close.service';
import { ORDER_SELECT, buyerView, type OrderWithProject } from './order-view.service';

export interface Buyer {
  user: AuthUser | null;
  deviceId: string;
}

/**
 * The buyer's own order, after closing it if its window passed. The buyer is whoever the submit knew: the login
 * that made it, else the answering page's device key; anyone else is refused (never told more than that).
 */
async function buyerOrder(deps: Deps, buyer: Buyer, orderNo: string): Promise<OrderWithProject> {
  await closeDueOrders(deps.database, deps.pay, deps.now(), { orderNo });
  const [order] = await deps.database.query<OrderWithProject>(`${ORDER_SELECT} WHERE o.order_no = $1`, [orderNo]);
  if (!order) throw notFound(ORDER_MESSAGES.notFound);
  const mine = order.user_id !== null && buyer.user ? order.user_id === buyer.user.id : order.device_id === buyer.deviceId;
  if (!mine) throw forbidden(ORDER_MESSAGES.notYours);
  return order;
}

/** Where the payer comes back to after the cashier (never proof of payment: the result page asks the server). */
const RETURN_PATH: Record<'wechat' | 'alipay', string> = { wechat: '/wechatPay.html', alipay: '/alipaySuccess' };

/** A creator may collect money through a real provider once a merchant application of theirs is finished. */
async function mayCollect(query: Query, provider: PayProvider, projectId: number): Promise<boolean> {
  if (provider.name === 'sandbox') return true;
  const rows = await query(`SELECT 1 FROM merchant_applications m JOIN projects p ON p.owner_id = m.user_id WHERE p.id = $1 AND m.state = 'FINISHED' LIMIT 1`, [
    projectId,
  ]);
  return rows.length > 0;
}

/** wxPay, wxTradePay, wxTradePagePay, aliTradePay: start paying an order with the provider of the method. */
export async function startPay(
  deps: Deps,
  buyer: Buyer,
  input: { orderNo: string; method: 'wechat' | 'alipay'; scene: PayScene; origin: string; ip: string },
): Promise<TStartPayResult> {
  const order = await buyerOrder(deps, buyer, input.orderNo);
  if (order.state !== 'created') throw conflict(refusalOf(order.state, 'pay'), { state: order.state });
  const provider = deps.pay.forMethod(input.method);
  if (!(await mayCollect(deps.database.query, provider, order.project_id))) throw forbidden(ORDER_MESSAGES.noMerchant);
  const outTradeNo = order.order_no;
  const moved = await deps.database.query(
    `UPDATE orders SET provider = $2, out_trade_no = $3, updated_at = $4 WHERE id = $1 AND state = 'created' RETURNING 1`,
    [order.id, provider.name, outTradeNo, deps.now()],
  );
  if (!moved.length) throw conflict(refusalOf('paid', 'pay'));
  try {
    const launch = await provider.start({
      outTradeNo,
      amountFen: order.amount_fen,
      description: order.description,
      notifyUrl: `${input.origin}/pay/notify/${provider.name}`,
      returnUrl: `${input.origin}${RETURN_PATH[input.method]}?orderNo=${order.order_no}`,
      scene: input.scene,
      payerIp: input.ip,
      expiresAt: new Date(order.closes_at),
    });
    return { orderNo: order.order_no, provider: provider.name, amountFen: order.amount_fen, launch };
  } catch (error) {
    if (error instanceof PayProviderError) throw conflict(`支付渠道暂时不可用，请稍后再试（${error.providerCode}）`);
    throw error;
  }
}

/**
 * getOrderStatus / getOrderState / getWxPayStatus: the order as the buyer sees it. While it is unpaid and no
 * notify has come, the provider's own record is asked (`query`): a payment it confirms is applied exactly as a
 * verified notify would be, so the result page never depends on the notify arriving.
 */
export async function orderStatus(deps: Deps, buyer: Buyer, orderNo: string): Promise<TOrderView> {
  let order = await buyerOrder(deps, buyer, orderNo);
  if (order.state === 'created' && order.provider && order.out_trade_no) {
    const provider = deps.pay.byName(order.provider);
    const answer = provider ? await provider.query(order.out_trade_no).catch(() => null) : null;
    if (provider && answer?.state === 'paid' && answer.transactionId && answer.amountFen !== undefined) {
      await applyPayment(deps, provider.name, { outTradeNo: order.out_trade_no, transactionId: answer.transactionId, amountFen: answer.amountFen });
      order = (await deps.database.query<OrderWithProject>(`${ORDER_SELECT} WHERE o.id = $1`, [order.id]))[0]!;
    }
  }
  return buyerView(deps.database.query, order, deps.now());
}

export type PaymentOutcome = 'paid' | 'already' | 'closed' | 'mismatch' | 'unknown';

/**
 * A verified payment: the order moves created → paid with one conditional UPDATE (a replayed or concurrent
 * notify finds it paid and changes nothing; a late one finds it closed and never revives it), and the ledger
 * row is written in the same transaction, unique per provider transaction.
 */
export async function applyPayment(
  deps: Deps,
  provider: string,
  paid: { outTradeNo: string; transactionId: string; amountFen: number },
): Promise<PaymentOutcome> {
  return deps.database.transaction(async (q) => {
    const [order] = await q<{ id: number; project_id: number }>(
      `UPDATE orders SET state = 'paid', transaction_id = $3, paid_at = $5, updated_at = $5
       WHERE out_trade_no = $1 AND provider = $2 AND state = 'created' AND amount_fen = $4 RETURNING id, project_id`,
      [paid.outTradeNo, provider, paid.transactionId, paid.amountFen, deps.now()],
    );
    if (order) {
      await q(`INSERT INTO ledger (order_id, project_id, kind, amount_fen, provider, reference, created_at) VALUES ($1, $2, 'payment', $3, $4, $5, $6)`, [
        order.id,
        order.project_id,
        paid.amountFen,
        provider,
        paid.transactionId,
        deps.now(),
      ]);
      return 'paid';
    }
    const [seen] = await q<{ state: string; amount_fen: number; transaction_id: string | null }>(
      'SELECT state, amount_fen, transaction_id FROM orders WHERE out_trade_no = $1 AND provider = $2',
      [paid.outTradeNo, provider],
    );
    if (!seen) return 'unknown';
    if (seen.state === 'closed') return 'closed';
    if (seen.state === 'created') return 'mismatch';
    return 'already';
  });
}

/**
 * A provider's notify: verified first (nothing is believed before), then applied. The provider is answered
 * "received" for a payment applied or already applied, so it stops retrying; a notify that fails verification,
 * names an unknown order or a different amount is answered "failed" and changes nothing.
 */
export async function receiveNotify(
  deps: Deps,
  provider: PayProvider,
  request: PayNotifyRequest,
  log: (message: string, detail: Record<string, unknown>) => void,
): Promise<{ status: number; contentType: string; body: string }> {
  const verified = await provider.verifyNotify(request);
  if (!verified.ok) {
    log('pay notify refused', { provider: provider.name, reason: verified.reason });
    return provider.notifyAnswer(false);
  }
  if (verified.state !== 'paid') return provider.notifyAnswer(true);
  const outcome = await applyPayment(deps, provider.name, verified);
  if (outcome !== 'paid' && outcome !== 'already') log('pay notify not applied', { provider: provider.name, outTradeNo: verified.outTradeNo, outcome });
  return provider.notifyAnswer(outcome === 'paid' || outcome === 'already' || outcome === 'closed');
}
