import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { Database } from '../../../server/db/client';
import { col, defineSql, registeredStatements, type Shape, type Sql, type SqlRow } from '../../../server/db/sql';
import { openTestDatabase } from '../../helpers/test-db';

// Every hand-written statement declares its row once beside its text (server/db/sql.ts). Here each one is
// described on a migrated database — Parse + Describe, nothing runs — and the columns it returns must be exactly the
// declared ones, each of a declared type. Run on PGlite, and on PostgreSQL with DATABASE_URL.

/** The server's modules that may declare statements: importing them registers their statements. */
const STATEMENT_DIRS = ['server/services', 'server/jobs', 'server/seed', 'server/providers', 'server/db'];

function moduleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return moduleFiles(full);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** What differs between a statement's declared row and what the database describes, one line each. */
async function mismatches(database: Database, statement: Sql<unknown, never>): Promise<string[]> {
  const found: string[] = [];
  for (const text of statement.examples) {
    let columns;
    try {
      columns = await database.describe(text);
    } catch (error) {
      found.push(`${statement.name}: the database rejects it: ${(error as Error).message}`);
      continue;
    }
    const declared = statement.row as Shape;
    const names = columns.map((c) => c.name);
    for (const name of names.filter((n, i) => names.indexOf(n) !== i)) found.push(`${statement.name}: returns ${name} twice`);
    for (const column of columns) {
      const kind = declared[column.name];
      if (!kind) found.push(`${statement.name}: returns ${column.name}, which the row does not declare`);
      else if (!kind.oids.includes(column.oid)) found.push(`${statement.name}: ${column.name} is type ${column.oid}, declared ${kind.pg}`);
    }
    for (const name of Object.keys(declared)) if (!names.includes(name)) found.push(`${statement.name}: declares ${name}, which it does not return`);
  }
  return found;
}

describe('declared SQL statements against the migrated database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    for (const dir of STATEMENT_DIRS) for (const file of moduleFiles(dir)) await import(path.resolve(file));
  }, 120_000);
  afterAll(() => database.close());

  it('return exactly the declared columns, each of its declared type', async () => {
    const statements = registeredStatements().filter((s) => !s.name.startsWith('test.'));
    expect(statements.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const statement of statements) found.push(...(await mismatches(database, statement)));
    expect(found).toEqual([]);
  });

  it('catch a renamed column, a missing or extra one, a wrong type and a statement the database rejects', async () => {
    const row = { public_id: col.text, title: col.text, version: col.int };
    const base = 'SELECT public_id, title, version FROM projects WHERE id = $1';
    const named = (suffix: string) => `test.${suffix}.${Math.random().toString(36).slice(2)}`;
    expect(await mismatches(database, defineSql(named('ok'), row, base) as never)).toEqual([]);
    const renamed = defineSql(named('renamed'), row, 'SELECT public_id, title AS name, version FROM projects WHERE id = $1');
    expect(await mismatches(database, renamed as never)).toEqual([
      expect.stringMatching(/returns name, which the row does not declare$/),
      expect.stringMatching(/declares title, which it does not return$/),
    ]);
    const missing = defineSql(named('missing'), { ...row, owner_id: col.int }, base);
    expect(await mismatches(database, missing as never)).toEqual([expect.stringMatching(/declares owner_id, which it does not return$/)]);
    const wrongType = defineSql(named('type'), { ...row, version: col.text }, base);
    expect(await mismatches(database, wrongType as never)).toEqual([expect.stringMatching(/version is type 23, declared text\/varchar$/)]);
    const counted = defineSql(named('count'), { n: col.int }, 'SELECT count(*) AS n FROM projects');
    expect(await mismatches(database, counted as never)).toEqual([expect.stringMatching(/n is type 20, declared int2\/int4$/)]);
    const gone = defineSql(named('gone'), row, 'SELECT public_id, title, version FROM projects WHERE no_such_column = $1');
    expect(await mismatches(database, gone as never)).toEqual([expect.stringMatching(/the database rejects it: .*no_such_column/)]);
    const built = defineSql(named('built'), row, (where: string) => `SELECT public_id, title, version FROM projects WHERE ${where}`, [
      ['id = $1'],
      ['nope = 1'],
    ]);
    expect(await mismatches(database, built as never)).toEqual([expect.stringMatching(/rejects it: .*nope/)]);
  });

  it('type the rows from the declared columns', () => {
    const statement = defineSql('test.types', { id: col.int, n: col.bigint, at: col.timestamp.orNull(), state: col.text.as<'a' | 'b'>() }, 'SELECT 1');
    expect(statement.examples).toEqual(['SELECT 1']);
    expectTypeOf<SqlRow<typeof statement>>().toEqualTypeOf<{ id: number; n: number | string; at: Date | null; state: 'a' | 'b' }>();
  });
});
