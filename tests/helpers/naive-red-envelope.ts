import { nextAmountRange } from '../../schemas/red-envelope/rules';
import type { RedEnvelopeRow } from '../../server/db/rows';
import type { BudgetStrategy } from '../../server/services/red-envelope/red-budget';
import { ownerCol } from '../../server/services/red-envelope/red-envelope-access';

const gap = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The naive red-envelope take the concurrency test races against the exact one: it reads the envelope before the
 * approval's transaction, decides from what it read (one left? which amount?), leaves the gap real work leaves,
 * then writes what it read plus its own envelope — the classic check-then-act. Under parallel approvals it pays
 * more envelopes than the budget holds.
 */
export const naiveBudget: BudgetStrategy = {
  async prepare(query, owner) {
    const [seen] = await query<RedEnvelopeRow>(`SELECT * FROM red_envelopes WHERE ${ownerCol(owner)} = $1`, [owner.id]);
    return async (q, { id }, fraction, now) => {
      if (!seen || seen.state !== 'running' || seen.paid_count >= seen.total_count) return null;
      const [low, high] = nextAmountRange(
        { minFen: seen.min_fen, maxFen: seen.max_fen },
        seen.budget_fen - seen.allocated_fen,
        seen.total_count - seen.paid_count,
      );
      const amount = Math.min(high, low + Math.floor(fraction * (high - low + 1)));
      await gap();
      await q('UPDATE red_envelopes SET paid_count = $2, allocated_fen = $3, last_amount_fen = $4, updated_at = $5 WHERE ' + ownerCol(owner) + ' = $1', [
        id,
        seen.paid_count + 1,
        seen.allocated_fen + amount,
        amount,
        now,
      ]);
      return amount;
    };
  },
};
