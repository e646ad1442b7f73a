import type { Database, Query } from '../../db/client';

export interface Limit {
  key: string;
  limit: number;
  windowSeconds: number;
}

const HIT_SQL = `INSERT INTO rate_limits AS r (key, window_start, count) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN r.window_start <= now() - make_interval(secs => $3) THEN 1 ELSE r.count + 1 END,
       window_start = CASE WHEN r.window_start <= now() - make_interval(secs => $3) THEN now() ELSE r.window_start END
     WHERE r.window_start <= now() - make_interval(secs => $3) OR r.count < $2
     RETURNING count`;

async function hitWith(query: Query, key: string, limit: number, windowSeconds: number): Promise<boolean> {
  if (naive) return naiveHit(query, key, limit, windowSeconds);
  return (await query(HIT_SQL, [key, limit, windowSeconds])).length === 1;
}

/**
 * Count one hit against `key` in a fixed window of `windowSeconds`; true when under `limit`.
 * One conditional upsert: concurrent hits can never overshoot on PostgreSQL or lose updates on PGlite.
 */
export function hit(database: Database, key: string, limit: number, windowSeconds: number): Promise<boolean> {
  return hitWith(database.query, key, limit, windowSeconds);
}

class Refused extends Error {
  constructor(public readonly index: number) {
    super('limit reached');
  }
}

/**
 * Count one hit against every limit, or against none: a request refused by one limit spends nothing of the
 * others. One transaction of conditional upserts, taken in key order so concurrent callers cannot deadlock.
 * Returns the limit that refused (the longest-lasting one when several are used up), or null when all counted.
 */
export async function hitAll<L extends Limit>(database: Database, limits: readonly L[]): Promise<L | null> {
  const order = limits.map((_, i) => i).sort((a, b) => (limits[a]!.key < limits[b]!.key ? -1 : 1));
  // The naive variant is read-then-write without the transaction, as a hand-rolled limiter would be.
  const run = naive ? (work: (query: Query) => Promise<void>) => work(database.query) : (work: (query: Query) => Promise<void>) => database.transaction(work);
  try {
    await run(async (query) => {
      for (const i of order) {
        const { key, limit, windowSeconds } = limits[i]!;
        if (!(await hitWith(query, key, limit, windowSeconds))) throw new Refused(i);
      }
    });
    return null;
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    // Several may be used up: name the one that lasts longest (the day's limit rather than the minute's).
    let refused = limits[error.index]!;
    for (const limit of limits) {
      if (limit.windowSeconds > refused.windowSeconds && (await isLimited(database, limit.key, limit.limit, limit.windowSeconds))) refused = limit;
    }
    return refused;
  }
}

/** Take back one hit of each key (the work it paid for did not happen, or turned out to be the owner's). */
export async function giveBack(database: Database, keys: readonly string[]): Promise<void> {
  await database.query('UPDATE rate_limits SET count = count - 1 WHERE key = ANY($1::text[]) AND count > 0', [keys]);
}

/** True when `key` has already used up `limit` hits in its current window (without counting one). */
export async function isLimited(database: Database, key: string, limit: number, windowSeconds: number): Promise<boolean> {
  const rows = await database.query(`SELECT 1 FROM rate_limits WHERE key = $1 AND count >= $2 AND window_start > now() - make_interval(secs => $3)`, [
    key,
    limit,
    windowSeconds,
  ]);
  return rows.length > 0;
}

export async function clearLimit(database: Database, key: string): Promise<void> {
  await database.query('DELETE FROM rate_limits WHERE key = $1', [key]);
}

// Test-only switch: the read-then-write variant the concurrency tests must catch overshooting.
let naive = false;
export function useNaiveLimitsForTest(on: boolean): void {
  naive = on;
}

async function naiveHit(query: Query, key: string, limit: number, windowSeconds: number): Promise<boolean> {
  const rows = await query<{ count: number }>(`SELECT count FROM rate_limits WHERE key = $1 AND window_start > now() - make_interval(secs => $2)`, [
    key,
    windowSeconds,
  ]);
  const count = rows[0]?.count ?? 0;
  if (count >= limit) return false;
  await new Promise((resolve) => setImmediate(resolve)); // the gap any real work between read and write leaves
  await query(`INSERT INTO rate_limits (key, window_start, count) VALUES ($1, now(), $2) ON CONFLICT (key) DO UPDATE SET count = $2`, [key, count + 1]);
  return true;
}
