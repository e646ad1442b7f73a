import path from 'node:path';
import { migrateDatabase, openDatabase, type Database, type Query } from '../client';
import { appliedMigrations, codeMigrations, differingSums, tableSums, userTables, type MigrationMark, type TableInfo, type TableSum } from './catalog';
import { copyTable, tableSize, type TableSize } from './copy';
import { checkSourceDir, checkSourceVersion, checkTarget, holdSource } from './refusals';
import {
  addForeignKeys,
  clearTarget,
  dropForeignKeys,
  foreignKeys,
  ownedSequences,
  sequenceValues,
  setSequences,
  setUserTriggers,
  truncateAll,
} from './target-setup';

export { MoveRefused } from './refusals';

/**
 * `npm run db:move` (issue 55): the embedded database of a PGlite install into an empty PostgreSQL database. The
 * schema comes from our own migrations and function files (a PGlite dump is PostgreSQL 18 SQL), the rows from the
 * source in one transaction on the target, then both sides' checksums per table are compared.
 */
export interface MoveOptions {
  /** DATA_DIR of the PGlite install (database DATA_DIR/pglite, uploads DATA_DIR/uploads). */
  dataDir: string;
  /** DATABASE_URL of an empty PostgreSQL database. */
  targetUrl: string;
  dryRun?: boolean;
  /** Rows per copied batch (about: a batch is a range of the source's pages). */
  batchRows?: number;
  onProgress?: (event: MoveProgress) => void;
}
export interface MoveProgress {
  table: string;
  /** Rows of this table copied so far. */
  copied: number;
  total: number;
}
export interface MoveTableLine {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceSum: string;
  targetSum: string;
  equal: boolean;
}
export interface MoveReport {
  dryRun: boolean;
  ok: boolean;
  tables: MoveTableLine[];
  /** Sequences set past their column's values. */
  sequences: number;
  uploadsDir: string;
  /** The migration both sides are at (its tag). */
  migration: string;
}

export const DEFAULT_BATCH_ROWS = 5_000;

export async function moveToPostgres(options: MoveOptions): Promise<MoveReport> {
  const dataDir = path.resolve(options.dataDir);
  const dir = checkSourceDir(dataDir);
  const release = holdSource(dataDir);
  const opened: Database[] = [];
  try {
    const source = await openDatabase({ dataDir: dir });
    opened.push(source);
    const applied = await checkSourceVersion(source.query, dir);
    const target = await openDatabase({ databaseUrl: options.targetUrl });
    opened.push(target);
    await checkTarget(target, options.targetUrl);
    const tables = await userTables(source.query);
    const sizes = new Map<string, TableSize>();
    for (const table of tables) sizes.set(table.name, await tableSize(source.query, table.name));
    const base = { uploadsDir: path.join(dataDir, 'uploads'), migration: lastTag(applied) };
    if (options.dryRun) return { ...base, dryRun: true, ok: true, sequences: 0, tables: tables.map((t) => dryLine(t.name, sizes.get(t.name)!)) };
    const sequences = await migrateAndCopy(source, target, { tables, sizes, applied, options });
    const lines = compare(await tableSums(source, names(tables)), await tableSums(target, names(tables)));
    return { ...base, dryRun: false, ok: lines.every((line) => line.equal), tables: lines, sequences };
  } finally {
    for (const database of opened.reverse()) await database.close().catch(() => {});
    release();
  }
}

interface CopyPlan {
  tables: TableInfo[];
  sizes: Map<string, TableSize>;
  applied: MigrationMark[];
  options: MoveOptions;
}

/** Migrates the target, checks it reached the source's migration, copies the rows; on failure leaves it empty again. */
async function migrateAndCopy(source: Database, target: Database, plan: CopyPlan): Promise<number> {
  try {
    await migrateDatabase(target);
    const onTarget = await appliedMigrations(target.query);
    if (marks(onTarget) !== marks(plan.applied)) throw new Error('The target did not reach the same migrations as the source.');
    const targetTables = names(await userTables(target.query));
    if (targetTables.join() !== names(plan.tables).join())
      throw new Error(`The target's tables differ from the source's after migrating (${targetTables.length} vs ${plan.tables.length}).`);
    return await target.transaction((query) => copyRows(source.query, query, plan));
  } catch (error) {
    await target.transaction(clearTarget).catch(() => {});
    throw error;
  }
}

async function copyRows(source: Query, target: Query, plan: CopyPlan): Promise<number> {
  const tableNames = names(plan.tables);
  const keys = await foreignKeys(target);
  await dropForeignKeys(target, keys);
  await setUserTriggers(target, tableNames, 'DISABLE');
  await truncateAll(target, tableNames);
  const batchRows = plan.options.batchRows ?? DEFAULT_BATCH_ROWS;
  for (const table of plan.tables) {
    const size = plan.sizes.get(table.name)!;
    plan.options.onProgress?.({ table: table.name, copied: 0, total: size.rows });
    await copyTable(source, target, table, size, batchRows, (copied) => plan.options.onProgress?.({ table: table.name, copied, total: size.rows }));
  }
  const sequences = await setSequences(target, await ownedSequences(target), await sequenceValues(source));
  await setUserTriggers(target, tableNames, 'ENABLE');
  await addForeignKeys(target, keys);
  return sequences;
}

function compare(source: TableSum[], target: TableSum[]): MoveTableLine[] {
  const differing = new Set(differingSums(source, target));
  const onTarget = new Map(target.map((sum) => [sum.table, sum]));
  return source.map((sum) => {
    const other = onTarget.get(sum.table);
    return {
      table: sum.table,
      sourceRows: sum.rows,
      targetRows: other?.rows ?? 0,
      sourceSum: sum.sum,
      targetSum: other?.sum ?? '',
      equal: !differing.has(sum.table),
    };
  });
}

function dryLine(table: string, size: TableSize): MoveTableLine {
  return { table, sourceRows: size.rows, targetRows: 0, sourceSum: '', targetSum: '', equal: true };
}

const names = (tables: readonly TableInfo[]) => tables.map((t) => t.name);
const marks = (applied: readonly MigrationMark[]) => applied.map((m) => `${m.hash}@${m.when}`).join();

function lastTag(applied: readonly MigrationMark[]): string {
  const last = applied.at(-1);
  if (!last) return '';
  return codeTags().get(last.hash) ?? last.hash.slice(0, 12);
}

const codeTags = () => new Map(codeMigrations().map((m) => [m.hash, m.tag ?? '']));
