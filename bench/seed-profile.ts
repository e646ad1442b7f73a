/**
 * Issue 54 item 5: where the demo seed of a development first start spends its time, in one process. Opens the
 * build's template in a temporary directory as a start does, builds the app, runs the start's seed with every app
 * call timed by path (wall and CPU), and prints the calls by total time and the seed's wall and CPU.
 *
 *   npm run build && node --import tsx bench/seed-profile.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { MIGRATIONS_DIR, migrateDatabase, openDatabase } from '../server/db/client';
import { templateFiles } from '../server/db/pglite-template';
import { readEnv } from '../server/env';
import { createLogger } from '../server/logger';
import { seedOnStart } from '../server/seed/seed-start';

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const dir = mkdtempSync(path.join(os.tmpdir(), 'wenjuan-seed-profile-'));
try {
  const env = readEnv({ DATA_DIR: dir, LOG_LEVEL: 'warn' });
  let t = performance.now();
  let c = cpu();
  const database = await openDatabase({ dataDir: path.join(dir, 'pglite'), template: templateFiles(undefined, MIGRATIONS_DIR) });
  await migrateDatabase(database);
  console.log(`open+migrate ${(performance.now() - t).toFixed(0)} ms (cpu ${(cpu() - c).toFixed(0)})`);
  const app = await buildApp({ database, env, secret: 'x'.repeat(32), loggerInstance: createLogger('warn', 'p') });
  const calls = new Map<string, { n: number; ms: number; cpu: number }>();
  const inject = app.inject.bind(app);
  (app as { inject: unknown }).inject = async (options: { url: string }) => {
    const a = performance.now();
    const b = cpu();
    const response = await inject(options as never);
    const entry = calls.get(options.url) ?? { n: 0, ms: 0, cpu: 0 };
    entry.n += 1;
    entry.ms += performance.now() - a;
    entry.cpu += cpu() - b;
    calls.set(options.url, entry);
    return response;
  };
  t = performance.now();
  c = cpu();
  await seedOnStart(app, database, env);
  console.log(`seed ${(performance.now() - t).toFixed(0)} ms (cpu ${(cpu() - c).toFixed(0)}), load ${os.loadavg()[0]!.toFixed(1)}`);
  const rows = [...calls].sort((a, b) => b[1].ms - a[1].ms);
  for (const [url, e] of rows.slice(0, 25)) console.log(`${String(e.n).padStart(5)} ${e.ms.toFixed(0).padStart(6)} ms ${url}`);
  console.log(`${rows.reduce((s, [, e]) => s + e.n, 0)} calls, ${rows.reduce((s, [, e]) => s + e.ms, 0).toFixed(0)} ms in calls (concurrent calls overlap)`);
  await app.close();
  await database.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
