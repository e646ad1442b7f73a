import type { Database } from '../db/client';

/**
 * Count one hit against `key` in a fixed window of `windowSeconds`; true when under `limit`.
 * One conditional upsert: concurrent hits can never overshoot on PostgreSQL or lose updates on PGlite.
 */
export async function hit(database: Database, key: string, limit: number, windowSeconds: number): Promise<boolean> {
  if (naive) return naiveHit(database, key, limit, windowSeconds);
  const rows = await database.query(
    `INSERT INTO rate_limits AS r (key, window_start, count) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN r.window_start <= now() - make_interval(secs => $3) THEN 1 ELSE r.count + 1 END,
       window_start = CASE WHEN r.window_start <= now() - make_interval(secs => $3) THEN now() ELSE r.window_start END
     WHERE r.window_start <= now() - make_interval(secs => $3) OR r.count < $2
     RETURNING count`,
    [key, limit, windowSeconds],
  );
  return rows.length === 1;
}

/** True when `key` has already used up `limit` hits in its current window (without counting one). */
export async function isLimited(database: Database, key: string, limit: number, windowSeconds: number): Promise<boolean> {
  const rows = await database.query(
    `SELECT 1 FROM rate_limits WHERE key = $1 AND count >= $2 AND window_start > now() - make_interval(secs => $3)`,
    [key, limit, windowSeconds],
  );
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

async function naiveHit(database: Database, key: string, limit: number, windowSeconds: number): Promise<boolean> {
  const rows = await database.query<{ count: number }>(
    `SELECT count FROM rate_limits WHERE key = $1 AND window_start > now() - make_interval(secs => $2)`,
    [key, windowSeconds],
  );
  const count = rows[0]?.count ?? 0;
  if (count >= limit) return false;
  await new Promise((resolve) => setImmediate(resolve)); // the gap any real work between read and write leaves
  await database.query(
    `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, now(), $2) ON CONFLICT (key) DO UPDATE SET count = $2`,
    [key, count + 1],
  );
  return true;
}
