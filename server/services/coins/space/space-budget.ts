import type { Query } from '../../../db/client';

/** What a paid answer left of its release: the release's paid total and budget after the take. */
export interface BudgetTaken {
  paid: number;
  budget: number;
}

/** Takes one reward from a release's budget inside the answer's transaction: what is left, or null when it cannot pay. */
export interface SpaceBudgetTaker {
  take(q: Query, releaseId: number, reward: number): Promise<BudgetTaken | null>;
}

/**
 * How a space answer takes its reward from the release's budget under concurrency (issue 51; reliability rule 13).
 * The exact strategy is one conditional UPDATE — paid + reward ≤ budget while the release is open — so 100 parallel
 * answers against a budget for 40 pay exactly 40. `prepare` runs before the answer's transaction: the exact one reads
 * nothing; the concurrency test injects a naive one (tests/helpers/naive-strategies.ts) that reads paid there and
 * writes what it read plus the reward, and shows it pays more answers than the budget holds.
 */
export interface SpaceBudgetStrategy {
  prepare(query: Query, releaseId: number): Promise<SpaceBudgetTaker>;
}

export const exactSpaceBudget: SpaceBudgetStrategy = {
  async prepare() {
    return {
      async take(q, releaseId, reward) {
        const [row] = await q<BudgetTaken>(
          `UPDATE space_releases SET paid = paid + $2, answers = answers + 1
           WHERE id = $1 AND state = 'open' AND paid + $2 <= budget RETURNING paid, budget`,
          [releaseId, reward],
        );
        return row ?? null;
      },
    };
  },
};
