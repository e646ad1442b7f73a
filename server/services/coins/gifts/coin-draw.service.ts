import { randomInt } from 'node:crypto';
import type { TDrawPrize, TDrawRecord } from '../../../../schemas/api/coins';
import type { TBrand } from '../../../../schemas/brands';
import { shanghaiDay } from '../../../../schemas/checkin/days';
import { DRAW_RULE } from '../../../../schemas/coins/rules';
import type { Query } from '../../../db/client';
import type { CoinAccountRow, CoinDrawPrizeRow, CoinDrawRow, GiftExchangeRow } from '../../../db/rows';
import type { AuthUser } from '../../access/sessions.service';
import { publicId } from '../../crypto';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../errors';
import { coinsOf, notEnoughCoins } from '../../coin-ledger/coin-ledger.service';
import { EXCHANGE_SELECT, exchangeOf, PAGE_SQL, pageParams, type CountRow, type ExchangeFields } from './gift.service';
import { pickPrize, probabilityOf } from './pick-prize';

/**
 * The coin draw (issue 51 item 3): DRAW_RULE.cost coins a draw, at most DRAW_RULE.dailyLimit draws a China day,
 * a prize chosen by pickPrize from a crypto-random roll. A coin prize is named by the brand's coin ("20金币" /
 * "20问卷币"), never a fixed word.
 */
export const DRAW_MESSAGES = {
  limit: `今日抽奖次数已用完（每天 ${DRAW_RULE.dailyLimit} 次），明天再来吧`,
  noDraw: '抽奖记录不存在',
  nothing: '谢谢参与',
} as const;

type PrizeFields = Pick<CoinDrawPrizeRow, 'id' | 'public_id' | 'name' | 'kind' | 'coins' | 'weight' | 'stock'>;

const prizeName = (p: Pick<PrizeFields, 'name' | 'kind' | 'coins'>, coinName: string): string =>
  p.kind === 'coin' ? `${p.coins}${coinName}` : p.name || DRAW_MESSAGES.nothing;

async function prizesOf(query: Query, brand: string): Promise<PrizeFields[]> {
  return query<PrizeFields>(
    `SELECT id, public_id, name, kind, coins, weight, stock FROM coin_draw_prizes WHERE active AND brand IN ('', $1) ORDER BY sort, id`,
    [brand],
  );
}

async function drawsToday(query: Query, userId: number, brand: string, day: string): Promise<number> {
  const [row] = await query<CountRow>('SELECT count(*)::int AS n FROM coin_draws WHERE user_id = $1 AND brand = $2 AND day = $3', [userId, brand, day]);
  return row!.n;
}

/** activity/coinDraw/getDrawList: the prizes with their configured chance and what is left of limited ones. */
export async function drawList(deps: Deps, brand: TBrand) {
  const prizes: TDrawPrize[] = (await prizesOf(deps.database.query, brand.id)).map((p) => ({
    prizeId: p.public_id,
    prizeName: prizeName(p, brand.coinName),
    prizeKind: p.kind,
    coins: p.coins,
    probability: probabilityOf(p.weight),
    stock: p.stock,
  }));
  return { prizes, cost: DRAW_RULE.cost, dailyLimit: DRAW_RULE.dailyLimit, coinName: brand.coinName };
}

/** activity/coinDraw/getUserDrawCount: draws left today, the cost and the caller's coins. */
export async function drawCount(deps: Deps, user: AuthUser, brand: TBrand) {
  const q = deps.database.query;
  const used = await drawsToday(q, user.id, brand.id, shanghaiDay(deps.now()));
  return {
    remaining: Math.max(0, DRAW_RULE.dailyLimit - used),
    dailyLimit: DRAW_RULE.dailyLimit,
    cost: DRAW_RULE.cost,
    coin: await coinsOf(q, user.id, brand.id),
    coinName: brand.coinName,
  };
}

/** A roll in [0, 1) from the operating system's randomness (48 bits). */
const secureRoll = (): number => randomInt(0, 2 ** 47) / 2 ** 47;

type DrawFields = Pick<CoinDrawRow, 'public_id' | 'prize_name' | 'prize_kind' | 'cost' | 'won_coins' | 'created_at' | 'exchange_id'> & {
  prize_public_id: string | null;
  exchange_public_id: string | null;
};
const DRAW_SELECT = `SELECT d.public_id, d.prize_name, d.prize_kind, d.cost, d.won_coins, d.created_at, d.exchange_id,
  p.public_id AS prize_public_id, e.public_id AS exchange_public_id
  FROM coin_draws d LEFT JOIN coin_draw_prizes p ON p.id = d.prize_id LEFT JOIN gift_exchanges e ON e.id = d.exchange_id`;

async function recordsOf(query: Query, rows: DrawFields[]): Promise<TDrawRecord[]> {
  const ids = rows.map((r) => r.exchange_id).filter((id): id is number => id !== null);
  const exchanges = ids.length
    ? await query<ExchangeFields & { id: number }>(`${EXCHANGE_SELECT.replace('SELECT ', 'SELECT e.id, ')} WHERE e.id = ANY($1)`, [ids])
    : [];
  return rows.map((r) => {
    const exchange = exchanges.find((e) => e.id === r.exchange_id);
    return {
      drawId: r.public_id,
      prizeId: r.prize_public_id,
      prizeName: r.prize_name,
      prizeKind: r.prize_kind,
      cost: r.cost,
      wonCoins: r.won_coins,
      exchange: exchange ? exchangeOf(exchange) : null,
      createTime: new Date(r.created_at).toISOString(),
    };
  });
}

/**
 * activity/coinDraw/getUserDraw, in one transaction: the caller's coin account row locked (FOR UPDATE) so the day's
 * count is exact however many draws run at once, the cost by the coin mover (reason 'draw'), a limited prize's
 * stock by one conditional UPDATE (gone → 谢谢参与), a coin prize credited (reason 'draw_prize', the draw's id as
 * reference), a gift prize as an exchange (coins 0) waiting for an address, and the draw row.
 */
export async function userDraw(deps: Deps, user: AuthUser, brand: TBrand, roll: () => number = secureRoll) {
  const prizes = await prizesOf(deps.database.query, brand.id);
  const mover = await deps.coins.prepare(deps.database.query, user.id, brand.id);
  const drawId = publicId();
  await deps.database.transaction(async (q) => {
    const [account] = await q<Pick<CoinAccountRow, 'balance'>>('SELECT balance FROM coin_accounts WHERE user_id = $1 AND brand = $2 FOR UPDATE', [
      user.id,
      brand.id,
    ]);
    const at = deps.now();
    const day = shanghaiDay(at);
    if ((await drawsToday(q, user.id, brand.id, day)) >= DRAW_RULE.dailyLimit) throw conflict(DRAW_MESSAGES.limit);
    const paid = await mover.change(q, { userId: user.id, brand: brand.id, delta: -DRAW_RULE.cost, reason: 'draw', reference: drawId, title: '抽奖', at });
    if (paid === null) throw conflict(notEnoughCoins(brand.coinName, DRAW_RULE.cost, account?.balance ?? 0));
    let prize = pickPrize(prizes, roll());
    if (prize && prize.stock !== null) {
      const taken = await q('UPDATE coin_draw_prizes SET stock = stock - 1 WHERE id = $1 AND stock > 0 RETURNING id', [prize.id]);
      if (!taken.length) prize = null;
    }
    if (prize === null || prize.kind === 'none') prize = prizes.find((p) => p.kind === 'none') ?? null;
    const kind = prize?.kind ?? 'none';
    const name = prize ? prizeName(prize, brand.coinName) : DRAW_MESSAGES.nothing;
    let wonCoins = 0;
    if (prize && kind === 'coin' && prize.coins > 0) {
      wonCoins = prize.coins;
      await mover.change(q, { userId: user.id, brand: brand.id, delta: wonCoins, reason: 'draw_prize', reference: drawId, title: `抽奖奖励：${name}`, at });
    }
    let exchangeRow: number | null = null;
    if (prize && kind === 'gift') {
      const [exchange] = await q<Pick<GiftExchangeRow, 'id'>>(
        `INSERT INTO gift_exchanges (public_id, user_id, brand, gift_id, gift_name, coins, created_at, updated_at)
         SELECT $1, $2, $3, g.id, g.name, 0, $5, $5 FROM coin_draw_prizes p JOIN gifts g ON g.id = p.gift_id WHERE p.id = $4 RETURNING id`,
        [publicId(), user.id, brand.id, prize.id, at],
      );
      exchangeRow = exchange?.id ?? null;
    }
    await q(
      `INSERT INTO coin_draws (public_id, user_id, brand, prize_id, prize_name, prize_kind, cost, won_coins, exchange_id, day, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [drawId, user.id, brand.id, prize?.id ?? null, name, kind, DRAW_RULE.cost, wonCoins, exchangeRow, day, at],
    );
  });
  return { record: await drawDetail(deps, user, drawId), count: await drawCount(deps, user, brand) };
}

/** activity/gift/getUserCoinDrawDetailPage: the caller's draws on this brand, newest first. */
export async function drawPage(deps: Deps, user: AuthUser, brand: TBrand, p: { page: number; pageSize: number }) {
  const q = deps.database.query;
  const rows = await q<DrawFields>(`${DRAW_SELECT} WHERE d.user_id = $1 AND d.brand = $2 ORDER BY d.id DESC ${PAGE_SQL}`, [
    user.id,
    brand.id,
    ...pageParams(p),
  ]);
  const [count] = await q<CountRow>('SELECT count(*)::int AS n FROM coin_draws WHERE user_id = $1 AND brand = $2', [user.id, brand.id]);
  return { list: await recordsOf(q, rows), total: count!.n };
}

/** activity/gift/getUseDrawDetail: one of the caller's own draws (anyone else's is 404). */
export async function drawDetail(deps: Deps, user: AuthUser, drawId: string): Promise<TDrawRecord> {
  const q = deps.database.query;
  const rows = await q<DrawFields>(`${DRAW_SELECT} WHERE d.public_id = $1 AND d.user_id = $2`, [drawId, user.id]);
  if (!rows.length) throw notFound(DRAW_MESSAGES.noDraw);
  return (await recordsOf(q, rows))[0]!;
}
