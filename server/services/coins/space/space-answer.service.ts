import { brandById, BRANDS, DEFAULT_BRAND } from '../../../../schemas/brands';
import { SPACE_RULE } from '../../../../schemas/coins/rules';
import { SPACE_MESSAGES } from '../../../../schemas/coins/space';
import { addDays, shanghaiDay } from '../../../../schemas/checkin/days';
import type { TSpaceNotice } from '../../../../schemas/api/write';
import type { Query } from '../../../db/client';
import type { SpaceReleaseRow } from '../../../db/rows';
import type { AuthUser } from '../../access/sessions.service';
import type { Deps } from '../../deps';
import { lockCoinAccount, type CoinMover } from '../../coin-ledger/coin-ledger.service';
import type { SpaceBudgetTaker } from './space-budget';

type Release = Pick<SpaceReleaseRow, 'id' | 'public_id' | 'user_id' | 'project_id' | 'brand' | 'reward' | 'state' | 'budget' | 'paid'>;

/** What a logged-in answer from the space takes in the submit's transaction, prepared before it. */
export interface SpacePlan {
  release: Release;
  userId: number;
  coinName: string;
  budget: SpaceBudgetTaker;
  /** The respondent's coins (the reward) and the releaser's (the rest of a budget that cannot pay another answer). */
  earner: CoinMover;
  releaser: CoinMover;
}

const notice = (state: TSpaceNotice['state'], reward: number, coinName: string, message: string): TSpaceNotice => ({ state, reward, coinName, message });

/**
 * Before the submit's transaction: the release the respondent came from (?space=), if it is this project's. A notice
 * decides it already (not the project's release, logged out: the sheet is stored and the page says to log in to
 * earn; one's own release earns nothing); otherwise the plan the transaction applies. null: the sheet did not come from the space.
 */
export async function planSpaceAnswer(
  deps: Deps,
  projectId: number,
  user: AuthUser | null,
  releasePublicId: string | undefined,
): Promise<SpacePlan | TSpaceNotice | null> {
  if (!releasePublicId) return null;
  const { query } = deps.database;
  const [release] = await query<Release>(
    'SELECT id, public_id, user_id, project_id, brand, reward, state, budget, paid FROM space_releases WHERE public_id = $1',
    [releasePublicId],
  );
  if (!release || release.project_id !== projectId) return notice('refused', 0, BRANDS[DEFAULT_BRAND].coinName, SPACE_MESSAGES.releaseMissing);
  const coinName = brandById(release.brand).coinName;
  if (!user) return notice('login', release.reward, coinName, SPACE_MESSAGES.login(coinName));
  // One's own release: the sheet is kept as a normal answer and earns nothing.
  if (release.user_id === user.id) return notice('refused', 0, coinName, SPACE_MESSAGES.own);
  return {
    release,
    userId: user.id,
    coinName,
    budget: await deps.spaceBudget.prepare(query, release.id),
    earner: await deps.coins.prepare(query, user.id, release.brand),
    releaser: await deps.coins.prepare(query, release.user_id, release.brand),
  };
}

/** Why a stored sheet earns nothing before the budget is asked: the submit rules' suspect reason, the creator's screening. */
export interface SheetVerdict {
  sheetPublicId: string;
  suspectReason: string | null;
  /** The screening jump's end message when the creator's logic ended the sheet early (null: not screened out). */
  screened: string | null;
}

/**
 * In the submit's transaction, after the sheet is stored: one reward per respondent and release (the unique row),
 * refused for one's own release, a suspect or screened-out sheet, the daily cap, or a spent budget (one conditional
 * UPDATE: the strategy); else the respondent's coins by the ledger. A budget left unable to pay another answer closes
 * the release and goes back to the releaser in the same transaction. The row keeps paid or refused and why.
 */
export async function applySpaceAnswer(q: Query, deps: Deps, plan: SpacePlan, verdict: SheetVerdict): Promise<TSpaceNotice> {
  const { release, coinName, userId } = plan;
  const refuse = (message: string) => notice('refused', 0, coinName, message);
  const now = deps.now();
  const [row] = await q<{ id: number }>(
    `INSERT INTO space_answers (release_id, sheet_id, user_id, state, reason, created_at)
     VALUES ($1, (SELECT id FROM answer_sheets WHERE public_id = $2), $3, 'refused', '', $4)
     ON CONFLICT (release_id, user_id) DO NOTHING RETURNING id`,
    [release.id, verdict.sheetPublicId, userId, now],
  );
  if (!row) return refuse(SPACE_MESSAGES.twice);
  const decided = async (state: 'paid' | 'refused', reward: number, reason: string) => {
    await q('UPDATE space_answers SET state = $2, reward = $3, reason = $4 WHERE id = $1', [row.id, state, reward, reason]);
    return notice(state, reward, coinName, reason);
  };
  if (verdict.suspectReason) return decided('refused', 0, SPACE_MESSAGES.suspect(verdict.suspectReason));
  if (verdict.screened !== null) return decided('refused', 0, SPACE_MESSAGES.screened(verdict.screened));
  // Closed: its budget ran out (a paid answer closed it), or the releaser took the rest back.
  if (release.state !== 'open') return decided('refused', 0, release.budget - release.paid < release.reward ? SPACE_MESSAGES.exhausted : SPACE_MESSAGES.closed);
  // The daily cap is counted over the ledger: the respondent's account stays locked from the count to the credit.
  await lockCoinAccount(q, userId, release.brand);
  if ((await earnedToday(q, userId, release.brand, now)) + release.reward > SPACE_RULE.dailyEarnCap) {
    return decided('refused', 0, SPACE_MESSAGES.dailyCap(SPACE_RULE.dailyEarnCap, coinName));
  }
  const taken = await plan.budget.take(q, release.id, release.reward);
  if (!taken) return decided('refused', 0, SPACE_MESSAGES.exhausted);
  await plan.earner.change(q, {
    userId,
    brand: release.brand,
    delta: release.reward,
    reason: 'space_earn',
    reference: String(row.id),
    at: now,
  });
  if (taken.budget - taken.paid < release.reward) await closeSpent(q, plan, now);
  return decided('paid', release.reward, SPACE_MESSAGES.paid(release.reward, coinName));
}

/** The rest of a budget that cannot pay another answer goes back to the releaser, and the release leaves the space. */
async function closeSpent(q: Query, plan: SpacePlan, now: Date): Promise<void> {
  const { release } = plan;
  const [closed] = await q<{ refunded: number }>(
    `UPDATE space_releases SET state = 'closed', refunded = budget - paid, closed_at = $2 WHERE id = $1 AND state = 'open' RETURNING refunded`,
    [release.id, now],
  );
  if (closed && closed.refunded > 0) {
    await plan.releaser.change(q, {
      userId: release.user_id,
      brand: release.brand,
      delta: closed.refunded,
      reason: 'space_refund',
      reference: release.public_id,
      title: '互助空间奖励发完，剩余预算退回',
      at: now,
    });
  }
}

/** The space rewards a respondent earned on a brand this China day. */
async function earnedToday(q: Query, userId: number, brand: string, now: Date): Promise<number> {
  const day = shanghaiDay(now);
  const from = new Date(`${day}T00:00:00+08:00`);
  const to = new Date(`${addDays(day, 1)}T00:00:00+08:00`);
  const [row] = await q<{ n: number }>(
    `SELECT coalesce(sum(delta), 0)::int AS n FROM coin_ledger
     WHERE user_id = $1 AND brand = $2 AND reason = 'space_earn' AND created_at >= $3 AND created_at < $4`,
    [userId, brand, from, to],
  );
  return row?.n ?? 0;
}
