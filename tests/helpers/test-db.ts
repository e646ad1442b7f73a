import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { MIGRATIONS_DIR, migrateDatabase, openDatabase, type Database } from '../../server/db/client';
import { FUNCTIONS_DIR } from '../../server/db/functions';

/**
 * A fresh, migrated database per test file: PostgreSQL when DATABASE_URL is set (a new database on that
 * server, dropped at close), otherwise an in-memory PGlite loaded from a migrated template built once.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  return url ? openPostgresCopy(url) : openPgliteCopy();
}

export const engineName = (): 'postgres' | 'pglite' => (process.env.DATABASE_URL ? 'postgres' : 'pglite');

function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, name.name);
      if (name.isDirectory()) walk(full);
      else hash.update(name.name).update(readFileSync(full));
    }
  };
  walk(MIGRATIONS_DIR);
  walk(FUNCTIONS_DIR);
  return hash.digest('hex').slice(0, 16);
}

/**
 * The template's data directory, kept as a plain tar (gunzipping the 46 MB took ~250 ms of each file's ~0.7 s
 * start, docs/benchmarks.md, CI time 2026-12-04) and held in memory by the worker: its files share this module.
 */
let loaded: { file: string; tar: Blob } | undefined;

async function openPgliteCopy(): Promise<Database> {
  const file = await pgliteTemplateFile();
  if (loaded?.file !== file) loaded = { file, tar: new Blob([readFileSync(file)]) };
  return openDatabase({ loadDataDir: loaded.tar });
}

/**
 * The migrated PGlite data directory as a plain tar (built once per set of migrations and kept in the cache), for
 * tests that need a PGlite install on disk (tests/cluster/move/install.ts unpacks it into DATA_DIR/pglite).
 */
export async function pgliteTemplateFile(): Promise<string> {
  const cacheDir = path.resolve('node_modules/.cache/wenjuan');
  const file = path.join(cacheDir, `pglite-${migrationsHash()}.tar`);
  if (!existsSync(file)) await buildPgliteTemplate(cacheDir, file);
  return file;
}

async function buildPgliteTemplate(cacheDir: string, file: string): Promise<void> {
  const template = await openDatabase({});
  await migrateDatabase(template);
  const dump = await dumpPglite(template);
  mkdirSync(cacheDir, { recursive: true });
  const tmp = `${file}.${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, gunzipSync(Buffer.from(await dump.arrayBuffer())));
  renameSync(tmp, file);
  await template.close();
  // Templates of earlier migrations (an hour old: a run still reading one has long loaded it).
  for (const name of readdirSync(cacheDir)) {
    const other = path.join(cacheDir, name);
    if (name.startsWith('pglite-') && other !== file && Date.now() - statSync(other).mtimeMs > 3_600_000) rmSync(other, { force: true });
  }
}

async function dumpPglite(database: Database): Promise<Blob> {
  const rows = database as Database & { dump?: () => Promise<Blob> };
  if (!rows.dump) throw new Error('PGlite database has no dump()');
  return rows.dump();
}

/** Advisory lock (first half) held while a run builds the migrated PostgreSQL template; the app's own are 7300–7302. */
const TEMPLATE_LOCK = 7310;
/** Templates kept on the server: one per migrations hash, so several worktrees (or branches) can test side by side. */
const TEMPLATES_KEPT = 12;

/**
 * A new database copied from a migrated template (`CREATE DATABASE … TEMPLATE`, ~60 ms) instead of running every
 * migration per test file (~0.4 s idle, seconds under load; docs/benchmarks.md, CI time 2026-12-04). The template
 * is named after the migrations hash, so a changed migration builds a new one.
 */
async function openPostgresCopy(url: string): Promise<Database> {
  const { Client } = (await import('pg')).default;
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    await copyTemplate(admin, url, name);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString() });
  const close = database.close;
  database.close = async () => {
    await close();
    const dropper = new Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await dropper.end();
  };
  return database;
}

/**
 * A PostgreSQL database kept between runs under `name` (benches that load a million rows): copied from the
 * migrated template when missing (`fresh`), else opened as it is. Closing leaves it; `dropKept` removes it.
 */
export async function openKeptPostgres(url: string, name: string): Promise<{ database: Database; fresh: boolean }> {
  const { Client } = (await import('pg')).default;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  let fresh = false;
  try {
    if (!(await databaseExists(admin, name))) {
      await copyTemplate(admin, url, name);
      fresh = true;
    }
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return { database: await openDatabase({ databaseUrl: target.toString() }), fresh };
}

/** Drops a database openKeptPostgres kept. */
export async function dropKept(url: string, name: string): Promise<void> {
  const { Client } = (await import('pg')).default;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

type Admin = InstanceType<(typeof import('pg'))['default']['Client']>;

/** CREATE DATABASE `name` from the template, building the template first when it is missing (or was pruned meanwhile). */
async function copyTemplate(admin: Admin, url: string, name: string): Promise<void> {
  const template = `tpl_${migrationsHash()}`;
  for (let attempt = 0; ; attempt++) {
    await ensureTemplate(admin, url, template);
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      // 3D000: another run pruned the template between the check and the copy; build it again once.
      if ((error as { code?: string }).code !== '3D000' || attempt > 0) throw error;
    }
  }
}

/**
 * Builds the template once per migrations hash. Several vitest workers (and other runs on the same server) race
 * here: the first takes the advisory lock and builds under a unique name, then renames it, so a template that
 * exists is always complete; the others wait on the lock and find it.
 */
async function ensureTemplate(admin: Admin, url: string, template: string): Promise<void> {
  if (await databaseExists(admin, template)) return;
  await admin.query('SELECT pg_advisory_lock($1, 0)', [TEMPLATE_LOCK]);
  try {
    if (await databaseExists(admin, template)) return;
    const building = `${template}_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${building}`);
    const target = new URL(url);
    target.pathname = `/${building}`;
    const database = await openDatabase({ databaseUrl: target.toString() });
    try {
      await migrateDatabase(database);
    } catch (error) {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`).catch(() => {});
      throw error;
    }
    await database.close();
    try {
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
    } catch (error) {
      // 42P04: a run whose URL names another database (so another advisory lock) built the same template first.
      await admin.query(`DROP DATABASE IF EXISTS ${building}`);
      if ((error as { code?: string }).code !== '42P04') throw error;
    }
    await pruneTemplates(admin);
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1, 0)', [TEMPLATE_LOCK]);
  }
}

async function databaseExists(admin: Admin, name: string): Promise<boolean> {
  return (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
}

/** Drops all but the newest TEMPLATES_KEPT templates (and half-built ones a killed run left), skipping any in use. */
async function pruneTemplates(admin: Admin): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname ~ '^tpl_[0-9a-f]{16}' ORDER BY oid DESC OFFSET ${TEMPLATES_KEPT}`,
  );
  for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => {});
}
