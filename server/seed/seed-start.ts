import type { FastifyInstance } from 'fastify';
import { holdingStartLock, type Database } from '../db/client';
import { demoAccountsEnabled, type TEnv } from '../env';
import { checkPassword } from '../services/access/users.service';
import { COLLEAGUE_PHONE, seedDemoProjects } from './demo-projects';
import { DEMO_PASSWORD, DEMO_PHONE, seedCatalogues, seedDemoData } from './seed';
import { col, defineSql } from '../db/sql';
import { holdUntilSeeded } from './seed-gate';

/**
 * The demo accounts at this start: made or kept by it ('seeded'), left from an earlier start with their published
 * password still working ('found': a production start warns), or none.
 */
export type TDemoAccounts = 'seeded' | 'found' | 'none';

/**
 * What a start writes into its database (server/start.ts), and the one place that decides whether the demo
 * accounts exist (issue 42): the catalogues always; the demo accounts (13800138000 and its colleague 13800138001,
 * password demo1234), their projects and any other demo data only where `demoAccountsEnabled(env)` — development
 * and test starts, or DEMO_ACCOUNTS=1. More demo data belongs in the gated branch below, never before it.
 */
export async function seedOnStart(app: FastifyInstance, database: Database, env: TEnv): Promise<TDemoAccounts> {
  await seedCatalogues(database);
  if (!demoAccountsEnabled(env)) return (await knownDemoAccounts(database)).length ? 'found' : 'none';
  await oneSeedAtATime(database, async () => {
    await seedDemoData(database);
    await seedDemoProjects(app, database);
  });
  return 'seeded';
}

/**
 * `npm start`'s seed (server/start.ts): the catalogues before the port opens; where the demo gate allows the demo
 * data, its seed then goes on after the port opens, every request from outside but the probes and the front end's
 * files waiting until it is done (seed-gate.ts), so a development first start answers ~2 s sooner. `seeded` settles
 * when the seed has ended (rejects with its error).
 */
export async function seedAtStart(app: FastifyInstance, database: Database, env: TEnv): Promise<{ demo: TDemoAccounts; seeded: Promise<void> }> {
  if (!demoAccountsEnabled(env)) return { demo: await seedOnStart(app, database, env), seeded: Promise.resolve() };
  await seedCatalogues(database);
  return { demo: 'seeded', seeded: holdUntilSeeded(app, async () => void (await seedOnStart(app, database, env))) };
}

/** The demo seed's start lock (client.ts holdingStartLock: advisory lock (7300, 1)). */
const SEED_LOCK = 1;
const seeding = new WeakMap<Database, Promise<unknown>>();

/**
 * Starts that seed one database at the same moment (several processes on one PostgreSQL; two apps on one database
 * in a test) seed one after the other: each seed step claims its own marker, and a later step needs what an
 * earlier one made (the demo kinds log in as the colleague the samples make), so a start that found the samples'
 * marker taken must wait until that start has made them. PostgreSQL: a session lock on a connection of its own;
 * PGlite (one process): a queue per database.
 */
export async function oneSeedAtATime(database: Database, work: () => Promise<void>): Promise<void> {
  if (database.session) {
    await holdingStartLock(database.session, SEED_LOCK, work);
    return;
  }
  const before = seeding.get(database) ?? Promise.resolve();
  const mine = before.catch(() => {}).then(work);
  seeding.set(database, mine);
  await mine;
}

const knownDemoAccountsSql = defineSql(
  'seed-start.knownDemoAccounts',
  { phone: col.text, password_hash: col.text.orNull() },
  'SELECT phone, password_hash FROM users WHERE phone = ANY($1::text[]) ORDER BY phone',
);

/** The demo accounts in this database that anyone can still log in to with the published password. */
export async function knownDemoAccounts(database: Database): Promise<string[]> {
  const rows = await knownDemoAccountsSql.run(database.query, [[DEMO_PHONE, COLLEAGUE_PHONE]]);
  const known: string[] = [];
  for (const row of rows) if (await checkPassword(row.password_hash, DEMO_PASSWORD)) known.push(row.phone);
  return known;
}
