import type { Query } from '../client';
import { quoteIdent, type TableInfo } from './catalog';

/**
 * Copying one table's rows from the PGlite source to the PostgreSQL target (issue 55), batch by batch: a batch is a
 * range of the source table's pages read by ctid (a TID range scan reads only those pages, so a table of tens of
 * millions of rows is read once in all, with or without a primary key), carried as one JSON array of the values' texts
 * and written by one INSERT … SELECT on the target, which parses every value by its column's type: each type's text
 * round-trips exactly (jsonb, timestamptz, numeric, float8 with NaN/Infinity, bytea as hex, arrays), where a
 * json_populate_recordset of the rows as JSON would turn a jsonb holding JSON null into SQL NULL.
 */

interface SizeRow {
  rows: number | string;
  pages: number | string;
}
interface TypeRow {
  name: string;
  type: string;
}
interface BatchRow {
  n: number | string;
  rows: string;
}

export interface TableSize {
  rows: number;
  /** Pages of 8 kB the table's heap holds. */
  pages: number;
}

export async function tableSize(query: Query, table: string): Promise<TableSize> {
  const [row] = await query<SizeRow>(
    `SELECT (SELECT count(*) FROM ${quoteIdent(table)}) AS rows,
            pg_relation_size($1::regclass) / current_setting('block_size')::int AS pages`,
    [quoteIdent(table)],
  );
  return { rows: Number(row!.rows), pages: Number(row!.pages) };
}

/** Pages per batch so a batch holds about `batchRows` rows (at least one page). */
export function pagesPerBatch(size: TableSize, batchRows: number): number {
  if (size.rows === 0 || size.pages === 0) return 1;
  return Math.max(1, Math.floor((batchRows * size.pages) / size.rows));
}

/**
 * The text settings each value's text depends on, fixed on the source before a table is read: the text a type prints
 * is the text its input takes back, exactly (pg_dump relies on the same), with timestamps carrying their offset.
 */
const TEXT_SETTINGS = [
  "SET TimeZone = 'UTC'",
  "SET DateStyle = 'ISO, YMD'",
  "SET IntervalStyle = 'postgres'",
  'SET extra_float_digits = 1',
  "SET bytea_output = 'hex'",
];

export async function fixTextSettings(source: Query): Promise<void> {
  for (const setting of TEXT_SETTINGS) await source(setting);
}

/**
 * The source's rows on pages [from, to) as a JSON array of rows, each an array of its values' texts (null for SQL
 * NULL, so a jsonb holding JSON null stays apart from a missing value); `to` null: every page from `from` on.
 */
export async function readBatch(source: Query, table: TableInfo, from: number, to: number | null): Promise<{ rows: number; json: string }> {
  const range = to === null ? `x.ctid >= $1::tid` : `x.ctid >= $1::tid AND x.ctid < $2::tid`;
  const params = to === null ? [`(${from},0)`] : [`(${from},0)`, `(${to},0)`];
  const values = table.columns.map((column) => `x.${quoteIdent(column)}::text`).join(', ');
  const [row] = await source<BatchRow>(
    `SELECT count(*) AS n, coalesce(json_agg(ARRAY[${values}]), '[]')::text AS rows FROM ${quoteIdent(table.name)} x WHERE ${range}`,
    params,
  );
  return { rows: Number(row!.n), json: row!.rows };
}

/** The target's column types (format_type), in the order of `table.columns`. */
export async function columnTypes(target: Query, table: TableInfo): Promise<string[]> {
  const rows = await target<TypeRow>(
    `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped`,
    [quoteIdent(table.name)],
  );
  const types = new Map(rows.map((row) => [row.name, row.type]));
  return table.columns.map((column) => {
    const type = types.get(column);
    if (!type) throw new Error(`The target's table ${table.name} has no column ${column}.`);
    return type;
  });
}

/** One statement writes a batch, each value parsed by its column type's input; identity columns keep the source's values. */
export async function writeBatch(target: Query, table: TableInfo, types: readonly string[], json: string): Promise<void> {
  const columns = table.columns.map(quoteIdent).join(', ');
  const values = types.map((type, i) => `(r->>${i})::${type}`).join(', ');
  await target(`INSERT INTO ${quoteIdent(table.name)} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${values} FROM json_array_elements($1::json) r`, [json]);
}

/**
 * Copies every row of `table`; `onBatch` hears the rows copied so far after each batch. The last batch reaches past
 * the pages counted at the start, so no row is left behind. Answers the rows copied.
 */
export async function copyTable(
  source: Query,
  target: Query,
  table: TableInfo,
  size: TableSize,
  batchRows: number,
  onBatch: (copied: number) => void,
): Promise<number> {
  const step = pagesPerBatch(size, batchRows);
  await fixTextSettings(source);
  const types = await columnTypes(target, table);
  let copied = 0;
  for (let from = 0; ; from += step) {
    const last = from + step >= size.pages;
    const batch = await readBatch(source, table, from, last ? null : from + step);
    if (batch.rows > 0) {
      await writeBatch(target, table, types, batch.json);
      copied += batch.rows;
      onBatch(copied);
    }
    if (last) return copied;
  }
}
