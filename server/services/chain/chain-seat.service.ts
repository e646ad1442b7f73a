import type { Query } from '../../db/client';
import type { ChainSettingsRow } from '../../db/rows';

/**
 * What a join took: its number, and a place (admitted) or a waiting position, with the chain's row as the
 * statement left it; null when the chain is closed.
 */
export interface Seat {
  seq: number;
  admitted: boolean;
  chain: ChainSettingsRow;
}

/** Takes a join's number and place inside the join's transaction. */
export interface SeatTaker {
  take(query: Query, projectId: number, people: number, now: Date): Promise<Seat | null>;
}

/**
 * How a join takes its place (Deps.chainSeat). `prepare` runs before the transaction (the naive strategy of
 * tests/helpers/naive-strategies.ts reads the counts there, as a check-then-act would); production's ignores it.
 */
export interface ChainSeatStrategy {
  prepare(query: Query, projectId: number): Promise<SeatTaker>;
}

/**
 * ONE conditional UPDATE of the chain's row takes the next number and, when nobody waits and the people fit
 * under the cap, the places; otherwise a waiting position. The row lock it takes orders joins: numbers follow
 * arrival, and a waitlist never lets a later joiner pass an earlier one. `last_admitted` is computed from the
 * old row in SET and read back by RETURNING, so the outcome comes from the same statement that decided it.
 */
const exactTaker: SeatTaker = {
  async take(query, projectId, people, now) {
    const rows = await query<ChainSettingsRow>(
      `UPDATE chain_settings SET
         next_seq = next_seq + 1,
         last_admitted = (waiting = 0 AND (cap IS NULL OR used + $2 <= cap)),
         used = CASE WHEN waiting = 0 AND (cap IS NULL OR used + $2 <= cap) THEN used + $2 ELSE used END,
         joined = CASE WHEN waiting = 0 AND (cap IS NULL OR used + $2 <= cap) THEN joined + 1 ELSE joined END,
         waiting = CASE WHEN waiting = 0 AND (cap IS NULL OR used + $2 <= cap) THEN waiting ELSE waiting + 1 END,
         updated_at = $3
       WHERE project_id = $1 AND NOT closed AND (deadline IS NULL OR deadline > $3)
       RETURNING *`,
      [projectId, people, now],
    );
    const chain = rows[0];
    return chain ? { seq: chain.next_seq, admitted: chain.last_admitted, chain } : null;
  },
};

export const exactChainSeat: ChainSeatStrategy = { prepare: async () => exactTaker };
