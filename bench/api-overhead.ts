/**
 * bench/api-overhead: requests/s and p99 of an authenticated no-op call (token lookup + body validation +
 * envelope) against a bare Fastify route, same process kind, same run. Run: node --import tsx bench/api-overhead.ts
 * Uses PGlite in memory, or PostgreSQL when DATABASE_URL is set.
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { contract, ZNoFields, ZNull } from '../schemas/api/contract';
import { buildApp } from '../server/app';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { defineCall } from '../server/http/define-call';
import { createSession } from '../server/services/access/sessions.service';
import { ensureUser } from '../server/services/access/users.service';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 20;

async function measure(url: string, headers: Record<string, string>) {
  const result = await autocannon({
    url,
    method: 'POST',
    body: '{}',
    headers: { 'content-type': 'application/json', ...headers },
    duration: DURATION,
    connections: CONNECTIONS,
  });
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  await migrateDatabase(database);
  const app = await buildApp({ database, clientDir: '/nonexistent' });
  defineCall(app, contract({ path: 'bench/noop', request: ZNoFields, response: ZNull, auth: 'required' }), async () => null);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { user } = await ensureUser(database, '13900009999');
  const token = await createSession(database, user.id);

  const bare = Fastify();
  bare.post('/noop', async () => ({ resultCode: '200', resultMsg: '成功', data: null }));
  await bare.listen({ port: 0, host: '127.0.0.1' });

  const appPort = (app.server.address() as { port: number }).port;
  const barePort = (bare.server.address() as { port: number }).port;
  await measure(`http://127.0.0.1:${barePort}/noop`, {}); // warm-up
  const bareResult = await measure(`http://127.0.0.1:${barePort}/noop`, {});
  const ours = await measure(`http://127.0.0.1:${appPort}/api/bench/noop`, { token });
  console.log(`engine: ${database.engine}, ${CONNECTIONS} connections, ${DURATION}s each`);
  console.log(`bare Fastify route      : ${bareResult.rps} req/s, p99 ${bareResult.p99} ms`);
  console.log(`authenticated no-op call: ${ours.rps} req/s, p99 ${ours.p99} ms, errors ${ours.errors}`);
  console.log(`ratio (ours / bare)     : ${(ours.rps / bareResult.rps).toFixed(2)}×`);
  await app.close();
  await bare.close();
  await database.close();
}

void main();
