import type { Database } from '../../db/client';
import { consumeQuota, refundQuota } from '../money/quota.service';

export type TAiPurpose = 'generate' | 'analyze';

/** One AI count taken: its ai_uses row (to give it back once) and the counts left after it. */
export interface AiUse {
  useId: number;
  remaining: number;
}

/**
 * How a model call takes the user's AI count (issue 52 item 2). exactAiQuota takes it in one transaction: the
 * conditional UPDATE of consumeQuota (remaining >= 1) and the ai_uses row that records it — so N counts serve
 * exactly N parallel calls. The concurrency test injects a naive one (tests/helpers/naive-strategies.ts) that reads
 * the count first and writes what it read minus one, and shows it overshoots.
 */
export interface AiQuotaStrategy {
  /** Take one count; null when none is left (nothing taken). `reference` is kept on the ai_uses row (the prompt's id and version). */
  take(database: Database, userId: number, purpose: TAiPurpose, reference: string, now: Date): Promise<AiUse | null>;
}

export const exactAiQuota: AiQuotaStrategy = {
  take: (database, userId, purpose, reference, now) =>
    database.transaction(async (q) => {
      const remaining = await consumeQuota(q, userId, 'ai', 1, now);
      if (remaining === null) return null;
      const [row] = await q<{ id: number }>(
        `INSERT INTO ai_uses (user_id, purpose, units, state, reference, created_at) VALUES ($1, $2, 1, 'taken', $3, $4) RETURNING id`,
        [userId, purpose, reference, now],
      );
      return { useId: Number(row!.id), remaining };
    }),
};

/**
 * Give a taken count back after the model failed: the ai_uses row turns 'returned' once (a conditional UPDATE), and
 * only that turn refunds — so a failure reported twice still gives back one count. True when it gave it back.
 */
export async function giveBackAiUse(database: Database, useId: number, now: Date): Promise<boolean> {
  return database.transaction(async (q) => {
    const [row] = await q<{ user_id: number; units: number }>(
      `UPDATE ai_uses SET state = 'returned', returned_at = $2 WHERE id = $1 AND state = 'taken' RETURNING user_id, units`,
      [useId, now],
    );
    if (!row) return false;
    await refundQuota(q, row.user_id, 'ai', row.units, now);
    return true;
  });
}
