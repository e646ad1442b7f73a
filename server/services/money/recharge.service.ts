import { BALANCE_MESSAGES, type TRechargeOrder, type TSaveRechargeResult } from '../../../schemas/api/recharge';
import { purchasableOf, yuanOf } from '../../../schemas/money/catalog';
import { DEFAULT_BRAND } from '../../../schemas/brands';
import type { Query } from '../../db/client';
import type { RechargeOrderRow } from '../../db/rows';
import type { TRechargeState } from '../../db/tables-money';
import { badInput, conflict, notFound } from '../errors';
import { PayProviderError, type PayScene } from '../../providers/pay';
import type { AuthUser } from '../access/sessions.service';
import type { Deps } from '../deps';
import { newOrderNo, withFreshOrderNo } from '../order-no';
import { balanceOf } from './balance.service';
import { planChange } from './member.service';
import { applyRechargePayment } from './recharge-pay.service';

/** An unpaid recharge order stops being offered for payment after this long (a payment after it still credits). */
export const RECHARGE_WINDOW_MINUTES = 30;
const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

export const rechargeView = (row: RechargeOrderRow): TRechargeOrder => ({
  orderNo: row.order_no,
  amountFen: row.amount_fen,
  state: row.state,
  provider: row.provider,
  createdAt: iso(row.created_at)!,
  paidAt: iso(row.paid_at),
  packageId: row.package_id,
  title: row.package_id ? (purchasableOf(row.package_id)?.title ?? null) : null,
  delivery: row.delivery,
  deliveryNote: row.delivery_note,
});

/**
 * Where the cashier sends the payer back: the recharge page, or for a purchase order its own logged-in result
 * page, /wechatPay.html for WeChat and /alipaySuccess for Alipay (the same page either way).
 */
const returnPath = (orderNo: string, packageId: string | undefined, method: 'wechat' | 'alipay') =>
  packageId ? `${method === 'wechat' ? '/wechatPay.html' : '/alipaySuccess'}?orderNo=${orderNo}` : `/accountRecharge/index.html?orderNo=${orderNo}`;

/** recharge/saveRechargeOrder: a new recharge order, and its payment started with the provider of the chosen method. */
export async function startRecharge(
  deps: Deps,
  user: AuthUser,
  input: { amountFen?: number; packageId?: string; method: 'wechat' | 'alipay'; scene: PayScene; origin: string; ip: string; brand?: string },
): Promise<TSaveRechargeResult> {
  const provider = deps.pay.forMethod(input.method);
  if (!provider) throw conflict(BALANCE_MESSAGES.noProvider);
  const now = deps.now();
  // A purchase order: the amount is the item's price, and a plan the current level does not allow is refused now.
  const item = input.packageId === undefined ? undefined : purchasableOf(input.packageId);
  if (input.packageId !== undefined && !item) throw badInput(`packageId: ${BALANCE_MESSAGES.packageUnknown}`, 'packageId');
  if (item?.type === 'member') await planChange(deps.database.query, user.id, item, now);
  const amountFen = item ? item.priceFen : input.amountFen!;
  const draw = () => `R${(deps.drawOrderNo ?? newOrderNo)(now)}`;
  const closesAt = new Date(now.getTime() + RECHARGE_WINDOW_MINUTES * 60_000);
  const orderNo = await withFreshOrderNo(draw(), draw, [], async (no) => {
    const [row] = await deps.database.query<Pick<RechargeOrderRow, 'order_no'>>(
      `INSERT INTO recharge_orders (order_no, user_id, amount_fen, provider, created_at, closes_at, updated_at, package_id, brand)
       VALUES ($1, $2, $3, $4, $5, $6, $5, $7, $8) ON CONFLICT (order_no) DO NOTHING RETURNING order_no`,
      [no, user.id, amountFen, provider.name, now, closesAt, item?.id ?? null, input.brand ?? DEFAULT_BRAND],
    );
    return row?.order_no;
  });
  try {
    const launch = await provider.start({
      outTradeNo: orderNo,
      amountFen,
      description: item ? item.title : `账户充值 ${yuanOf(amountFen)} 元`,
      notifyUrl: `${input.origin}/pay/notify/${provider.name}`,
      returnUrl: `${input.origin}${returnPath(orderNo, item?.id, input.method)}`,
      scene: input.scene,
      payerIp: input.ip,
      expiresAt: closesAt,
    });
    return { orderNo, provider: provider.name, amountFen, launch };
  } catch (error) {
    if (error instanceof PayProviderError) throw conflict(`支付渠道暂时不可用，请稍后再试（${error.providerCode}）`);
    throw error;
  }
}

/** Unpaid orders of the user past their window are closed when read (a payment that still comes is credited all the same). */
async function closeDue(query: Query, userId: number, now: Date): Promise<void> {
  await query(`UPDATE recharge_orders SET state = 'closed', updated_at = $2 WHERE user_id = $1 AND state = 'created' AND closes_at <= $2`, [userId, now]);
}

async function ownOrder(query: Query, user: AuthUser, orderNo: string): Promise<RechargeOrderRow> {
  const [row] = await query<RechargeOrderRow>('SELECT * FROM recharge_orders WHERE order_no = $1 AND user_id = $2', [orderNo, user.id]);
  // Another user's order is "404" like a missing one: existence does not leak.
  if (!row) throw notFound(BALANCE_MESSAGES.orderNotFound);
  return row;
}

/**
 * recharge/getOrderPayAmount: the order and the balance. While unpaid, the provider's own record is asked (no
 * notify may have come yet): a payment it confirms is applied exactly as a verified notify would be.
 */
export async function rechargeStatus(deps: Deps, user: AuthUser, orderNo: string) {
  await closeDue(deps.database.query, user.id, deps.now());
  let row = await ownOrder(deps.database.query, user, orderNo);
  if (row.state !== 'paid' && row.provider) {
    const provider = deps.pay.byName(row.provider);
    const answer = provider ? await provider.query(row.order_no).catch(() => null) : null;
    if (provider && answer?.state === 'paid' && answer.transactionId && answer.amountFen !== undefined) {
      await applyRechargePayment(deps, provider.name, { outTradeNo: row.order_no, transactionId: answer.transactionId, amountFen: answer.amountFen });
      row = await ownOrder(deps.database.query, user, orderNo);
    }
  }
  return { ...rechargeView(row), balanceFen: await balanceOf(deps.database.query, user.id) };
}

/** recharge/getUserRechargeList: the caller's recharge orders, newest first (/info.html's recharge records). */
export async function rechargeList(deps: Deps, user: AuthUser, filter: { state?: TRechargeState; page: number; pageSize: number }) {
  const { query } = deps.database;
  await closeDue(query, user.id, deps.now());
  const rows = await query<RechargeOrderRow & { total: number }>(
    `SELECT *, (count(*) OVER ())::int AS total FROM recharge_orders WHERE user_id = $1 AND ($2::text IS NULL OR state = $2)
     ORDER BY id DESC LIMIT $3 OFFSET $4`,
    [user.id, filter.state ?? null, filter.pageSize, (filter.page - 1) * filter.pageSize],
  );
  return { list: rows.map(rechargeView), total: rows[0]?.total ?? 0 };
}

/** recharge/getRechargeDel: an unpaid order is closed (its provider trade too); a paid one is money and stays. */
export async function deleteRecharge(deps: Deps, user: AuthUser, orderNo: string): Promise<null> {
  const row = await ownOrder(deps.database.query, user, orderNo);
  if (row.state === 'paid') throw conflict(BALANCE_MESSAGES.paidNotDeletable);
  await deps.database.query(`UPDATE recharge_orders SET state = 'closed', updated_at = $2 WHERE id = $1 AND state = 'created'`, [row.id, deps.now()]);
  const provider = row.provider ? deps.pay.byName(row.provider) : null;
  if (provider) await provider.close(row.order_no).catch(() => {});
  return null;
}
