import type { Query } from '../client';
import { quoteIdent } from './catalog';

/**
 * What the move does to the target around the copy (issue 55), all inside its one transaction: the foreign keys are
 * dropped and added back at the end (which checks every row at once, and lets tables load in any order, invitations
 * referencing itself too), user triggers are off while rows arrive (they would count a second time what the source's
 * counters already hold, and send NOTIFYs), the rows the migrations wrote are cleared, and every sequence is set past
 * the ids it will meet.
 */

interface ForeignKeyRow {
  table: string;
  name: string;
  definition: string;
}
interface OwnedSequenceRow {
  sequence: string;
  table: string;
  column: string;
}
interface LastValueRow {
  sequence: string;
  last_value: string | null;
}
interface MaxRow {
  max: string | null;
}

export interface ForeignKey {
  table: string;
  name: string;
  /** pg_get_constraintdef's text, e.g. `FOREIGN KEY (project_id) REFERENCES projects(id) ON DELETE CASCADE`. */
  definition: string;
}

export async function foreignKeys(query: Query): Promise<ForeignKey[]> {
  return query<ForeignKeyRow>(
    `SELECT c.relname AS table, k.conname AS name, pg_get_constraintdef(k.oid) AS definition
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
      WHERE k.contype = 'f' AND k.connamespace = 'public'::regnamespace
      ORDER BY c.relname, k.conname`,
  );
}

export async function dropForeignKeys(query: Query, keys: readonly ForeignKey[]): Promise<void> {
  for (const key of keys) await query(`ALTER TABLE ${quoteIdent(key.table)} DROP CONSTRAINT ${quoteIdent(key.name)}`);
}

/** Adding a key back validates every row against it: a row the source held without its parent fails the move. */
export async function addForeignKeys(query: Query, keys: readonly ForeignKey[]): Promise<void> {
  for (const key of keys) await query(`ALTER TABLE ${quoteIdent(key.table)} ADD CONSTRAINT ${quoteIdent(key.name)} ${key.definition}`);
}

export async function setUserTriggers(query: Query, tables: readonly string[], state: 'ENABLE' | 'DISABLE'): Promise<void> {
  for (const table of tables) await query(`ALTER TABLE ${quoteIdent(table)} ${state} TRIGGER USER`);
}

/** Empties the tables the migrations filled (catalogues, db_functions…): the source's rows take their place. */
export async function truncateAll(query: Query, tables: readonly string[]): Promise<void> {
  if (tables.length) await query(`TRUNCATE ${tables.map(quoteIdent).join(', ')}`);
}

export interface OwnedSequence {
  sequence: string;
  table: string;
  column: string;
}

/** The sequences a column owns (serial and identity columns). */
export async function ownedSequences(query: Query): Promise<OwnedSequence[]> {
  return query<OwnedSequenceRow>(
    `SELECT s.relname AS sequence, t.relname AS table, a.attname AS column
       FROM pg_depend d
       JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
       JOIN pg_class t ON t.oid = d.refobjid
       JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
      WHERE d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_class'::regclass
        AND d.deptype IN ('a', 'i') AND s.relnamespace = 'public'::regnamespace
      ORDER BY s.relname`,
  );
}

/** Each sequence's last value on the source (null: never used), by sequence name. */
export async function sequenceValues(query: Query): Promise<Map<string, string | null>> {
  const rows = await query<LastValueRow>(`SELECT sequencename AS sequence, last_value::text FROM pg_sequences WHERE schemaname = 'public'`);
  return new Map(rows.map((row) => [row.sequence, row.last_value]));
}

/**
 * Where a sequence continues on the target: past the greater of the source's last value and the column's largest
 * value (a row inserted with an explicit id leaves the sequence behind it). Null when neither exists: the sequence
 * stays fresh and hands out its start value first.
 */
export function sequenceTarget(sourceLast: string | null | undefined, columnMax: string | null): bigint | null {
  const values = [sourceLast, columnMax].filter((v): v is string => v !== null && v !== undefined).map((v) => BigInt(v));
  if (!values.length) return null;
  return values.reduce((a, b) => (a > b ? a : b));
}

/** Sets the target's sequences (after the rows arrived); answers how many were set. */
export async function setSequences(target: Query, owned: readonly OwnedSequence[], sourceLast: Map<string, string | null>): Promise<number> {
  let set = 0;
  for (const seq of owned) {
    const [row] = await target<MaxRow>(`SELECT max(${quoteIdent(seq.column)})::text AS max FROM ${quoteIdent(seq.table)}`);
    const value = sequenceTarget(sourceLast.get(seq.sequence), row!.max);
    if (value === null) continue;
    await target('SELECT setval($1::regclass, $2::bigint, true)', [quoteIdent(seq.sequence), value.toString()]);
    set++;
  }
  return set;
}

interface DropRow {
  statement: string;
}

/**
 * Back to an empty database after a move that failed past the migrations (the rows were never committed): drops the
 * migration record, the tables (with their sequences and triggers), the functions and the types the migrations made.
 */
export async function clearTarget(query: Query): Promise<void> {
  await query('DROP SCHEMA IF EXISTS drizzle CASCADE');
  const drops = await query<DropRow>(
    `SELECT 'DROP TABLE IF EXISTS ' || string_agg(format('%I', relname), ', ') || ' CASCADE' AS statement
       FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p') HAVING count(*) > 0
     UNION ALL
     SELECT 'DROP ROUTINE IF EXISTS ' || string_agg(oid::regprocedure::text, ', ') || ' CASCADE'
       FROM pg_proc WHERE pronamespace = 'public'::regnamespace HAVING count(*) > 0
     UNION ALL
     SELECT 'DROP TYPE IF EXISTS ' || string_agg(format('%I', typname), ', ') || ' CASCADE'
       FROM pg_type t WHERE typnamespace = 'public'::regnamespace AND typtype IN ('c', 'e', 'd')
        AND (typrelid = 0 OR (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c') HAVING count(*) > 0
     UNION ALL
     SELECT 'DROP SEQUENCE IF EXISTS ' || string_agg(format('%I', relname), ', ') || ' CASCADE'
       FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'S' HAVING count(*) > 0`,
  );
  for (const drop of drops) await query(drop.statement);
}
