import { getTableName, is, Table } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { Database } from '../../../server/db/client';
import type { ExportJobRow, ProjectRow, RowOf } from '../../../server/db/rows';
import * as tables from '../../../server/db/tables';
import * as contactTables from '../../../server/db/tables-contacts';
import * as mailTables from '../../../server/db/tables-mail';
import * as coinTables from '../../../server/db/tables-coins';
import * as aiTables from '../../../server/db/tables-ai';
import * as openTables from '../../../server/db/tables-open';
import * as reportIndexTables from '../../../server/db/tables-report-index';
import { openTestDatabase } from '../../helpers/test-db';

// Row types of raw SQL come from the table declarations (server/db/rows.ts). These checks run in `tsc`: renaming
// a column in server/db/tables.ts changes the key set below and the build fails, as does every service that
// still reads the old name.
describe('row types derived from the tables', () => {
  it('key a row by the snake_case column names, typed from the declaration', () => {
    expectTypeOf<keyof ProjectRow>().toEqualTypeOf<
      | 'id'
      | 'public_id'
      | 'owner_id'
      | 'question_type'
      | 'solitaire_type'
      | 'title'
      | 'subtitle'
      | 'conclusion'
      | 'share_title'
      | 'status'
      | 'data_count'
      | 'settings'
      | 'style'
      | 'logic'
      | 'version'
      | 'conclusions_version'
      | 'is_template'
      | 'template_type_id'
      | 'hot'
      | 'deleted_at'
      | 'published_at'
      | 'created_at'
      | 'updated_at'
      | 'updated_by'
      | 'advert_free'
      | 'advert_paid_at'
    >();
    expectTypeOf<ProjectRow['solitaire_type']>().toEqualTypeOf<number | null>();
    expectTypeOf<ProjectRow['deleted_at']>().toEqualTypeOf<Date | null>();
    expectTypeOf<ProjectRow['settings']>().toEqualTypeOf<Record<string, unknown>>();
    // The TypeScript property names are not what raw SQL returns.
    expectTypeOf<ProjectRow>().not.toHaveProperty('publicId');
  });

  it('type what the drivers return where drizzle would map it: bigint may be a string, date is a Date', () => {
    expectTypeOf<ExportJobRow['size']>().toEqualTypeOf<number | string | null>();
    expectTypeOf<RowOf<typeof tables.dailyCreations>['day']>().toEqualTypeOf<Date>();
  });
});

// The types are honest only if the declarations match the migrated database: every table's columns, by name.
describe('table declarations against the migrated database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('declare exactly the columns each table has', async () => {
    const declared = Object.values({ ...tables, ...contactTables, ...mailTables, ...coinTables, ...aiTables, ...openTables, ...reportIndexTables } as Record<
      string,
      unknown
    >).filter((value): value is PgTable => is(value, Table));
    expect(declared.length).toBeGreaterThan(20);
    for (const table of declared) {
      const name = getTableName(table);
      const rows = await database.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
        [name],
      );
      const columns = getTableConfig(table).columns.map((c) => c.name);
      expect(rows.map((r) => r.column_name).sort(), name).toEqual(columns.sort());
    }
  });
});
