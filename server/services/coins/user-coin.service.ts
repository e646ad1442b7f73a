import type { TCoinReason } from '../../../schemas/coins/rules';
import type { TCoinLedgerRow, TUserCoin } from '../../../schemas/api/coins';
import type { TBrand } from '../../../schemas/brands';
import { addDays, isDay, shanghaiDay } from '../../../schemas/checkin/days';
import type { CoinLedgerRow } from '../../db/rows';
import type { Deps } from '../deps';
import { badInput } from '../errors';
import { coinsOf } from '../coin-ledger/coin-ledger.service';

export const USER_COIN_MESSAGES = {
  badFrom: 'from: 日期不存在',
  badTo: 'to: 日期不存在',
  badRange: 'from: 开始日期不能晚于结束日期',
} as const;

/** Sums of a user's ledger on a brand (bigint sums come back as strings on PostgreSQL). */
interface CoinSums {
  today_earned: string | number;
  total_earned: string | number;
  total_spent: string | number;
}
interface CountRow {
  n: string | number;
}

/** The first instant of a China day (Asia/Shanghai has no daylight saving). */
const dayStart = (day: string): Date => new Date(`${day}T00:00:00+08:00`);

export interface CoinLedgerQuery {
  page: number;
  pageSize: number;
  reason?: TCoinReason;
  direction?: 'in' | 'out';
  from?: string;
  to?: string;
}

/**
 * activity/user/getUserCoin: the caller's coins on the request's brand, what they earned today (China day) and in
 * all, what they spent in all (every earn is a ledger row with delta > 0, every spend one with delta < 0, refunds
 * count as earned), and one page of the ledger, newest first, filtered by reason, direction and a range of China
 * days (both ends included).
 */
export async function userCoin(deps: Deps, userId: number, brand: TBrand, input: CoinLedgerQuery): Promise<TUserCoin> {
  const { query } = deps.database;
  if (input.from !== undefined && !isDay(input.from)) throw badInput(USER_COIN_MESSAGES.badFrom, 'from');
  if (input.to !== undefined && !isDay(input.to)) throw badInput(USER_COIN_MESSAGES.badTo, 'to');
  if (input.from && input.to && input.from > input.to) throw badInput(USER_COIN_MESSAGES.badRange, 'from');
  const today = dayStart(shanghaiDay(deps.now()));
  const [sums] = await query<CoinSums>(
    `SELECT coalesce(sum(delta) FILTER (WHERE delta > 0 AND created_at >= $3), 0) AS today_earned,
            coalesce(sum(delta) FILTER (WHERE delta > 0), 0) AS total_earned,
            coalesce(-sum(delta) FILTER (WHERE delta < 0), 0) AS total_spent
     FROM coin_ledger WHERE user_id = $1 AND brand = $2`,
    [userId, brand.id, today],
  );
  const where = ['user_id = $1', 'brand = $2'];
  const params: unknown[] = [userId, brand.id];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    where.push(clause.replace('?', `$${params.length}`));
  };
  if (input.reason) add('reason = ?', input.reason);
  if (input.direction === 'in') where.push('delta > 0');
  if (input.direction === 'out') where.push('delta < 0');
  if (input.from) add('created_at >= ?', dayStart(input.from));
  if (input.to) add('created_at < ?', dayStart(addDays(input.to, 1)));
  const condition = where.join(' AND ');
  const [count] = await query<CountRow>(`SELECT count(*) AS n FROM coin_ledger WHERE ${condition}`, params);
  const rows = await query<CoinLedgerRow>(
    `SELECT * FROM coin_ledger WHERE ${condition} ORDER BY id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, input.pageSize, (input.page - 1) * input.pageSize],
  );
  return {
    coin: await coinsOf(query, userId, brand.id),
    coinName: brand.coinName,
    todayEarned: Number(sums!.today_earned),
    totalEarned: Number(sums!.total_earned),
    totalSpent: Number(sums!.total_spent),
    list: rows.map(toLedgerRow),
    total: Number(count!.n),
  };
}

const toLedgerRow = (row: CoinLedgerRow): TCoinLedgerRow => ({
  id: Number(row.id),
  delta: row.delta,
  balanceAfter: row.balance_after,
  reason: row.reason,
  title: row.title,
  createTime: new Date(row.created_at).toISOString(),
});
