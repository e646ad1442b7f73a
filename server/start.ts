import path from 'node:path';
import { buildApp } from './app';
import { serveDumps } from './db/backup/serve-dump';
import { MIGRATIONS_DIR, migrateDatabase, openDatabase } from './db/client';
import { templateFiles, type TemplateOutcome } from './db/pglite-template';
import { lockDataDir } from './db/pglite-lock';
import { sharedSecret } from './db/shared-secret';
import { readEnv } from './env';
import { createLogger } from './logger';
import { createLifecycle, startHealthServer } from './plugins/lifecycle';
import { seedAtStart } from './seed/seed-start';
import { startBanner, startWarnings } from './start-banner';
import { loadSecret } from './secret';
import { drain, IDLE_WAIT_MS } from './shutdown';
import { markPhase, phaseLine } from './start-timing';

/** `npm start`: migrate, seed once, serve app + API on one port, print the three brands' URLs. */
async function main(): Promise<void> {
  markPhase('load');
  let env;
  try {
    env = readEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const dataDir = path.resolve(env.DATA_DIR);
  let unlock = () => {};
  if (!env.DATABASE_URL) {
    try {
      unlock = lockDataDir(dataDir);
    } catch (error) {
      console.error((error as Error).message);
      process.exit(1);
    }
  }
  // Readiness is false until the app's port opens (docs/scaling.md); HEALTH_PORT shows it meanwhile.
  const lifecycle = createLifecycle(env.NODE_NAME ?? `p${process.pid}`, 'starting');
  // A first start with no database yet takes the build's pre-made one when it fits (server/db/pglite-template.ts).
  let template: TemplateOutcome | undefined;
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: path.join(dataDir, 'pglite'),
    template: templateFiles(env.PGLITE_TEMPLATE, MIGRATIONS_DIR),
    onTemplate: (outcome) => (template = outcome),
    keepConnections: true,
  });
  markPhase(template?.loaded ? 'open (template)' : 'open');
  if (env.HEALTH_PORT) await startHealthServer(env.HEALTH_PORT, env.HOST, lifecycle, database);
  lifecycle.phase = 'migrating';
  await migrateDatabase(database);
  markPhase('migrate');
  // PostgreSQL: every pool connection open and its catalog caches loaded before the port opens (issue 54 soak).
  if (database.warm) {
    await database.warm();
    markPhase('warm pool');
  }
  const logger = createLogger(env.LOG_LEVEL, lifecycle.node);
  if (template)
    logger.info(template.loaded ? "new database: loaded from the build's template" : `new database: the build's template was not used (${template.reason})`);
  const app = await buildApp({
    database,
    env,
    clientDir: env.CLIENT_DIR ? path.resolve(env.CLIENT_DIR) : undefined,
    // Several processes on one PostgreSQL must share the secret: without APP_SECRET it is kept in the database.
    secret: env.APP_SECRET ?? (env.DATABASE_URL ? await sharedSecret(database) : loadSecret(undefined, dataDir)),
    loggerInstance: logger,
    lifecycle,
  });
  markPhase('app');
  // Catalogues always; the demo accounts and their sample projects (made through the app's own calls) only where
  // the demo gate allows them: never in production unless DEMO_ACCOUNTS=1 (issue 42). The demo seed goes on after
  // the port opens, requests from outside waiting for it (server/seed/seed-gate.ts).
  const { demo, seeded } = await seedAtStart(app, database, env);
  seeded.catch(() => {}); // its failure is handled once the port is open (below)
  markPhase('catalogues');
  for (const warning of startWarnings(env, demo)) app.log.warn({ setting: warning.setting }, warning.message);
  // PGlite: `npm run backup` asks this process for its own dump (SIGUSR2), as nothing else may open the directory.
  const stopDumps = env.DATABASE_URL ? () => {} : serveDumps(dataDir, database, app.log);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing in-flight requests and jobs');
    // Past the grace and a margin, stop anyway.
    setTimeout(() => process.exit(1), env.SHUTDOWN_DELAY_MS + env.SHUTDOWN_GRACE_MS + 15_000).unref();
    // Ctrl-C (a person at a terminal): no waiting for browsers' idle connections.
    const interactive = signal === 'SIGINT';
    await drain(app, lifecycle, {
      delayMs: interactive ? 0 : env.SHUTDOWN_DELAY_MS,
      graceMs: env.SHUTDOWN_GRACE_MS,
      idleWaitMs: interactive ? 0 : IDLE_WAIT_MS,
    });
    await seeded.catch(() => {});
    stopDumps();
    await database.close();
    unlock();
    app.log.info('stopped');
    logger.flush(() => process.exit(0));
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  lifecycle.phase = 'ready';
  await app.listen({ port: env.PORT, host: env.HOST });
  markPhase('listen');
  try {
    await seeded;
  } catch (error) {
    if (stopping) return;
    app.log.error({ err: error }, 'the demo seed failed: stopping');
    process.exit(1);
  }
  markPhase('demo seed');
  if (env.START_TIMING === '1') console.log(phaseLine());
  const engine = env.DATABASE_URL ? 'PostgreSQL' : `PGlite (${path.join(dataDir, 'pglite')})`;
  console.log(`\n${startBanner(env, engine, demo).join('\n')}\n`);
}

void main();
