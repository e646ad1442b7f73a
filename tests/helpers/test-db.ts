import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

async function openPgliteCopy(): Promise<Database> {
  const cacheDir = path.resolve('node_modules/.cache/wenjuan');
  const file = path.join(cacheDir, `pglite-${migrationsHash()}.tar.gz`);
  if (!existsSync(file)) {
    const template = await openDatabase({});
    await migrateDatabase(template);
    const dump = await dumpPglite(template);
    mkdirSync(cacheDir, { recursive: true });
    const tmp = `${file}.${randomBytes(4).toString('hex')}`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, file);
    await template.close();
  }
  return openDatabase({ loadDataDir: new Blob([readFileSync(file)]) });
}

async function dumpPglite(database: Database): Promise<Blob> {
  const rows = database as Database & { dump?: () => Promise<Blob> };
  if (!rows.dump) throw new Error('PGlite database has no dump()');
  return rows.dump();
}

async function openPostgresCopy(url: string): Promise<Database> {
  const { Client } = (await import('pg')).default;
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString() });
  await migrateDatabase(database);
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
