import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, openAsBlob, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { openDatabase, type Database } from '../client';
import { lockDataDir } from '../pglite-lock';
import { appliedMigrations, codeMigrations, databaseSums, type MigrationMark, type TableSum } from '../move/catalog';
import { ArchiveWriter, checkZipLimits, worthCompressing } from './archive-write';
import { MANIFEST_ENTRY, MANIFEST_FORMAT, PGLITE_ENTRY, POSTGRES_ENTRY, UPLOADS_PREFIX, type Manifest } from './manifest';
import { findPgTool, runTool } from './pg-tools';
import { dataDirOwner } from './data-dir';
import { requestServerDump } from './serve-dump';
import { uploadFiles } from './upload-files';

export interface BackupOptions {
  dataDir: string;
  databaseUrl?: string;
  outDir: string;
  /** How long a running PGlite server may take to dump itself. */
  timeoutMs?: number;
  now?: Date;
}

export interface BackupResult {
  file: string;
  manifest: Manifest;
}

/** What the database part of a backup yields: the dump's file and what the manifest says of the database. */
interface DatabaseDump {
  file: string;
  tables: TableSum[];
  migrations: MigrationMark[];
}

/** `npm run backup`: one dated zip of the database and the upload files, written under a temporary name then renamed. */
export async function runBackup(options: BackupOptions): Promise<BackupResult> {
  const engine = options.databaseUrl ? 'postgres' : 'pglite';
  const now = options.now ?? new Date();
  mkdirSync(options.outDir, { recursive: true });
  const file = path.join(options.outDir, archiveName(engine, now));
  if (existsSync(file)) throw new Error(`${file} exists already.`);
  const work = path.join(options.outDir, `wenjuan-dump-${randomBytes(6).toString('hex')}${engine === 'pglite' ? '.tar.gz' : '.dump'}`);
  const partial = `${file}.part`;
  try {
    const dump = options.databaseUrl ? await dumpPostgres(options.databaseUrl, work) : await dumpPglite(options.dataDir, work, options.timeoutMs ?? 600_000);
    const uploads = uploadFiles(path.join(options.dataDir, 'uploads'));
    const dumpBytes = statSync(dump.file).size;
    checkZipLimits(uploads.length + 2, dumpBytes + uploads.reduce((sum, u) => sum + u.bytes, 0));
    const code = codeMigrations();
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      engine,
      createdAt: now.toISOString(),
      codeMigration: code.at(-1)?.tag ?? '',
      migrations: dump.migrations,
      tables: dump.tables,
      uploads: { files: uploads.length, bytes: uploads.reduce((sum, u) => sum + u.bytes, 0) },
      database: engine === 'pglite' ? PGLITE_ENTRY : POSTGRES_ENTRY,
    };
    const archive = new ArchiveWriter(partial);
    try {
      await archive.addBytes(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)), true);
      await archive.addFile(manifest.database, dump.file, false);
      for (const upload of uploads) await archive.addFile(UPLOADS_PREFIX + upload.name, upload.path, worthCompressing(upload.name), upload.mtime);
      await archive.finish();
    } catch (error) {
      await archive.abort();
      throw error;
    }
    renameSync(partial, file);
    return { file, manifest };
  } finally {
    rmSync(work, { force: true });
    rmSync(partial, { force: true });
  }
}

/** wenjuan-<engine>-YYYYMMDD-HHMMSS.zip, in UTC. */
export function archiveName(engine: 'pglite' | 'postgres', at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
  return `wenjuan-${engine}-${stamp}.zip`;
}

export const ARCHIVE_NAME = /^wenjuan-(pglite|postgres)-\d{8}-\d{6}\.zip$/;

/**
 * PGlite: through the running server's own dump when one holds the directory, else with the directory locked by
 * this process (no server can start meanwhile) and opened here. The sums are those of the dump itself: it is
 * opened in memory and summed, so the manifest describes exactly what the archive holds.
 */
async function dumpPglite(dataDir: string, target: string, timeoutMs: number): Promise<DatabaseDump> {
  const pgliteDir = path.join(dataDir, 'pglite');
  if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) throw new Error(`${pgliteDir} holds no database to back up.`);
  const owner = dataDirOwner(dataDir);
  if (owner) {
    await requestServerDump(dataDir, owner, target, timeoutMs);
  } else {
    const unlock = lockDataDir(dataDir);
    try {
      const database = await openDatabase({ dataDir: pgliteDir });
      try {
        await database.query('CHECKPOINT');
        await writeBlob(await database.dump!('gzip'), target);
      } finally {
        await database.close();
      }
    } finally {
      unlock();
    }
  }
  const copy = await openDatabase({ loadDataDir: await openAsBlob(target) });
  try {
    return { ...(await describeDatabase(copy)), file: target };
  } finally {
    await copy.close();
  }
}

async function describeDatabase(database: Database): Promise<Omit<DatabaseDump, 'file'>> {
  return { tables: await databaseSums(database), migrations: await appliedMigrations(database.query) };
}

async function writeBlob(blob: Blob, target: string): Promise<void> {
  await pipeline(Readable.fromWeb(blob.stream() as never), createWriteStream(target, { flags: 'wx' }));
}

interface SnapshotRow {
  snapshot: string;
  major: string;
}

/**
 * PostgreSQL: pg_dump --format=custom reading the snapshot of a repeatable-read transaction that this process holds
 * open and sums the tables in, so the dump and the manifest's sums are of one state even while servers write.
 */
async function dumpPostgres(databaseUrl: string, target: string): Promise<DatabaseDump> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const [{ major }] = (await client.query<SnapshotRow>(`SELECT current_setting('server_version_num')::int / 10000 AS major`)).rows as [SnapshotRow];
    const pgDump = findPgTool('pg_dump', Number(major));
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const [{ snapshot }] = (await client.query<SnapshotRow>('SELECT pg_export_snapshot() AS snapshot')).rows as [SnapshotRow];
    const { url, env } = toolConnection(databaseUrl);
    const dumped = runTool(pgDump, ['--format=custom', `--snapshot=${snapshot}`, `--file=${target}`, `--dbname=${url}`], env);
    const query = async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[];
    // databaseSums wraps its work in a transaction; here it runs inside the open snapshot's (SET LOCAL applies to it).
    const sums = await databaseSums({ transaction: (work) => work(query) });
    const migrations = await appliedMigrations(query);
    await dumped;
    await client.query('COMMIT');
    return { file: target, tables: sums, migrations };
  } finally {
    await client.end().catch(() => {});
  }
}

/** The URL without its password (which would show in the process list) and the password as PGPASSWORD. */
export function toolConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}
