import path from 'node:path';
import { BRANDS } from '../schemas/brands';
import { buildApp } from './app';
import { migrateDatabase, openDatabase } from './db/client';
import { lockDataDir } from './db/pglite-lock';
import { readEnv } from './env';
import { seedDemoData } from './seed/seed';
import { loadSecret } from './secret';

/** `npm start`: migrate, seed once, serve app + API on one port, print the three brands' URLs. */
async function main(): Promise<void> {
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
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.join(dataDir, 'pglite') });
  await migrateDatabase(database);
  await seedDemoData(database);
  const app = await buildApp({
    database,
    env,
    clientDir: env.CLIENT_DIR ? path.resolve(env.CLIENT_DIR) : undefined,
    secret: loadSecret(env.APP_SECRET, dataDir),
    logger: {
      level: env.LOG_LEVEL,
      redact: ['req.headers.token', 'req.headers.cookie', 'req.body.phone', 'req.body.code', 'req.body.password'],
    },
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing in-flight requests');
    await app.close();
    await database.close();
    unlock();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  await app.listen({ port: env.PORT, host: env.HOST });
  const engine = env.DATABASE_URL ? 'PostgreSQL' : `PGlite (${path.join(dataDir, 'pglite')})`;
  console.log(`\nwenjuan is running on port ${env.PORT}, database: ${engine}`);
  for (const brand of Object.values(BRANDS)) {
    const host = brand.id === 'wenjuan' ? 'localhost' : `${brand.id}.localhost`;
    console.log(`  ${brand.name.padEnd(4, '　')} http://${host}:${env.PORT}/`);
  }
  console.log(`  短信发件箱 http://localhost:${env.PORT}/dev/outbox  (demo: 13800138000 / demo1234)\n`);
}

void main();
