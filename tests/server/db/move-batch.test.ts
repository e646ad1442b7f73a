/**
 * The move's parts (issue 55, server/db/move/): rows of every column type the schema uses carried from a PGlite
 * source into the test database (PGlite or PostgreSQL) by page-range batches of JSON, equal by the catalog's
 * checksum; the sequences' targets and the batch size in pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/client';
import { tableSums, userTables } from '../../../server/db/move/catalog';
import { copyTable, pagesPerBatch, tableSize } from '../../../server/db/move/copy';
import { sequenceTarget } from '../../../server/db/move/target-setup';
import { openTestDatabase } from '../../helpers/test-db';

const TABLE = `move_types_${process.pid}`;
const DDL = `CREATE TABLE ${TABLE} (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  big bigint, flag boolean, amount numeric(14, 2), exact numeric, ratio double precision, small real,
  at timestamptz, local timestamp, day date, span interval, doc jsonb, raw json, blob bytea,
  tags text[], counts integer[], docs jsonb[], key uuid, note text)`;
const ROWS = `INSERT INTO ${TABLE} (big, flag, amount, exact, ratio, small, at, local, day, span, doc, raw, blob, tags, counts, docs, key, note)
SELECT 9007199254740993 + g, g % 2 = 0, 12345678.9 + g, 3.141592653589793238462643383279 * g, (0.1 + g / 3.0)::float8, 1.1::real,
       '2026-03-01 08:30:00.123456+08'::timestamptz + g * interval '1 hour', '2026-03-01 23:59:59.999999'::timestamp, '2026-02-28'::date, '1 year 2 days 03:04:05.5'::interval,
       jsonb_build_object('名', '张三', 'n', g, 'nested', jsonb_build_array(1.50, null, true, 'a"b\\c')), '{"b": 1,  "a": [1, 2]}'::json,
       decode('00ff10' || lpad(to_hex(g), 4, '0'), 'hex'), ARRAY['问卷', 'a,b', 'x"y', NULL], ARRAY[g, -g], ARRAY['{"k": "值"}'::jsonb],
       ('6f1c1e4e-8b1a-4b7e-9a52-2f8d5c0f3a1' || (g % 10))::uuid, E'满意度调查\\n第' || g || '题 — 🙂 tab\\there'
  FROM generate_series(1, 40) g
UNION ALL
SELECT NULL, NULL, NULL, 'NaN', 'NaN', '-Infinity', 'infinity', '-infinity', 'infinity', NULL, 'null', 'null', '', '{}', NULL, NULL, NULL, ''
UNION ALL
SELECT -1, false, -0.01, 0, 'Infinity', -0.0, '1970-01-01 00:00:00+00', '0001-01-01 00:00:00', '0001-01-01', '-1 days', '[]', '"s"', '\\x', ARRAY[''], '{}', '{}', NULL, repeat('长', 3000)`;

let source: Database;
let target: Database;

beforeAll(async () => {
  source = await openDatabase({});
  target = await openTestDatabase();
  await source.query(DDL);
  await target.query(DDL);
  await source.query(ROWS);
  // Holes: deleted rows leave pages half empty, and the last page partly filled.
  await source.query(`DELETE FROM ${TABLE} WHERE id % 7 = 0`);
});

afterAll(async () => {
  await target?.query(`DROP TABLE IF EXISTS ${TABLE}`);
  await target?.close();
  await source?.close();
});

describe('carrying a table in page-range JSON batches', () => {
  it('every column type arrives equal (checksum, count, identity values), in several batches', async () => {
    const [table] = (await userTables(source.query)).filter((t) => t.name === TABLE);
    const size = await tableSize(source.query, TABLE);
    expect(size.pages).toBeGreaterThan(1);
    const seen: number[] = [];
    const copied = await copyTable(source.query, target.query, table!, size, 4, (n) => seen.push(n));
    expect(copied).toBe(size.rows);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.at(-1)).toBe(size.rows);
    const [from] = await tableSums(source, [TABLE]);
    const [to] = await tableSums(target, [TABLE]);
    expect(to).toEqual(from);
    const [row] = await target.query<{ doc: unknown; note: string }>(`SELECT doc, note FROM ${TABLE} WHERE id = 1`);
    expect(row).toEqual({ doc: { 名: '张三', n: 1, nested: [1.5, null, true, 'a"b\\c'] }, note: '满意度调查\n第1题 — 🙂 tab\\there' });
  });
});

describe('sequences and batch sizes', () => {
  it('a sequence continues past the greater of its last value and the column', () => {
    expect(sequenceTarget('10', '7')).toBe(10n);
    expect(sequenceTarget('10', '12')).toBe(12n);
    expect(sequenceTarget(null, '9223372036854775806')).toBe(9223372036854775806n);
    expect(sequenceTarget('3', null)).toBe(3n);
    expect(sequenceTarget(undefined, null)).toBeNull();
  });

  it('pages per batch follow the rows per page, at least one', () => {
    expect(pagesPerBatch({ rows: 1_000_000, pages: 10_000 }, 5_000)).toBe(50);
    expect(pagesPerBatch({ rows: 10, pages: 10 }, 1)).toBe(1);
    expect(pagesPerBatch({ rows: 0, pages: 0 }, 5_000)).toBe(1);
    expect(pagesPerBatch({ rows: 100, pages: 1 }, 5_000)).toBe(50);
  });
});
