import type { TGift, TGiftAddress, TGiftExchange } from '../../../../schemas/api/coins';
import type { TBrand } from '../../../../schemas/brands';
import { isMobile, normalizePhone } from '../../../../schemas/phone';
import type { Query } from '../../../db/client';
import type { GiftExchangeRow, GiftRow } from '../../../db/rows';
import type { AuthUser } from '../../access/sessions.service';
import { publicId } from '../../crypto';
import type { Deps } from '../../deps';
import { badInput, conflict, notFound } from '../../errors';
import { coinsOf, notEnoughCoins } from '../../coin-ledger/coin-ledger.service';

/**
 * The gift centre (issue 51 item 3): the brand's catalogue ('' brand: every brand), an exchange paid in the brand's
 * coin, and the exchanges with their addresses. Nobody ships from here yet: an exchange stays 待发货 (pending) until
 * whoever runs the deployment ships it (docs/decisions.md, issue 51 helper gifts); its address may change until then.
 */
export const GIFT_MESSAGES = {
  noGift: '礼品不存在或已下架',
  soldOut: '礼品已兑完',
  badPhone: '手机号格式不正确',
  noExchange: '兑换记录不存在',
  shipped: '礼品已发货，无法修改地址',
} as const;

/** A count(*) read. */
export type CountRow = { n: number };
type GiftCountRow = { exchanges: number; pending: number; unaddressed: number; draws: number };

/** One page of a caller's brand list: `… WHERE user_id = $1 AND brand = $2 … ${PAGE_SQL}` with `...pageParams(p)`. */
export const PAGE_SQL = 'LIMIT $3 OFFSET $4';
export const pageParams = (p: { page: number; pageSize: number }) => [p.pageSize, (p.page - 1) * p.pageSize];

type GiftFields = Pick<GiftRow, 'id' | 'public_id' | 'name' | 'description' | 'image' | 'coin_price' | 'stock'>;
const giftOf = (g: GiftFields): TGift => ({
  giftId: g.public_id,
  name: g.name,
  description: g.description,
  image: g.image,
  coinPrice: g.coin_price,
  stock: g.stock,
});

/** An exchange row with its gift's image. */
export type ExchangeFields = Pick<
  GiftExchangeRow,
  'public_id' | 'gift_name' | 'coins' | 'receiver_name' | 'receiver_phone' | 'region' | 'address' | 'state' | 'express_company' | 'tracking_no' | 'created_at'
> & { gift_public_id: string; image: string };

export const EXCHANGE_SELECT = `SELECT e.public_id, e.gift_name, e.coins, e.receiver_name, e.receiver_phone, e.region, e.address, e.state,
  e.express_company, e.tracking_no, e.created_at, g.public_id AS gift_public_id, g.image
  FROM gift_exchanges e JOIN gifts g ON g.id = e.gift_id`;

export const exchangeOf = (e: ExchangeFields): TGiftExchange => ({
  exchangeId: e.public_id,
  giftId: e.gift_public_id,
  giftName: e.gift_name,
  image: e.image,
  coins: e.coins,
  receiverName: e.receiver_name,
  receiverPhone: e.receiver_phone,
  region: e.region,
  address: e.address,
  state: e.state,
  expressCompany: e.express_company,
  trackingNo: e.tracking_no,
  addressEditable: e.state === 'pending',
  createTime: new Date(e.created_at).toISOString(),
});

export async function exchangeByPublicId(query: Query, userId: number, exchangeId: string): Promise<TGiftExchange> {
  const [row] = await query<ExchangeFields>(`${EXCHANGE_SELECT} WHERE e.public_id = $1 AND e.user_id = $2`, [exchangeId, userId]);
  if (!row) throw notFound(GIFT_MESSAGES.noExchange);
  return exchangeOf(row);
}

/** The address as stored: the §5 phone rule (schemas/phone.ts), the phone normalized. */
function checkedAddress(a: TGiftAddress): TGiftAddress {
  if (!isMobile(a.receiverPhone)) throw badInput(GIFT_MESSAGES.badPhone, 'receiverPhone');
  return { ...a, receiverPhone: normalizePhone(a.receiverPhone) };
}

/** activity/gift/getWxAppletGiftPage: the brand's gifts (sold-out ones too, shown 已兑完) and the caller's coins. */
export async function giftPage(deps: Deps, user: AuthUser, brand: TBrand, p: { page: number; pageSize: number }) {
  const q = deps.database.query;
  const rows = await q<GiftFields>(
    `SELECT id, public_id, name, description, image, coin_price, stock FROM gifts WHERE active AND brand IN ('', $1)
     ORDER BY sort, id LIMIT $2 OFFSET $3`,
    [brand.id, ...pageParams(p)],
  );
  const [count] = await q<CountRow>(`SELECT count(*)::int AS n FROM gifts WHERE active AND brand IN ('', $1)`, [brand.id]);
  return { list: rows.map(giftOf), total: count!.n, coin: await coinsOf(q, user.id, brand.id), coinName: brand.coinName };
}

/**
 * activity/gift/getGiftExchange, in one transaction: one of the stock by the giftStock strategy (exact: one
 * conditional UPDATE), the price by the coin mover (reason 'gift'), the exchange row with its address. Sold out → 409
 * 礼品已兑完; too few coins → 409 with what is needed and what there is; nothing is taken then.
 */
export async function exchangeGift(deps: Deps, user: AuthUser, brand: TBrand, input: { giftId: string; address: TGiftAddress }) {
  const address = checkedAddress(input.address);
  const [gift] = await deps.database.query<GiftFields>(
    `SELECT id, public_id, name, description, image, coin_price, stock FROM gifts WHERE public_id = $1 AND active AND brand IN ('', $2)`,
    [input.giftId, brand.id],
  );
  if (!gift) throw notFound(GIFT_MESSAGES.noGift);
  if (gift.stock <= 0) throw conflict(GIFT_MESSAGES.soldOut);
  const taker = await deps.giftStock.prepare(deps.database.query, gift.id);
  const mover = await deps.coins.prepare(deps.database.query, user.id, brand.id);
  const exchangeId = publicId();
  const coin = await deps.database.transaction(async (q) => {
    if (!(await taker.take(q, gift.id))) throw conflict(GIFT_MESSAGES.soldOut);
    const at = deps.now();
    const after = await mover.change(q, {
      userId: user.id,
      brand: brand.id,
      delta: -gift.coin_price,
      reason: 'gift',
      reference: exchangeId,
      title: `兑换礼品：${gift.name}`,
      at,
    });
    if (after === null) throw conflict(notEnoughCoins(brand.coinName, gift.coin_price, await coinsOf(q, user.id, brand.id)));
    await q(
      `INSERT INTO gift_exchanges (public_id, user_id, brand, gift_id, gift_name, coins, receiver_name, receiver_phone, region, address, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
      [exchangeId, user.id, brand.id, gift.id, gift.name, gift.coin_price, address.receiverName, address.receiverPhone, address.region, address.address, at],
    );
    return after;
  });
  return { exchange: await exchangeByPublicId(deps.database.query, user.id, exchangeId), coin, coinName: brand.coinName };
}

/** activity/gift/getGiftExchangePage: the caller's exchanges on this brand (bought and won), newest first. */
export async function exchangePage(deps: Deps, user: AuthUser, brand: TBrand, p: { page: number; pageSize: number }) {
  const q = deps.database.query;
  const rows = await q<ExchangeFields>(`${EXCHANGE_SELECT} WHERE e.user_id = $1 AND e.brand = $2 ORDER BY e.id DESC ${PAGE_SQL}`, [
    user.id,
    brand.id,
    ...pageParams(p),
  ]);
  const [count] = await q<CountRow>('SELECT count(*)::int AS n FROM gift_exchanges WHERE user_id = $1 AND brand = $2', [user.id, brand.id]);
  return { list: rows.map(exchangeOf), total: count!.n };
}

/** activity/gift/updateGiftAddress: one's own exchange (anyone else's is 404), only while it waits to ship (one conditional UPDATE). */
export async function updateGiftAddress(deps: Deps, user: AuthUser, input: { exchangeId: string; address: TGiftAddress }): Promise<TGiftExchange> {
  const a = checkedAddress(input.address);
  const q = deps.database.query;
  const updated = await q(
    `UPDATE gift_exchanges SET receiver_name = $3, receiver_phone = $4, region = $5, address = $6, updated_at = $7
     WHERE public_id = $1 AND user_id = $2 AND state = 'pending' RETURNING id`,
    [input.exchangeId, user.id, a.receiverName, a.receiverPhone, a.region, a.address, deps.now()],
  );
  const exchange = await exchangeByPublicId(q, user.id, input.exchangeId);
  if (!updated.length) throw conflict(GIFT_MESSAGES.shipped);
  return exchange;
}

/** activity/gift/getGifCount: the caller's exchanges, those waiting to ship, draws, and won gifts still without an address. */
export async function giftCount(deps: Deps, user: AuthUser, brand: TBrand) {
  const [row] = await deps.database.query<GiftCountRow>(
    `SELECT count(*)::int AS exchanges,
       count(*) FILTER (WHERE state = 'pending')::int AS pending,
       count(*) FILTER (WHERE state = 'pending' AND receiver_name = '')::int AS unaddressed,
       (SELECT count(*)::int FROM coin_draws WHERE user_id = $1 AND brand = $2) AS draws
     FROM gift_exchanges WHERE user_id = $1 AND brand = $2`,
    [user.id, brand.id],
  );
  return { exchangeCount: row!.exchanges, pendingCount: row!.pending, drawCount: row!.draws, unaddressedCount: row!.unaddressed };
}
