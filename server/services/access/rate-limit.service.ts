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

/**
 * How hits are counted (deps.limits). The exact strategy, production's, counts a hit with one conditional upsert
 * and a group of hits in one transaction: concurrent hits can never overshoot on PostgreSQL or lose updates on
 * PGlite. tests/helpers/naive-strategies.ts has a read-then-write one, to show the concurrency tests catch it.
 */
export interface LimitStrategy {
  /** Counts one hit against `key` in a fixed window of `windowSeconds`; true when under `limit`. */
  hit(query: Query, key: string, limit: number, windowSeconds: number): Promise<boolean>;
  /** Runs a group of hits so that all count or none. */
  group(database: Database, work: (query: Query) => Promise<void>): Promise<void>;
}

export const exactLimits: LimitStrategy = {
  hit: async (query, key, limit, windowSeconds) => (await query(HIT_SQL, [key, limit, windowSeconds])).length === 1,
  group: (database, work) => database.transaction(work),
};

/** The database and the way hits are counted on it (Deps has both). */
export interface Limiter {
  database: Database;
  limits: LimitStrategy;
}

/** Count one hit against `key` in a fixed window of `windowSeconds`; true when under `limit`. */
export function hit(limiter: Limiter, key: string, limit: number, windowSeconds: number): Promise<boolean> {
  return limiter.limits.hit(limiter.database.query, key, limit, windowSeconds);
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
export async function hitAll<L extends Limit>(limiter: Limiter, limits: readonly L[]): Promise<L | null> {
  const { database } = limiter;
  const order = limits.map((_, i) => i).sort((a, b) => (limits[a]!.key < limits[b]!.key ? -1 : 1));
  try {
    await limiter.limits.group(database, async (query) => {
      for (const i of order) {
        const { key, limit, windowSeconds } = limits[i]!;
        if (!(await limiter.limits.hit(query, key, limit, windowSeconds))) throw new Refused(i);
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
