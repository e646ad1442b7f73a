import { VOTE_SHARDS } from '../../../schemas/vote/vote-rules';
import type { Database } from '../../db/client';
import { answerOf, exactBallot, replayingOnce, type BallotAnswer, type BallotInput, type BallotStrategy, type BallotStored } from './ballot-strategy';

interface Waiting {
  input: BallotInput;
  key: string;
  resolve: (answer: BallotAnswer) => void;
  reject: (error: unknown) => void;
}

interface Line {
  queue: Waiting[];
  inFlight: number;
  /** A pump is already asked for at the end of this turn of the event loop. */
  due: boolean;
  /** The ballot ids (vote|ballot) in the database now: a retry of one waits for the next batch and replays it. */
  flying: Set<string>;
}

export interface BatchOptions {
  /** Most ballots in one statement. */
  maxBatch?: number;
  /**
   * Batches in the database at once from this process (default one: the next batch gathers while this one runs,
   * and grows with the load; bench/vote on PostgreSQL measured 5 ballots a batch and 0.28 ms of database CPU a
   * ballot with one, against 3.5 and 0.36 ms with two). More processes give more at once.
   */
  maxInFlight?: number;
  /** Told of every batch sent: its size, and the error when the whole batch failed and its ballots went alone. */
  onBatch?: (size: number, error: unknown) => void;
}

/**
 * The exact ballot, in batches (group commit): the ballots that arrive while this process's batches are in the
 * database wait and go together as one wj_ballots statement (migration 0044: each step one statement for the whole
 * batch), so a busy vote pays one round trip, one statement and one commit for many ballots. A quiet one pays one
 * turn of the event loop: a ballot that finds a free place leaves at the end of the turn, alone or with what came in
 * the same turn. Each ballot is still checked on its own inside, and a refusal leaves none of its writes. A batch
 * holds at most one ballot of a voter in a vote (the next waits for the next batch: wj_ballots takes every voter's
 * counter in one upsert, in voter-key order, the lock order of every batch of every process) and a ballot id is
 * never in two of this process's batches at once (a retry waits for the next batch and replays the first). When a
 * whole batch fails (a ballot id taken meanwhile by another process, a deadlock with another kind of write, a lost
 * connection), each of its ballots is taken again alone through wj_ballot.
 */
export function batchedBallot({ maxBatch = 48, maxInFlight, onBatch }: BatchOptions = {}): BallotStrategy {
  const lines = new WeakMap<Database, Line>();
  // Each batch counts in one shard of its own, the next in turn (from a random start in each process), so two
  // batches in the database at once do not wait on each other's count rows; counts are summed on read.
  let nextShard = Math.floor(Math.random() * VOTE_SHARDS);

  const pump = (database: Database, line: Line) => {
    const limit = maxInFlight ?? 1;
    while (line.inFlight < limit && line.queue.length > 0) {
      const batch: Waiting[] = [];
      const keys = new Set<string>();
      const voters = new Set<string>();
      const rest: Waiting[] = [];
      for (const w of line.queue) {
        const voter = `${w.input.voteId}|${w.input.voterKey}`;
        if (batch.length < maxBatch && !keys.has(w.key) && !voters.has(voter) && !line.flying.has(w.key)) {
          keys.add(w.key);
          voters.add(voter);
          batch.push(w);
        } else rest.push(w);
      }
      if (batch.length === 0) return;
      line.queue = rest;
      const shard = nextShard;
      nextShard = (nextShard + 1) % VOTE_SHARDS;
      for (const w of batch) w.input = { ...w.input, shard };
      line.inFlight++;
      for (const k of keys) line.flying.add(k);
      // When the batch is back, the next one leaves before this one's answers are written: the database works on
      // it while this process sends the replies (one batch in flight no longer waits on both in turn).
      void send(database, batch, onBatch)
        .catch((error: unknown) => () => batch.forEach((w) => w.reject(error)))
        .then((answer) => {
          line.inFlight--;
          for (const k of keys) line.flying.delete(k);
          pump(database, line);
          answer();
        });
    }
  };

  // A batch leaves at the end of the event loop's turn, with every ballot that reached here during the turn: on
  // PGlite a statement runs on this thread, so nothing else arrives while one is in the database.
  const soon = (database: Database, line: Line) => {
    if (line.due) return;
    line.due = true;
    setImmediate(() => {
      line.due = false;
      pump(database, line);
    });
  };

  const take = (database: Database, input: BallotInput) =>
    new Promise<BallotAnswer>((resolve, reject) => {
      let line = lines.get(database);
      if (!line) lines.set(database, (line = { queue: [], inFlight: 0, due: false, flying: new Set() }));
      line.queue.push({ input, key: `${input.voteId}|${input.ballotId}`, resolve, reject });
      soon(database, line);
    });

  return (database, input) => replayingOnce(() => take(database, input));
}

/** Run one batch; what it resolves answers its ballots (called once the next batch has left). */
async function send(database: Database, batch: Waiting[], onBatch: BatchOptions['onBatch']): Promise<() => void> {
  let answers: { outcome: string; result: BallotStored | null }[];
  try {
    const [row] = await database.prepared<{ answer: typeof answers }>('wj_ballots', 'SELECT wj_ballots($1::jsonb) AS answer', [
      JSON.stringify(batch.map((w) => w.input)),
    ]);
    answers = row!.answer;
  } catch (error) {
    onBatch?.(batch.length, error);
    await Promise.all(batch.map((w) => exactBallot(database, w.input).then(w.resolve, w.reject)));
    return () => undefined;
  }
  onBatch?.(batch.length, null);
  return () => batch.forEach((w, i) => w.resolve(answerOf(answers[i]!)));
}
