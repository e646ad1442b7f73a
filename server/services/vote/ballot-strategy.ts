import type { Database } from '../../db/client';

/** Everything wj_ballot needs for one ballot, resolved by ballot.service.ts (sent as one jsonb). */
export interface BallotInput {
  voteId: number;
  /** The activity's version the limits below were read at: wj_ballot answers 'stale' when it has moved. */
  version: number;
  ballotId: string;
  hash: string;
  voterKey: string;
  period: string;
  day: string;
  now: Date;
  /** The players' public ids, as picked (wj_ballot resolves them and locks counter rows in id order). */
  players: string[];
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
  /** The voting page's browser fingerprint ('' when none) and how many voters of one address and fingerprint make a burst. */
  fingerprint: string;
  burstFingerprint: number;
}

/**
 * BallotInput's fields and their SQL types: the declaration, on this side, of the composite type wj_ballot_in
 * (migration 0044) that wj_ballots reads a batch into by field name, and of the keys wj_ballot_held reads one ballot
 * by; tests/server/vote/ballot-args.test.ts checks both against the database and the function files.
 */
export const BALLOT_FIELDS = {
  voteId: 'integer',
  version: 'integer',
  ballotId: 'text',
  hash: 'text',
  voterKey: 'text',
  period: 'text',
  day: 'date',
  now: 'timestamp with time zone',
  players: 'jsonb',
  perVoter: 'integer',
  perPlayer: 'integer',
  whitelist: 'boolean',
  userId: 'integer',
  phone: 'text',
  ip: 'text',
  ipArea: 'text',
  device: 'text',
  shard: 'integer',
  burstIp: 'integer',
  burstDevice: 'integer',
  minGapMs: 'integer',
  fingerprint: 'text',
  burstFingerprint: 'integer',
} as const satisfies Record<keyof BallotInput, string>;

/** What a ballot stored: the voter's votes used in the period, whether it was flagged, each player's total after it, by public id. */
export interface BallotStored {
  used: number;
  suspect: boolean;
  totals: Record<string, number> | null;
}

export type BallotOutcome =
  | { outcome: 'ok' | 'replay'; result: BallotStored }
  | { outcome: 'stale' | 'reused' | 'gone' | 'draft' | 'suspended' | 'ended' | 'notStarted' | 'notWhitelisted' | 'player' | 'voterLimit' | 'playerLimit' };

/**
 * How a ballot takes its limits and counts (deps.ballot). The exact strategy is one call of wj_ballot (migration
 * 0033, leaner in 0035, after wj_vote of 0030): every limit checked inside one statement, in one round trip. The
 * concurrency tests inject a naive read-then-write one (tests/helpers/naive-strategies.ts) and show that it lets a
 * voter past the limit.
 */
export type BallotStrategy = (database: Database, input: BallotInput) => Promise<BallotOutcome>;

const REFUSALS = new Set(['voterLimit', 'playerLimit']);

/** A ballot's answer, or 'again': a duplicate of its ballot id was committed meanwhile, and the next try replays it. */
export type BallotAnswer = BallotOutcome | { outcome: 'again' };

/** One ballot's row of wj_ballot or wj_ballots as the strategy answers it. */
export const answerOf = (row: { outcome: string; result: BallotStored | null }): BallotAnswer =>
  (row.outcome === 'ok' || row.outcome === 'replay' ? { outcome: row.outcome, result: row.result! } : { outcome: row.outcome }) as BallotAnswer;

/** Take a ballot, and once more when the first try answered 'again' (then the committed duplicate replays). */
export async function replayingOnce(take: () => Promise<BallotAnswer>): Promise<BallotOutcome> {
  const first = await take();
  const outcome = first.outcome === 'again' ? await take() : first;
  if (outcome.outcome === 'again') throw new Error('ballot: the ballot id was taken twice in a row');
  return outcome;
}

const callBallot = async (database: Database, b: BallotInput, input: string): Promise<BallotAnswer> => {
  try {
    const rows = await database.prepared<{ outcome: string; result: BallotStored | null }>('wj_ballot', 'SELECT outcome, result FROM wj_ballot($1::jsonb)', [
      input,
    ]);
    return answerOf(rows[0]!);
  } catch (error) {
    const e = error as { code?: string; message?: string };
    if (e.code === 'WJ002' && e.message === 'again') return { outcome: 'again' };
    if (e.code === 'WJ002' && e.message && REFUSALS.has(e.message)) {
      // Refused only because this very ballot, sent again, was counted by the send that held the voter's counter row
      // (committed before the refusal, so its receipt is there): 'again', and the next try replays it.
      const known = await database.prepared('wj_ballot_known', 'SELECT 1 FROM vote_receipts WHERE vote_id = $1 AND ballot_id = $2', [b.voteId, b.ballotId]);
      return known.length ? { outcome: 'again' } : { outcome: e.message as 'voterLimit' | 'playerLimit' };
    }
    throw error;
  }
};

export const exactBallot: BallotStrategy = async (database, b) => {
  const input = JSON.stringify(b);
  return replayingOnce(() => callBallot(database, b, input));
};
