/**
 * bench/submit: submissions/s, p99 and server CPU per request of a 20-subject submit against a bare Fastify
 * route doing one prepared INSERT, same engine, same run. The load comes from autocannon in a child process, so this
 * process's CPU time is the server's (PostgreSQL's own CPU is not in it). The three targets take turns for
 * BENCH_ROUNDS rounds of BENCH_SECONDS each, so a busy neighbour on the machine slows them alike; the ratio
 * is of the summed requests. Run it compiled as `npm start` runs the server (scripts/bundle.ts):
 * node --import tsx scripts/bundle.ts bench/submit.ts dist/bench-submit.mjs && node dist/bench-submit.mjs
 * (DATABASE_URL → PostgreSQL); `node --import tsx bench/submit.ts` runs it through the TypeScript loader.
 * The server logs as `npm start` does (server/logger.ts) at BENCH_LOG (default `info`, the production default;
 * `warn`; `off` for no logger at all; `fastify` for Fastify's own two lines a request at info, the logging before
 * issue 29), into a file in the temp folder instead of stdout.
 */
import { rmSync } from 'node:fs';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { createLogger } from '../server/logger';
import { batchStats } from '../server/services/submit/submit-batch.service';
import { benchProject } from './submit-project';

import { CONNECTIONS, fastifyRequestLogging, load, LOG, logFileOf, measure, ROUNDS, SECONDS, summary, type Slice } from './load-rounds';
const LOG_FILE = logFileOf('submit');

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  await migrateDatabase(database);
  await database.query('CREATE TABLE IF NOT EXISTS bench_bare (id serial primary key, body jsonb not null)');
  const open = await benchProject(database, {});
  const capped = await benchProject(database, { maxAnswers: 10_000_000 });

  // `fastify`: built at warn so that the access line stays off, then turned to info for Fastify's two lines.
  const logger = LOG === 'off' ? undefined : createLogger(LOG === 'info' ? 'info' : 'warn', 'bench', LOG_FILE);
  // Not buildApp's default 'test', whose dev clock reads the database at the start of every API request (a statement
  // the production server never sends): bench/vote's 'development'.
  const app = await buildApp({ database, clientDir: '/nonexistent', loggerInstance: logger, env: { NODE_ENV: 'development' } });
  if (LOG === 'fastify') {
    fastifyRequestLogging(app);
    logger!.level = 'info';
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify();
  bare.post('/bare', async (request) => {
    await database.prepared('bench_bare_insert', 'INSERT INTO bench_bare (body) VALUES ($1::jsonb)', [JSON.stringify(request.body)]);
    return { resultCode: '200', resultMsg: '成功', data: null };
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const port = (s: { server: import('node:net').Server }) => (s.server.address() as { port: number }).port;
  const targets = [
    { name: 'bare route, one INSERT     ', url: `http://127.0.0.1:${port(bare)}/bare`, body: open.body },
    { name: 'submit, no total cap       ', url: `http://127.0.0.1:${port(app)}/api/active/write/submit`, body: open.body },
    { name: 'submit, total cap (exact)  ', url: `http://127.0.0.1:${port(app)}/api/active/write/submit`, body: capped.body },
  ];

  // BENCH_ONLY=1: the uncapped submit alone (for a `node --cpu-prof` of the submit path without the other targets);
  // BENCH_ONLY=bare: the bare route alone, the profile to hold it against.
  if (process.env.BENCH_ONLY === '1' || process.env.BENCH_ONLY === 'bare') {
    const only = targets[process.env.BENCH_ONLY === 'bare' ? 0 : 1]!;
    await load(only.url, only.body);
    const before = { ...batchStats };
    const s = summary([await measure(database, only.url, only.body)]);
    const perStatement = (batchStats.sheets - before.sheets) / Math.max(1, batchStats.statements - before.statements);
    console.log(`${only.name}: ${s.rps} req/s, CPU ${s.cpuMsPerRequest.toFixed(2)} ms/req${s.dbCpu}, sheets per submit statement ${perStatement.toFixed(1)}`);
    await Promise.all([app.close(), bare.close()]);
    await database.close();
    return;
  }
  for (const t of targets) await load(t.url, t.body); // warm-up (PGlite's WebAssembly tiers up, pools fill)
  const slices: Slice[][] = targets.map(() => []);
  // Sheets per submit statement (submit-batch.service.ts) of each target's rounds: how much the batching saved.
  const batches = targets.map(() => ({ statements: 0, sheets: 0 }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, t] of targets.entries()) {
      const before = { ...batchStats };
      slices[i]!.push(await measure(database, t.url, t.body));
      batches[i]!.statements += batchStats.statements - before.statements;
      batches[i]!.sheets += batchStats.sheets - before.sheets;
    }
  }
  const [b, ...rest] = slices.map(summary);
  console.log(`engine: ${database.engine}, ${CONNECTIONS} connections, ${ROUNDS} rounds × ${SECONDS}s each, taking turns, 20-subject sheet, server log ${LOG}`);
  console.log(`${targets[0]!.name}: ${b!.rps} req/s, p99 ${b!.p99} ms, CPU ${b!.cpuMsPerRequest.toFixed(2)} ms/req${b!.dbCpu}`);
  for (const [i, s] of rest.entries()) {
    const rounds = slices[i + 1]!.map((x, r) => (x.total / slices[0]![r]!.total).toFixed(2)).join(' / ');
    const batch = batches[i + 1]!;
    console.log(`${targets[i + 1]!.name}: ${s.rps} req/s, p99 ${s.p99} ms, CPU ${s.cpuMsPerRequest.toFixed(2)} ms/req${s.dbCpu}, non-2xx ${s.non2xx}`);
    console.log(`  sheets per submit statement ${(batch.sheets / Math.max(1, batch.statements)).toFixed(1)} (largest so far ${batchStats.largest})`);
    console.log(`  throughput ratio ${(s.total / b!.total).toFixed(2)}× (goal ≥ 0.5×; per round ${rounds})`);
  }
  // Issue 54 item 7: the one line a script reads — CPU per request (Node + PostgreSQL's backends, Node alone on PGlite)
  // of the bare route over the uncapped submit's, so a busy neighbour that slows both alike leaves it where it is.
  const cpuPerRequest = (s: Slice[]) =>
    s.reduce((n, x) => n + x.cpuMs + (x.dbCpuMs ?? 0), 0) /
    Math.max(
      1,
      s.reduce((n, x) => n + x.total, 0),
    );
  console.log(`submit ratio by CPU: ${(cpuPerRequest(slices[0]!) / cpuPerRequest(slices[1]!)).toFixed(2)}×`);
  await app.close();
  await bare.close();
  await database.close();
  rmSync(LOG_FILE, { force: true });
}

void main();
