import type { Query } from '../../../db/client';
import type { TaskKey } from './task-id';

/** What a task reward's claim took: the reward it recorded. */
export interface TaskClaimer {
  claim(q: Query, key: TaskKey, reward: number, at: Date): Promise<boolean>;
}

/**
 * How a task's reward is taken once (issue 51; reliability rule 13). The exact strategy is one conditional UPDATE
 * (completed, not yet rewarded) in the transaction that pays the coins, so 20 parallel claims pay once. `prepare`
 * runs before that transaction: the exact one reads nothing; the concurrency test injects a naive one
 * (tests/helpers/naive-strategies.ts) that reads rewarded_at there and then writes unconditionally.
 */
export interface TaskClaimStrategy {
  prepare(query: Query, key: TaskKey): Promise<TaskClaimer>;
}

export const exactTaskClaimer: TaskClaimer = {
  async claim(q, key, reward, at) {
    const rows = await q(
      `UPDATE user_tasks SET rewarded_at = $5, reward = $6
        WHERE user_id = $1 AND brand = $2 AND task_code = $3 AND period = $4 AND completed_at IS NOT NULL AND rewarded_at IS NULL
        RETURNING reward`,
      [key.userId, key.brand, key.code, key.period, at, reward],
    );
    return rows.length > 0;
  },
};

export const exactTaskClaim: TaskClaimStrategy = {
  async prepare() {
    return exactTaskClaimer;
  },
};
