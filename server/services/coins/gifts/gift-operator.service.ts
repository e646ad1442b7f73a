import { GIFT_OPERATOR_MESSAGES, type TOperatorExchange } from '../../../../schemas/api/coins';
import { brandById } from '../../../../schemas/brands';
import type { TGiftExchangeState } from '../../../../schemas/coins/rules';
import type { Query } from '../../../db/client';
import type { TEnv } from '../../../env';
import type { AuthUser } from '../../access/sessions.service';
import type { Deps } from '../../deps';
import { conflict, forbidden, notFound } from '../../errors';
import { NEWS_TYPES, notify } from '../../messages/notify.service';
import { exchangeOf, type CountRow, type ExchangeFields } from './gift.service';

/**
 * The site operator's side of the gift centre (issue 51 follow-up): every brand's exchanges with their addresses, 发货
 * (express company + tracking number) and 取消 (the stock and the coins go back). The operator is an account whose
 * phone is in OPERATOR_ACCOUNTS, as for the help centre's 意见反馈; anyone else is refused "403" before anything is read.
 */
export function assertGiftOperator(env: Pick<TEnv, 'OPERATOR_ACCOUNTS'>, user: AuthUser): void {
  const phones = env.OPERATOR_ACCOUNTS ? env.OPERATOR_ACCOUNTS.split(',') : [];
  if (!phones.includes(user.phone)) throw forbidden(GIFT_OPERATOR_MESSAGES.notOperator);
}

type OperatorFields = ExchangeFields & { id: number; user_id: number; brand: string; gift_id: number; phone: string; updated_at: Date | string };

const OPERATOR_SELECT = `SELECT e.id, e.user_id, e.brand, e.gift_id, e.public_id, e.gift_name, e.coins, e.receiver_name, e.receiver_phone, e.region,
  e.address, e.state, e.express_company, e.tracking_no, e.created_at, e.updated_at, g.public_id AS gift_public_id, g.image, u.phone
  FROM gift_exchanges e JOIN gifts g ON g.id = e.gift_id JOIN users u ON u.id = e.user_id`;

const maskPhone = (phone: string) => (phone && phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone || '—');

const operatorExchangeOf = (e: OperatorFields): TOperatorExchange => ({
  ...exchangeOf(e),
  brand: e.brand,
  userPhone: maskPhone(e.phone),
  updateTime: new Date(e.updated_at).toISOString(),
});

async function byPublicId(q: Query, exchangeId: string): Promise<OperatorFields | undefined> {
  return (await q<OperatorFields>(`${OPERATOR_SELECT} WHERE e.public_id = $1`, [exchangeId]))[0];
}

const coinNameOf = (brand: string) => brandById(brand).coinName;

/** activity/gift/operator/getExchangePage: every user's exchanges in one state ('all': every state), oldest pending first. */
export async function operatorExchangePage(deps: Deps, p: { page: number; pageSize: number; state: 'all' | TGiftExchangeState }) {
  const q = deps.database.query;
  const where = `($1 = 'all' OR e.state = $1)`;
  // Pending ones are worked through oldest first; the others are read newest first.
  const order = p.state === 'pending' ? 'e.id ASC' : 'e.updated_at DESC, e.id DESC';
  const rows = await q<OperatorFields>(`${OPERATOR_SELECT} WHERE ${where} ORDER BY ${order} LIMIT $2 OFFSET $3`, [
    p.state,
    p.pageSize,
    (p.page - 1) * p.pageSize,
  ]);
  const [count] = await q<CountRow>(`SELECT count(*)::int AS n FROM gift_exchanges e WHERE ${where}`, [p.state]);
  const [pending] = await q<CountRow>(`SELECT count(*)::int AS n FROM gift_exchanges WHERE state = 'pending'`);
  return { list: rows.map(operatorExchangeOf), total: count!.n, pendingCount: pending!.n };
}

/** Why a conditional UPDATE found nothing: gone (404), already handled (409), or no address yet (409). */
function refusal(row: OperatorFields | undefined): Error {
  if (!row) return notFound(GIFT_OPERATOR_MESSAGES.noExchange);
  if (row.state !== 'pending') return conflict(GIFT_OPERATOR_MESSAGES.notPending);
  return conflict(GIFT_OPERATOR_MESSAGES.noAddress);
}

/**
 * activity/gift/operator/shipExchange: one conditional UPDATE pending → shipped (with an address) sets the company and
 * the tracking number; the user is told 礼品已发货 in the same transaction. A second 发货 finds nothing: "409".
 */
export async function shipExchange(deps: Deps, input: { exchangeId: string; expressCompany: string; trackingNo: string }): Promise<TOperatorExchange> {
  const shipped = await deps.database.transaction(async (q) => {
    const at = deps.now();
    const [row] = await q<{ user_id: number; gift_name: string }>(
      `UPDATE gift_exchanges SET state = 'shipped', express_company = $2, tracking_no = $3, updated_at = $4
       WHERE public_id = $1 AND state = 'pending' AND receiver_name <> '' RETURNING user_id, gift_name`,
      [input.exchangeId, input.expressCompany, input.trackingNo, at],
    );
    if (!row) return false;
    await notify(
      q,
      row.user_id,
      {
        title: `礼品已发货：${row.gift_name}，${input.expressCompany} 运单号 ${input.trackingNo}`,
        newsType: NEWS_TYPES.giftShipped,
        key: `giftShipped:${input.exchangeId}`,
      },
      at,
    );
    return true;
  });
  const after = await byPublicId(deps.database.query, input.exchangeId);
  if (!shipped) throw refusal(after);
  return operatorExchangeOf(after!);
}

/**
 * activity/gift/operator/cancelExchange: one conditional UPDATE pending → cancelled, then in the same transaction the
 * stock goes back by one (the catalogue's for a bought gift, the draw prize's for a won one) and the coins paid go back
 * by the coin mover (reason 'gift_refund', the exchange as reference: once, whatever happens). Twice → "409".
 */
export async function cancelExchange(deps: Deps, exchangeId: string): Promise<TOperatorExchange> {
  const q0 = deps.database.query;
  const before = await byPublicId(q0, exchangeId);
  if (!before || before.state !== 'pending') throw refusal(before);
  const mover = await deps.coins.prepare(q0, before.user_id, before.brand);
  const cancelled = await deps.database.transaction(async (q) => {
    const at = deps.now();
    const [row] = await q<{ id: number; coins: number; gift_id: number }>(
      `UPDATE gift_exchanges SET state = 'cancelled', updated_at = $2 WHERE public_id = $1 AND state = 'pending' RETURNING id, coins, gift_id`,
      [exchangeId, at],
    );
    if (!row) return false;
    const [draw] = await q<{ prize_id: number | null }>('SELECT prize_id FROM coin_draws WHERE exchange_id = $1', [row.id]);
    if (draw?.prize_id) await q('UPDATE coin_draw_prizes SET stock = stock + 1 WHERE id = $1 AND stock IS NOT NULL', [draw.prize_id]);
    else await q('UPDATE gifts SET stock = stock + 1 WHERE id = $1', [row.gift_id]);
    if (row.coins > 0) {
      await mover.change(q, {
        userId: before.user_id,
        brand: before.brand,
        delta: row.coins,
        reason: 'gift_refund',
        reference: exchangeId,
        title: `礼品兑换取消：${before.gift_name}`,
        at,
      });
    }
    const coinName = coinNameOf(before.brand);
    await notify(
      q,
      before.user_id,
      {
        title: row.coins > 0 ? `礼品兑换已取消：${before.gift_name}，${row.coins} ${coinName}已退回` : `礼品兑换已取消：${before.gift_name}`,
        newsType: NEWS_TYPES.giftCancelled,
        key: `giftCancelled:${exchangeId}`,
      },
      at,
    );
    return true;
  });
  const after = await byPublicId(q0, exchangeId);
  if (!cancelled) throw refusal(after);
  return operatorExchangeOf(after!);
}
