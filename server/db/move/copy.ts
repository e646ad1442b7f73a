import type { Query } from '../client';
import { quoteIdent, type TableInfo } from './catalog';

/**
 * Copying one table's rows from the PGlite source to the PostgreSQL target (issue 55), batch by batch: a batch is a
 * range of the source table's pages read by ctid (a TID range scan reads only those pages, so a table of tens of
 * millions of rows is read once in all, with or without a primary key), carried as one JSON array and written by one
 * INSERT … SELECT FROM json_populate_recordset on the target, which parses every column from the text its own type
 * prints (jsonb, timestamptz, numeric, float8 with NaN/Infinity, bytea as hex, arrays).
 */

interface SizeRow {
  rows: number | string;
  pages: number | string;
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
 * The source's rows on pages [from, to) as a JSON array (`to` null: every page from `from` on). The session's text
 * settings are the source's defaults: to_json prints timestamps in ISO with their offset and floats exactly.
 */
export async function readBatch(source: Query, table: string, from: number, to: number | null): Promise<{ rows: number; json: string }> {
  const range = to === null ? `x.ctid >= $1::tid` : `x.ctid >= $1::tid AND x.ctid < $2::tid`;
  const params = to === null ? [`(${from},0)`] : [`(${from},0)`, `(${to},0)`];
  const [row] = await source<BatchRow>(`SELECT count(*) AS n, coalesce(json_agg(x), '[]')::text AS rows FROM ${quoteIdent(table)} x WHERE ${range}`, params);
  return { rows: Number(row!.n), json: row!.rows };
}

/** One statement writes a batch; identity columns keep the source's values. */
export async function writeBatch(target: Query, table: TableInfo, json: string): Promise<void> {
  const columns = table.columns.map(quoteIdent).join(', ');
  await target(
    `INSERT INTO ${quoteIdent(table.name)} (${columns}) OVERRIDING SYSTEM VALUE
     SELECT ${columns} FROM json_populate_recordset(NULL::${quoteIdent(table.name)}, $1::json)`,
    [json],
  );
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
  let copied = 0;
  for (let from = 0; ; from += step) {
    const last = from + step >= size.pages;
    const batch = await readBatch(source, table.name, from, last ? null : from + step);
    if (batch.rows > 0) {
      await writeBatch(target, table, batch.json);
      copied += batch.rows;
      onBatch(copied);
    }
    if (last) return copied;
  }
}
