import type { Query } from '../../db/client';
import { col, defineSql } from '../../db/sql';

/** The meta row holding the test clock's offset in ms, so that every process of a cluster reads one clock. */
export const CLOCK_KEY = 'dev:clock-offset-ms';

const readClockOffsetSql = defineSql('dev-clock.readClockOffset', { value: col.text }, 'SELECT value FROM meta WHERE key = $1');

/** The stored offset, or null while nobody moved the clock. */
export async function readClockOffset(query: Query): Promise<number | null> {
  const [row] = await readClockOffsetSql.run(query, [CLOCK_KEY]);
  return row ? Number(row.value) : null;
}

export async function writeClockOffset(query: Query, offset: number): Promise<void> {
  await query(`INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [CLOCK_KEY, String(offset)]);
}
