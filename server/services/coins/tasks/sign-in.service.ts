import type { TSignStatus } from '../../../../schemas/api/coins';
import { addDays, shanghaiDay } from '../../../../schemas/checkin/days';
import { signReward } from '../../../../schemas/coins/rules';
import { signStatusOf } from '../../../../schemas/coins/sign-status';
import type { Query } from '../../../db/client';
import type { Deps } from '../../deps';
import { conflict } from '../../errors';
import { TASK_MESSAGES } from './task-id';

type Streak = { streak: number };

async function streakOn(query: Query, userId: number, brand: string, day: string): Promise<number> {
  const [row] = await query<Streak>('SELECT streak FROM coin_signins WHERE user_id = $1 AND brand = $2 AND day = $3', [userId, brand, day]);
  return row?.streak ?? 0;
}

export async function signStatus(deps: Deps, userId: number, brand: string): Promise<TSignStatus> {
  const today = shanghaiDay(deps.now());
  const { query } = deps.database;
  return signStatusOf(await streakOn(query, userId, brand, today), await streakOn(query, userId, brand, addDays(today, -1)));
}

/**
 * Sign in today: one row per user, brand and China day (INSERT … ON CONFLICT DO NOTHING RETURNING decides a race),
 * the streak continued from yesterday's row, the reward paid with its ledger row in the same transaction.
 */
export async function signIn(deps: Deps, userId: number, brand: string) {
  const now = deps.now();
  const today = shanghaiDay(now);
  const { query } = deps.database;
  const yesterday = await streakOn(query, userId, brand, addDays(today, -1));
  const streak = yesterday + 1;
  const reward = signReward(streak);
  const mover = await deps.coins.prepare(query, userId, brand);
  const coin = await deps.database.transaction(async (q) => {
    const taken = await q(
      `INSERT INTO coin_signins (user_id, brand, day, streak, reward, created_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id, brand, day) DO NOTHING RETURNING streak`,
      [userId, brand, today, streak, reward, now],
    );
    if (!taken.length) throw conflict(TASK_MESSAGES.signed);
    return (await mover.change(q, { userId, brand, delta: reward, reason: 'sign', reference: today, title: `每日签到（连续第 ${streak} 天）`, at: now }))!;
  });
  return { sign: signStatusOf(streak, yesterday), reward, coin };
}
