/**
 * Migrations when several processes start together on one empty PostgreSQL database: the advisory lock around
 * the migrator (server/db/client.ts) lets one apply them while the others wait and then find nothing to do.
 * Three database handles in this process stand for three processes (each has its own connection pool); the
 * same race with real processes is journeys.test.ts's first test. Without the lock (injected from here) the
 * race shows: a start fails on "already exists" or a migration is recorded twice.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type Database, type MigrationRun } from '../../server/db/client';
import { unlockedMigration } from '../helpers/naive-strategies';
import { createDatabase } from './harness';

const journal = JSON.parse(readFileSync(path.resolve('server/db/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] };

async function startTogether(run?: MigrationRun): Promise<{ results: PromiseSettledResult<void>[]; applied: { hash: string; n: number }[] }> {
  const { url, drop } = await createDatabase('wjm');
  const handles: Database[] = [];
  try {
    for (let i = 0; i < 3; i++) handles.push(await openDatabase({ databaseUrl: url }));
    const results = await Promise.allSettled(handles.map((database) => migrateDatabase(database, run)));
    const applied = await handles[0]!
      .query<{ hash: string; n: string }>('SELECT hash, count(*) AS n FROM drizzle.__drizzle_migrations GROUP BY hash')
      .then((rows) => rows.map((r) => ({ hash: r.hash, n: Number(r.n) })))
      .catch(() => []);
    return { results, applied };
  } finally {
    await Promise.all(handles.map((database) => database.close()));
    await drop();
  }
}

describe('three processes migrating one empty PostgreSQL database at once', () => {
  it('with the lock: every start succeeds and each migration is applied exactly once', async () => {
    const { results, applied } = await startTogether();
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
    expect(applied).toHaveLength(journal.entries.length);
    expect(applied.every((row) => row.n === 1)).toBe(true);
  });

  it('without it (the naive migrator, injected here) the race is caught: a start fails or a migration runs twice', async () => {
    const { results, applied } = await startTogether(unlockedMigration);
    const failed = results.filter((r) => r.status === 'rejected');
    const twice = applied.filter((row) => row.n > 1);
    expect(failed.length + twice.length).toBeGreaterThan(0);
  });
});
