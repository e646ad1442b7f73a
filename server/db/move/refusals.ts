import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Database, Query } from '../client';
import { functionFiles } from '../functions';
import { lockDataDir } from '../pglite-lock';
import { appliedMigrations, codeMigrations, migrationFit, occupiedBy, type MigrationMark } from './catalog';

/** Why the move did not start (issue 55): each message names what to do. */
export class MoveRefused extends Error {
  constructor(
    readonly reason: 'server-running' | 'no-source' | 'target-not-empty' | 'version' | 'target-unreachable',
    message: string,
  ) {
    super(message);
    this.name = 'MoveRefused';
  }
}

interface FunctionRow {
  name: string;
  hash: string;
}
interface VersionRow {
  version: number | string;
}

/** The PGlite directory must hold a database (PGlite writes PG_VERSION when it makes one). */
export function checkSourceDir(dataDir: string): string {
  const dir = path.join(dataDir, 'pglite');
  if (!existsSync(path.join(dir, 'PG_VERSION')))
    throw new MoveRefused('no-source', `No embedded database in ${dir}. Set DATA_DIR to the directory the wenjuan server used (by default .data).`);
  return dir;
}

/** Holds DATA_DIR's lock for the whole move, so no server starts on it meanwhile; answers the release. */
export function holdSource(dataDir: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    const pid = /\(pid (\d+)\)/.exec((error as Error).message)?.[1];
    throw new MoveRefused(
      'server-running',
      `A wenjuan server${pid ? ` (pid ${pid})` : ''} is using ${dataDir}. Stop it (Ctrl-C, or systemctl stop) and run the move again: ` +
        'a database in use cannot be copied consistently.',
    );
  }
}

/** The source's migrations and functions must be this code's; answers its applied migrations. */
export async function checkSourceVersion(source: Query, dir: string): Promise<MigrationMark[]> {
  const applied = await appliedMigrations(source);
  if (!applied.length) throw new MoveRefused('no-source', `The embedded database in ${dir} holds no wenjuan data (it was never migrated).`);
  const fit = migrationFit(applied, codeMigrations());
  const behind = 'Start the server of this version once on it (npm start, then stop it), then run the move again.';
  if (fit.fit === 'behind')
    throw new MoveRefused('version', `The database in ${dir} lacks ${fit.missing.length} migration(s) of this version (${fit.missing[0]}…). ${behind}`);
  if (fit.fit === 'ahead')
    throw new MoveRefused(
      'version',
      `The database in ${dir} was written by a newer wenjuan (${fit.unknown} migration(s) unknown here). Run the move with that version.`,
    );
  if (fit.fit === 'different')
    throw new MoveRefused(
      'version',
      `The database in ${dir} was written by another wenjuan build (its migrations differ from ${fit.first}). Run the move with that build.`,
    );
  const recorded = new Map((await source<FunctionRow>('SELECT name, hash FROM db_functions')).map((row) => [row.name, row.hash]));
  const stale = functionFiles().filter((file) => recorded.get(file.name) !== file.hash);
  if (stale.length) throw new MoveRefused('version', `The database in ${dir} holds older database functions (${stale[0]!.name}…). ${behind}`);
  return applied;
}

/** The target must answer, be PostgreSQL 15 or newer, and hold nothing yet. */
export async function checkTarget(target: Database, url: string): Promise<void> {
  let version: number;
  try {
    const [row] = await target.query<VersionRow>("SELECT current_setting('server_version_num')::int AS version");
    version = Number(row!.version);
  } catch (error) {
    throw new MoveRefused(
      'target-unreachable',
      `Cannot reach the PostgreSQL database ${redact(url)}: ${(error as Error).message}. Check DATABASE_URL and that the database exists.`,
    );
  }
  if (version < 150000) throw new MoveRefused('version', `The target runs PostgreSQL ${Math.floor(version / 10000)}; wenjuan needs 15 or newer.`);
  const occupied = await occupiedBy(target.query);
  if (occupied.length)
    throw new MoveRefused(
      'target-not-empty',
      `The target database is not empty (it holds ${occupied.join(', ')}${occupied.length >= 5 ? ', …' : ''}). Move into a new database: CREATE DATABASE wenjuan_new; then point DATABASE_URL at it.`,
    );
}

/** A database URL without its password, for messages. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(DATABASE_URL)';
  }
}
