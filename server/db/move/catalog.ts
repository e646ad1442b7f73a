import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR, type Database, type Query } from '../client';

/**
 * What the move to PostgreSQL and the backups (issue 55) read off a database: its tables, a checksum per table that
 * two engines compute alike, the migrations it has applied, and whether it is empty. Both engines answer the same
 * SQL, so the same functions read the PGlite source and the PostgreSQL target.
 */

interface TableRow {
  name: string;
  columns: string[];
}
interface SumRow {
  rows: number | string;
  a: string;
  b: string;
}
interface PresentRow {
  present: boolean;
}
interface MigrationRow {
  hash: string;
  created_at: number | string;
}
interface NameRow {
  name: string;
}

export interface TableInfo {
  name: string;
  /** Column names in their stored order (the order `row::text` prints them in). */
  columns: string[];
}

/** The application's tables (schema public), by name. Drizzle's migration record lives apart (schema drizzle). */
export async function userTables(query: Query): Promise<TableInfo[]> {
  const rows = await query<TableRow>(
    `SELECT c.relname AS name,
            array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
      GROUP BY c.relname
      ORDER BY c.relname`,
  );
  return rows.map((row) => ({ name: row.name, columns: row.columns }));
}

export interface TableSum {
  table: string;
  rows: number;
  /** 16 hex digits over the table's rows, independent of their order; equal rows on both engines give equal sums. */
  sum: string;
}

/**
 * The text settings a row's text depends on, fixed for the checksum's transaction so a PGlite and a PostgreSQL
 * session print the same row the same way (timestamps in UTC, ISO dates, shortest exact floats, hex bytea).
 */
const TEXT_SETTINGS = [
  "SET LOCAL TimeZone = 'UTC'",
  "SET LOCAL DateStyle = 'ISO, YMD'",
  "SET LOCAL IntervalStyle = 'postgres'",
  'SET LOCAL extra_float_digits = 1',
  "SET LOCAL bytea_output = 'hex'",
];

/**
 * One checksum per table: the count of rows and two sums of 64-bit halves of each row's md5 (of `row::text`), so
 * the sum needs no key, no order and constant memory (a table of 22M choice rows sums in one pass on PGlite too).
 * Runs in one transaction: every table is read from one snapshot on PostgreSQL.
 */
export async function tableSums(database: Pick<Database, 'transaction'>, tables: readonly string[]): Promise<TableSum[]> {
  return database.transaction(async (query) => {
    for (const setting of TEXT_SETTINGS) await query(setting);
    const sums: TableSum[] = [];
    for (const table of tables) {
      const [row] = await query<SumRow>(
        `SELECT count(*) AS rows,
                coalesce(sum(('x' || substr(h, 1, 16))::bit(64)::bigint::numeric), 0)::text AS a,
                coalesce(sum(('x' || substr(h, 17, 16))::bit(64)::bigint::numeric), 0)::text AS b
           FROM (SELECT md5(t::text) AS h FROM ${quoteIdent(table)} t) s`,
      );
      const rows = Number(row!.rows);
      sums.push({ table, rows, sum: createHash('sha256').update(`${rows}:${row!.a}:${row!.b}`).digest('hex').slice(0, 16) });
    }
    return sums;
  });
}

/** Every application table's sum (userTables then tableSums, in one transaction's snapshot on PostgreSQL). */
export async function databaseSums(database: Pick<Database, 'transaction'>): Promise<TableSum[]> {
  return database.transaction(async (query) => {
    const tables = await userTables(query);
    return tableSums(
      { transaction: (work) => work(query) },
      tables.map((t) => t.name),
    );
  });
}

/** Pairs of sums that differ (missing on one side counts as differing), for the move's and restore's check. */
export function differingSums(left: readonly TableSum[], right: readonly TableSum[]): string[] {
  const other = new Map(right.map((s) => [s.table, s]));
  const names = new Set([...left.map((s) => s.table), ...right.map((s) => s.table)]);
  const differing: string[] = [];
  for (const name of [...names].sort()) {
    const a = left.find((s) => s.table === name);
    const b = other.get(name);
    if (!a || !b || a.rows !== b.rows || a.sum !== b.sum) differing.push(name);
  }
  return differing;
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export interface MigrationMark {
  /** sha256 of the migration's SQL file, as drizzle records it. */
  hash: string;
  /** The journal's `when`, which drizzle records as created_at. */
  when: number;
  /** The file's tag (code's migrations only). */
  tag?: string;
}

/** This code's migrations, read the way drizzle's migrator reads them. */
export function codeMigrations(dir = MIGRATIONS_DIR): MigrationMark[] {
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  return journal.entries.map((entry) => ({
    tag: entry.tag,
    when: entry.when,
    hash: createHash('sha256')
      .update(readFileSync(path.join(dir, `${entry.tag}.sql`), 'utf8'))
      .digest('hex'),
  }));
}

/** The migrations a database has applied ([] when it was never migrated). */
export async function appliedMigrations(query: Query): Promise<MigrationMark[]> {
  const [exists] = await query<PresentRow>(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  if (!exists?.present) return [];
  const rows = await query<MigrationRow>('SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at, id');
  return rows.map((row) => ({ hash: row.hash, when: Number(row.created_at) }));
}

export type MigrationFit =
  | { fit: 'same' }
  /** The database lacks the code's newest migrations: start the server of this version once to bring it up. */
  | { fit: 'behind'; missing: string[] }
  /** The database holds migrations this code does not know: it was written by a newer wenjuan. */
  | { fit: 'ahead'; unknown: number }
  /** The same count but other files: another branch or an edited migration. */
  | { fit: 'different'; first: string };

export function migrationFit(applied: readonly MigrationMark[], code: readonly MigrationMark[]): MigrationFit {
  const known = new Set(code.map((m) => m.hash));
  const unknown = applied.filter((m) => !known.has(m.hash));
  if (unknown.length && applied.length > code.length) return { fit: 'ahead', unknown: unknown.length };
  if (unknown.length) {
    const first = code.find((m) => !applied.some((a) => a.hash === m.hash));
    return { fit: 'different', first: first?.tag ?? '?' };
  }
  const have = new Set(applied.map((m) => m.hash));
  const missing = code.filter((m) => !have.has(m.hash)).map((m) => m.tag ?? m.hash);
  return missing.length ? { fit: 'behind', missing } : { fit: 'same' };
}

/**
 * What makes a database not empty for the move or a restore: any table or view outside the system schemas
 * (a database freshly made by CREATE DATABASE holds none). Answers up to `limit` qualified names.
 */
export async function occupiedBy(query: Query, limit = 5): Promise<string[]> {
  const rows = await query<NameRow>(
    `SELECT n.nspname || '.' || c.relname AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
        AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
        AND n.nspname NOT LIKE 'pg_temp%' AND n.nspname NOT LIKE 'pg_toast_temp%'
      ORDER BY 1
      LIMIT $1`,
    [limit],
  );
  return rows.map((row) => row.name);
}
