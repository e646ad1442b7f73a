import type { TNotYours, TOrderView, TStartPayResult } from '../../../schemas/api/pay';
import { ORDER_MESSAGES, orderMove, refusalOf } from '../../../schemas/order/order-states';
import { respondentPayResultUrl } from '../../../schemas/order/pay-result-pages';
import type { PayNotifyRequest, PayProvider, PayScene } from '../../providers/pay';
import { PayProviderError } from '../../providers/pay';
import type { AuthUser } from '../access/sessions.service';
import type { Deps } from '../deps';
import { AppError, conflict, forbidden, notFound } from '../errors';
import { maskName } from '../../../schemas/chain/names';
import type { Query } from '../../db/client';
import type { OrderRow, ProjectRow } from '../../db/rows';
import { yuanOf } from '../../../schemas/money/catalog';
import { NEWS_TYPES, notify } from '../messages/notify.service';
import { closeDueOrders } from './order-close.service';
import { solitaireWechat } from '../chain/chain-wechat.service';
import { identityOfToken } from '../wechat/web-auth.service';
import { recordNotice } from '../notices/notice-record.service';
import { sendNoticesNow } from '../notices/notice-send.service';
import { plainTitle } from '../report/report-subjects';
import { refundReceipt } from './unmatched-receipts.service';
import { ORDER_SELECT, buyerView, type OrderWithProject } from './order-view.service';
import { enqueueWebhookEvent } from '../webhooks/enqueue';

/** created → paid, from the transition table (the states a payment, or a cashier opened for one, starts from). */
const PAY = orderMove('pay');

export interface Buyer {
  user: AuthUser | null;
  deviceId: string;
  /** 仅限微信授权参与 group-buys: the identity token of its official account. */
  wechatToken?: string;
}

/**
 * Whose order a refused caller opened (issue 43 item 5: a result link opened on another device): the buyer's name
 * and phone masked (王*, 138****8000) and the project to go back to, never the order itself.
 */
export function notYoursData(order: Pick<OrderWithProject, 'contact' | 'question_id'>): TNotYours {
  const contact = Array.isArray(order.contact) ? order.contact : [];
  const phone = contact.map((c) => c.value.replace(/\s/g, '')).find((value) => /^\+?\d{7,15}$/.test(value));
  const name = contact.find((c) => /姓名|名字|联系人|收货人/.test(c.label))?.value;
  return {
    reason: 'notYours',
    questionId: order.question_id,
    buyerName: name ? maskName(name) : null,
    buyerPhone: phone ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : null,
  };
}

/** An order of a 仅限微信授权参与 group-buy is also its WeChat user's, on any browser with a valid token of that account. */
async function isWechatBuyer(deps: Deps, order: Pick<OrderWithProject, 'participant' | 'project_id'>, buyer: Buyer): Promise<boolean> {
  if (!order.participant || !buyer.wechatToken) return false;
  const { wechat_appid: appid } = await solitaireWechat(deps.database.query, order.project_id);
  if (!appid) return false;
  try {
    return order.participant === `w:${identityOfToken(deps, appid, buyer.wechatToken)}`;
  } catch {
    return false;
  }
}

/**
 * The buyer's own order, after closing it if its window passed. The buyer is whoever the submit knew: the login
 * that made it, else the answering page's device key (or, on a 仅限微信授权参与 group-buy, the WeChat user); anyone else is refused, told only whose order it is (masked).
 */
export async function buyerOrder(deps: Deps, buyer: Buyer, orderNo: string): Promise<OrderWithProject> {
  await closeDueOrders(deps.database, deps.pay, deps.now(), { orderNo });
  const [order] = await deps.database.query<OrderWithProject>(`${ORDER_SELECT} WHERE o.order_no = $1`, [orderNo]);
  if (!order) throw notFound(ORDER_MESSAGES.notFound);
  const mine =
    (order.user_id !== null && buyer.user ? order.user_id === buyer.user.id : order.device_id === buyer.deviceId) || (await isWechatBuyer(deps, order, buyer));
  if (!mine) throw new AppError('403', ORDER_MESSAGES.notYours, notYoursData(order));
  return order;
}

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
  if (!PAY.from.includes(order.state)) throw conflict(refusalOf(order.state, 'pay'), { state: order.state });
  const provider = deps.pay.forMethod(input.method);
  if (!provider) throw conflict(ORDER_MESSAGES.noProvider);
  if (!(await mayCollect(deps.database.query, provider, order.project_id))) throw forbidden(ORDER_MESSAGES.noMerchant);
  const outTradeNo = order.order_no;
  const moved = await deps.database.query(
    `UPDATE orders SET provider = $2, out_trade_no = $3, updated_at = $4 WHERE id = $1 AND state = ANY($5::text[]) RETURNING 1`,
    [order.id, provider.name, outTradeNo, deps.now(), PAY.from],
  );
  if (!moved.length) throw conflict(refusalOf('paid', 'pay'));
  try {
    const launch = await provider.start({
      outTradeNo,
      amountFen: order.amount_fen,
      description: order.description,
      notifyUrl: `${input.origin}/pay/notify/${provider.name}`,
      // Either method returns to the respondent side's public result page (never proof of payment: it asks the server).
      returnUrl: `${input.origin}${respondentPayResultUrl(order.order_no)}`,
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
      await takePayment(deps, provider.name, { outTradeNo: order.out_trade_no, transactionId: answer.transactionId, amountFen: answer.amountFen });
      order = (await deps.database.query<OrderWithProject>(`${ORDER_SELECT} WHERE o.id = $1`, [order.id]))[0]!;
    }
  }
  return buyerView(deps.database.query, order, deps.now());
}

export type PaymentOutcome = 'paid' | 'already' | 'unmatched' | 'mismatch' | 'unknown';

/**
 * A verified payment, applied once. The order moves created → paid with one conditional UPDATE and its ledger row
 * is written in the same transaction, unique per provider transaction (a replayed or concurrent notify finds it
 * paid and changes nothing). Whichever provider's payment arrives first pays the order (the buyer may have opened
 * both cashiers); the order's provider becomes that one, so its refunds go back the same way.
 *
 * Money for an order that no longer expects it is never just acknowledged (issue 42, reliability rule 16): a
 * payment for an order its window closed (late) or a second, different transaction for an order already paid
 * (double) is recorded as an unmatched receipt with ledger rows of its own (deps.receipts: once per transaction).
 */
export async function applyPayment(
  deps: Deps,
  provider: string,
  paid: { outTradeNo: string; transactionId: string; amountFen: number },
): Promise<{ outcome: PaymentOutcome; receiptId?: number }> {
  const fresh = await deps.database.transaction(async (q) => {
    const [order] = await q<Pick<OrderRow, 'id' | 'project_id' | 'order_no' | 'user_id' | 'device_id' | 'participant'>>(
      `UPDATE orders SET state = $6, provider = $2, transaction_id = $3, paid_at = $5, updated_at = $5
       WHERE out_trade_no = $1 AND state = ANY($7::text[]) AND amount_fen = $4 AND (provider = $2 OR $2 <> 'sandbox')
       RETURNING id, project_id, order_no, user_id, device_id, participant`,
      [paid.outTradeNo, provider, paid.transactionId, paid.amountFen, deps.now(), PAY.to, PAY.from],
    );
    if (!order) return null;
    await q(`INSERT INTO ledger (order_id, project_id, kind, amount_fen, provider, reference, created_at) VALUES ($1, $2, 'payment', $3, $4, $5, $6)`, [
      order.id,
      order.project_id,
      paid.amountFen,
      provider,
      paid.transactionId,
      deps.now(),
    ]);
    // Its webhooks (issue 53): queued with the payment, once per order.
    await enqueueWebhookEvent(q, { projectId: order.project_id, event: 'order.paid', eventId: order.order_no, payload: { orderNo: order.order_no } });
    // The project's owner hears of it in the same transaction (once per provider transaction, like the ledger row).
    const [project] = await q<Pick<ProjectRow, 'owner_id' | 'title'>>('SELECT owner_id, title FROM projects WHERE id = $1', [order.project_id]);
    if (project) {
      const notice = {
        title: `收到付款 ${yuanOf(paid.amountFen)} 元：${project.title}`,
        newsType: NEWS_TYPES.projectPayment,
        key: `payment:${provider}:${paid.transactionId}`,
      };
      await notify(q, project.owner_id, notice, deps.now());
      return { told: (await noticePayment(q, order, project.title, paid.amountFen, deps.now())) !== null };
    }
    return { told: false };
  });
  // A WeChat buyer's notice goes out now (a page notice waits for their visit: the sender leaves it alone).
  if (fresh) {
    await sendNoticesNow(deps, fresh.told);
    return { outcome: 'paid' };
  }
  // Once an order has left 'created' it never returns, and its transaction never changes: what is read here holds.
  const [seen] = await deps.database.query<Pick<OrderRow, 'id' | 'project_id' | 'state' | 'provider' | 'transaction_id'>>(
    'SELECT id, project_id, state, provider, transaction_id FROM orders WHERE out_trade_no = $1',
    [paid.outTradeNo],
  );
  if (!seen) return { outcome: 'unknown' };
  if (seen.state === 'created') return { outcome: 'mismatch' };
  if (seen.provider === provider && seen.transaction_id === paid.transactionId) return { outcome: 'already' };
  const receiptId = await deps.receipts.record(
    deps.database,
    {
      orderId: seen.id,
      projectId: seen.project_id,
      provider,
      transactionId: paid.transactionId,
      outTradeNo: paid.outTradeNo,
      amountFen: paid.amountFen,
      reason: seen.state === 'closed' ? 'late' : 'double',
    },
    deps.now(),
  );
  return { outcome: 'unmatched', receiptId };
}

/**
 * applyPayment, then the refund of an unmatched receipt (through the provider that took it). Its refund is
 * asked for before the provider's notify is answered; one that does not go through now is tried again by the
 * order sweeper, the receipt being recorded either way.
 */
export async function takePayment(
  deps: Deps,
  provider: string,
  paid: { outTradeNo: string; transactionId: string; amountFen: number },
): Promise<PaymentOutcome> {
  const { outcome, receiptId } = await applyPayment(deps, provider, paid);
  if (receiptId !== undefined) await refundReceipt(deps, receiptId);
  return outcome;
}

/** What the notify routes log with: warnings for refused notifies, errors for our own failures. */
export interface NotifyLog {
  warn(detail: Record<string, unknown>, message: string): void;
  error(detail: Record<string, unknown>, message: string): void;
}

/**
 * A provider's notify: verified first (nothing is believed before), then applied. The provider hears "received"
 * only once the payment is on the ledger: applied now or before, or recorded as an unmatched receipt (late or
 * double payment, being refunded). A notify that fails verification, names an unknown order or a different amount
 * is answered "failed" and changes nothing. When applying it fails on our side (the database), the answer is a
 * 500 in the provider's terms, so WeChat Pay, Alipay and the sandbox send it again, and the order number is logged
 * at error level.
 */
/**
 * What a verified payment is applied to: by default a project order (takePayment); the notify route hands in one
 * that also knows the balance's recharge orders (server/services/money/recharge-pay.service.ts).
 */
export type PaymentApplier = (provider: string, paid: { outTradeNo: string; transactionId: string; amountFen: number }) => Promise<PaymentOutcome>;

export async function receiveNotify(
  deps: Deps,
  provider: PayProvider,
  request: PayNotifyRequest,
  log: NotifyLog,
  apply: PaymentApplier = (name, paid) => takePayment(deps, name, paid),
): Promise<{ status: number; contentType: string; body: string }> {
  let outTradeNo: string | undefined;
  try {
    const verified = await provider.verifyNotify(request);
    if (!verified.ok) {
      log.warn({ provider: provider.name, reason: verified.reason }, 'pay notify refused');
      return provider.notifyAnswer(false);
    }
    if (verified.state !== 'paid') return provider.notifyAnswer(true);
    outTradeNo = verified.outTradeNo;
    const outcome = await apply(provider.name, verified);
    const detail = { provider: provider.name, outTradeNo, transactionId: verified.transactionId, amountFen: verified.amountFen, outcome };
    if (outcome === 'mismatch' || outcome === 'unknown') log.warn(detail, 'pay notify not applied');
    if (outcome === 'unmatched') log.warn(detail, 'pay notify for an order that no longer expected it: recorded as an unmatched receipt and refunded');
    return provider.notifyAnswer(outcome !== 'mismatch' && outcome !== 'unknown');
  } catch (error) {
    log.error(
      { err: error, provider: provider.name, outTradeNo: outTradeNo ?? null },
      `pay notify could not be applied${outTradeNo ? ` (order ${outTradeNo})` : ''}`,
    );
    return { ...provider.notifyAnswer(false), status: 500 };
  }
}

/**
 * The buyer's notice of a payment received (issue 47 item 4), in the payment's transaction, once per order: on
 * their page at the next visit (the group-buy page reads it), never by SMS — the buyer just saw the cashier's
 * result, and a text per payment would spend the owner's SMS count on what they already know.
 */
async function noticePayment(
  q: Query,
  order: Pick<OrderRow, 'project_id' | 'order_no' | 'user_id' | 'device_id' | 'participant'>,
  title: string,
  fen: number,
  now: Date,
) {
  // A WeChat buyer (仅限微信授权参与 group-buy) is told by the chain's official account's template message when one is
  // chosen for payments; the others on their page.
  const participant = order.participant ?? (order.user_id ? `u:${order.user_id}` : `d:${order.device_id}`);
  return recordNotice(
    q,
    {
      projectId: order.project_id,
      kind: 'payment_received',
      recipient: { participant, name: '', phone: '', brand: '' },
      text: `你在「${plainTitle(title).slice(0, 30)}」的付款 ${yuanOf(fen)} 元已收到（订单号 ${order.order_no}）。`,
      onceKey: `payment_received:${order.order_no}`,
    },
    now,
  );
}
