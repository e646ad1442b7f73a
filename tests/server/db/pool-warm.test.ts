import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POOL_MAX, type Database } from '../../../server/db/client';
import { engineName, openTestDatabase } from '../../helpers/test-db';

// The server opens its whole pool before it reports ready (server/start.ts): under the first seconds of load the
// connections were opened one by one inside requests (issue 54, the soak's first window). PostgreSQL only: PGlite
// is one session in the process, with nothing to open.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const serverConnections = async () =>
  Number(
    (
      await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'`,
      )
    )[0]!.n,
  );

describe(`warming the pool (${engineName()})`, () => {
  it('opens every connection of the pool at once', async () => {
    if (database.engine === 'pglite') {
      expect(database.warm).toBeUndefined();
      return;
    }
    const before = await serverConnections();
    expect(before).toBeLessThan(POOL_MAX);
    expect(await database.warm!()).toBe(POOL_MAX);
    expect(await serverConnections()).toBe(POOL_MAX);
  });
});
