import type { Query } from '../../db/client';
import type { RedEnvelopeRow } from '../../db/rows';
import { ownerCol, type RedOwner } from './red-envelope-access';

/**
 * How an approval takes its envelope from the held budget (patterns "Capacity, stock and limits"). The exact
 * strategy is ONE conditional UPDATE: it chooses the amount from the row as it is when the row is locked —
 * within [max(min, left − (n−1)·max), min(max, left − (n−1)·min)] for n envelopes left (schemas/red-envelope/
 * rules.ts nextAmountRange), so the envelopes after it can always be paid — and only while one is left. The
 * concurrency test injects a naive read-then-write one (tests/helpers/naive-red-envelope.ts) that overspends.
 */
export interface BudgetStrategy {
  /** Before the approval's transaction (the exact strategy reads nothing here). */
  prepare(query: Query, owner: RedOwner): Promise<BudgetTake>;
}
/** Inside the approval's transaction: the amount taken (fen), or null when no envelope is left. `fraction` ∈ [0, 1). */
export type BudgetTake = (q: Query, owner: RedOwner, fraction: number, now: Date) => Promise<number | null>;

const LEFT = 'budget_fen - allocated_fen';
const LOW = `GREATEST(min_fen, ${LEFT} - (total_count - paid_count - 1) * max_fen)`;
const HIGH = `LEAST(max_fen, ${LEFT} - (total_count - paid_count - 1) * min_fen)`;
const AMOUNT = `LEAST(${HIGH}, ${LOW} + floor($2::float8 * (${HIGH} - ${LOW} + 1))::int)`;

export const exactTake: BudgetTake = async (q, owner, fraction, now) => {
  const [row] = await q<Pick<RedEnvelopeRow, 'last_amount_fen'>>(
    `UPDATE red_envelopes SET last_amount_fen = ${AMOUNT}, allocated_fen = allocated_fen + ${AMOUNT}, paid_count = paid_count + 1, updated_at = $3
     WHERE ${ownerCol(owner)} = $1 AND state = 'running' AND paid_count < total_count AND ${LOW} <= ${HIGH}
     RETURNING last_amount_fen`,
    [owner.id, fraction, now],
  );
  return row ? row.last_amount_fen : null;
};

export const exactBudget: BudgetStrategy = {
  async prepare() {
    return exactTake;
  },
};
