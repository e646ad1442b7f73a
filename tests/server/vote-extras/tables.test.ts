import { getTableName, is, Table } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client';
import * as tables from '../../../server/db/tables-vote-extras';
import { openTestDatabase } from '../../helpers/test-db';

// The declarations of 0031 must match the migrated database, column by column (as tests/server/db/row-types.test.ts does for tables.ts).
describe('vote extras table declarations', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('declare exactly the columns each table has', async () => {
    const declared = Object.values(tables as Record<string, unknown>).filter((value): value is PgTable => is(value, Table));
    expect(declared.map(getTableName).sort()).toEqual(['vote_collections', 'vote_comments', 'vote_music', 'vote_sign_ups', 'vote_templates']);
    for (const table of declared) {
      const rows = await database.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
        [getTableName(table)],
      );
      expect(rows.map((r) => r.column_name).sort(), getTableName(table)).toEqual(
        getTableConfig(table)
          .columns.map((c) => c.name)
          .sort(),
      );
    }
  });
});
