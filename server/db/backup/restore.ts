import { mkdirSync, openAsBlob, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../client';
import { lockDataDir } from '../pglite-lock';
import { codeMigrations, databaseSums, differingSums, migrationFit, occupiedBy, type TableSum } from '../move/catalog';
import { ArchiveReader } from './archive-read';
import { toolConnection } from './backup';
import { dataDirOwner, holdsFiles } from './data-dir';
import { MANIFEST_ENTRY, parseManifest, UPLOADS_PREFIX, type Manifest } from './manifest';
import { findPgTool, runTool } from './pg-tools';

export interface RestoreOptions {
  archive: string;
  dataDir: string;
  databaseUrl?: string;
}

export interface RestoreResult {
  manifest: Manifest;
  restored: TableSum[];
  /** Tables whose rows or sum differ from the manifest's (empty: the restore is verified). */
  differing: string[];
  uploads: number;
}

/**
 * `npm run restore -- <archive>`: into an empty target only (a PGlite DATA_DIR with no database, or a PostgreSQL
 * database with no tables), the engine the archive was made on, then the upload files into an empty
 * DATA_DIR/uploads, then every table's sum compared with the manifest's.
 */
export async function runRestore(options: RestoreOptions): Promise<RestoreResult> {
  const archive = await ArchiveReader.open(options.archive);
  const manifest = parseManifest((await archive.readBytes(MANIFEST_ENTRY)).toString('utf8'), options.archive);
  checkEngine(manifest, options);
  checkMigrations(manifest);
  const uploadsDir = path.join(options.dataDir, 'uploads');
  if (holdsFiles(uploadsDir)) throw new Error(`${uploadsDir} holds files already: a restore goes into an empty DATA_DIR/uploads.`);
  const uploads = archive.names().filter((name) => name.startsWith(UPLOADS_PREFIX));
  const restored = options.databaseUrl
    ? await restorePostgres(archive, manifest, options.databaseUrl)
    : await restorePglite(archive, manifest, options.dataDir);
  mkdirSync(uploadsDir, { recursive: true });
  for (const name of uploads) {
    const file = name.slice(UPLOADS_PREFIX.length);
    if (!file || file.includes('/') || file.includes('\\') || file.startsWith('.')) throw new Error(`${options.archive}: refused the entry ${name}.`);
    await archive.extractTo(name, path.join(uploadsDir, file));
  }
  return { manifest, restored, differing: differingSums(manifest.tables, restored), uploads: uploads.length };
}

function checkEngine(manifest: Manifest, options: RestoreOptions): void {
  const target = options.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.engine === target) return;
  if (manifest.engine === 'pglite')
    throw new Error(
      `${options.archive} is a backup of the embedded database (PGlite), and DATABASE_URL names PostgreSQL. Restore it ` +
        'into an empty DATA_DIR without DATABASE_URL, then move it to PostgreSQL with `npm run db:move`.',
    );
  throw new Error(`${options.archive} is a backup of a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database to restore it.`);
}

function checkMigrations(manifest: Manifest): void {
  const fit = migrationFit(manifest.migrations, codeMigrations());
  if (fit.fit === 'ahead' || fit.fit === 'different')
    throw new Error(
      `The backup's database was written by another wenjuan version (its last migration: ${manifest.codeMigration}; ` +
        `this code's: ${codeMigrations().at(-1)?.tag}). Restore it with that version.`,
    );
}

async function restorePglite(archive: ArchiveReader, manifest: Manifest, dataDir: string): Promise<TableSum[]> {
  const owner = dataDirOwner(dataDir);
  if (owner) throw new Error(`A wenjuan server (pid ${owner}) is using ${dataDir}: stop it, and restore into an empty DATA_DIR.`);
  const pgliteDir = path.join(dataDir, 'pglite');
  if (holdsFiles(pgliteDir)) throw new Error(`${pgliteDir} holds a database already: a restore goes into an empty DATA_DIR.`);
  const unlock = lockDataDir(dataDir);
  const dump = path.join(dataDir, `restore-${randomBytes(6).toString('hex')}.tar.gz`);
  try {
    await archive.extractTo(manifest.database, dump);
    const database = await openDatabase({ dataDir: pgliteDir, loadDataDir: await openAsBlob(dump) });
    try {
      return await databaseSums(database);
    } finally {
      await database.close();
    }
  } catch (error) {
    // The directory was empty and is held by this process: a failed restore leaves it empty again, so it can be retried.
    rmSync(pgliteDir, { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(dump, { force: true });
    unlock();
  }
}

async function restorePostgres(archive: ArchiveReader, manifest: Manifest, databaseUrl: string): Promise<TableSum[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let major: number;
  try {
    const query = async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[];
    const occupied = await occupiedBy(query);
    if (occupied.length) throw new Error(`The database of DATABASE_URL is not empty (it holds ${occupied.join(', ')}): a restore goes into an empty database.`);
    major = Number((await query<{ major: number }>(`SELECT current_setting('server_version_num')::int / 10000 AS major`))[0]!.major);
  } finally {
    await client.end().catch(() => {});
  }
  const pgRestore = findPgTool('pg_restore', major);
  const dump = path.join(tmpdir(), `wenjuan-restore-${randomBytes(6).toString('hex')}.dump`);
  try {
    await archive.extractTo(manifest.database, dump);
    const { url, env } = toolConnection(databaseUrl);
    await runTool(pgRestore, ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${url}`, dump], env);
  } finally {
    rmSync(dump, { force: true });
  }
  const database = await openDatabase({ databaseUrl });
  try {
    return await databaseSums(database);
  } finally {
    await database.close();
  }
}

/** The check printed after a restore: one line per table, the backup's and the restored rows and sums. */
export function sumsTable(expected: readonly TableSum[], restored: readonly TableSum[]): string {
  const got = new Map(restored.map((s) => [s.table, s]));
  const names = [...new Set([...expected.map((s) => s.table), ...restored.map((s) => s.table)])].sort();
  const width = Math.max(5, ...names.map((n) => n.length));
  const lines = [`${'table'.padEnd(width)}  ${'rows'.padStart(9)}  ${'restored'.padStart(9)}  sum               check`];
  for (const name of names) {
    const a = expected.find((s) => s.table === name);
    const b = got.get(name);
    const same = a && b && a.rows === b.rows && a.sum === b.sum;
    lines.push(
      `${name.padEnd(width)}  ${String(a?.rows ?? '-').padStart(9)}  ${String(b?.rows ?? '-').padStart(9)}  ${(a ?? b)!.sum}  ${same ? 'ok' : 'DIFFERS'}`,
    );
  }
  return lines.join('\n');
}
