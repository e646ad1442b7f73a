import type { Database } from '../../db/client';

/** Everything wj_vote needs for one ballot, resolved by ballot.service.ts. */
export interface BallotInput {
  voteId: number;
  ballotId: string;
  hash: string;
  voterKey: string;
  period: string;
  day: string;
  now: Date;
  /** Internal player ids, ascending (counter rows are locked in one order). */
  players: number[];
  perVoter: number;
  perPlayer: number | null;
  whitelist: boolean;
  userId: number | null;
  phone: string | null;
  ip: string;
  ipArea: string;
  device: string;
  shard: number;
  burstIp: number;
  burstDevice: number;
  minGapMs: number;
}

/** What a ballot stored: the voter's votes used in the period, whether it was flagged, each player's total after it. */
export interface BallotStored {
  used: number;
  suspect: boolean;
  totals: Record<string, number> | null;
}

export type BallotOutcome =
  | { outcome: 'ok' | 'replay'; result: BallotStored }
  | { outcome: 'reused' | 'gone' | 'draft' | 'suspended' | 'ended' | 'notStarted' | 'notWhitelisted' | 'player' | 'voterLimit' | 'playerLimit' };

/**
 * How a ballot takes its limits and counts (deps.ballot). The exact strategy is one call of wj_vote (migration
 * 0030): every limit a conditional upsert inside one statement. The concurrency tests inject a naive
 * read-then-write one (tests/helpers/naive-strategies.ts) and show that it lets a voter past the limit.
 */
export type BallotStrategy = (database: Database, input: BallotInput) => Promise<BallotOutcome>;

const REFUSALS = new Set(['voterLimit', 'playerLimit']);

export const exactBallot: BallotStrategy = async (database, b) => {
  try {
    const rows = await database.query<{ outcome: string; result: BallotStored | null }>(
      `SELECT outcome, result FROM wj_vote($1, $2, $3, $4, $5, $6::date, $7, $8::int[], $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)`,
      [
        b.voteId,
        b.ballotId,
        b.hash,
        b.voterKey,
        b.period,
        b.day,
        b.now,
        b.players,
        b.perVoter,
        b.perPlayer,
        b.whitelist,
        b.userId,
        b.phone,
        b.ip,
        b.ipArea,
        b.device,
        b.shard,
        b.burstIp,
        b.burstDevice,
        b.minGapMs,
      ],
    );
    const row = rows[0]!;
    return (row.outcome === 'ok' || row.outcome === 'replay' ? { outcome: row.outcome, result: row.result! } : { outcome: row.outcome }) as BallotOutcome;
  } catch (error) {
    const e = error as { code?: string; message?: string };
    if (e.code === 'WJ002' && e.message && REFUSALS.has(e.message)) return { outcome: e.message as 'voterLimit' | 'playerLimit' };
    throw error;
  }
};
