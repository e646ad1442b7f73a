/**
 * bench/vote: ballots/s and p99 of getVotePraise, every ballot for ONE hot player from a distinct voter (autocannon's
 * [<id>] makes each ballotId and deviceId unique), against a bare Fastify route doing one prepared INSERT, same
 * engine, same run, taking turns like bench/submit. `node --import tsx bench/vote.ts` (DATABASE_URL → PostgreSQL;
 * BENCH_SINGLE=1 → one ballot a statement, without the batches; BENCH_IN_FLIGHT=2 → two batches in the database at once;
 * BENCH_CONNECTIONS=50 → 50 voters at once instead of 10, for both routes).
 */
import { rmSync } from 'node:fs';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { ensureUser } from '../server/services/access/users.service';
import { createLogger } from '../server/logger';
import { batchedBallot } from '../server/services/vote/ballot-batch';
import { exactBallot } from '../server/services/vote/ballot-strategy';

import { CONNECTIONS, fastifyRequestLogging, load, LOG, logFileOf, measure, ROUNDS, SECONDS, summary, type Slice } from './load-rounds';
const LOG_FILE = logFileOf('vote');

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  await migrateDatabase(database);
  await database.query('CREATE TABLE IF NOT EXISTS bench_bare (id serial primary key, body jsonb not null)');
  const { user } = await ensureUser(database, '13700000019');
  const [vote] = await database.query<{ id: number; public_id: string }>(
    `INSERT INTO vote_activities (public_id, owner_id, title, status, settings) VALUES ('benchVote' || floor(random() * 1e9)::text, $1, '压测投票', 'running', $2::jsonb) RETURNING id, public_id`,
    [user.id, JSON.stringify({ votesPerVoter: 1000, perPlayerPerDay: null })],
  );
  const [player] = await database.query<{ public_id: string }>(
    `INSERT INTO vote_players (public_id, vote_id, no, name) VALUES ('benchPlayer' || floor(random() * 1e9)::text, $1, 1, '热门选手') RETURNING public_id`,
    [vote!.id],
  );
  const body = JSON.stringify({ voteId: vote!.public_id, playerIds: [player!.public_id], ballotId: 'ballot-[<id>]', deviceId: 'device-[<id>]' });

  const logger = LOG === 'off' ? undefined : createLogger(LOG === 'info' ? 'info' : 'warn', 'bench', LOG_FILE);
  // Not a test server: a test server reads the moved test clock from the database at the start of every request.
  // BENCH_SINGLE=1: every ballot alone through wj_ballot, as before the batches (migration 0043), for comparison.
  const batches = { sent: 0, ballots: 0, failed: 0, lastError: '' };
  const watched = batchedBallot({
    maxInFlight: Number(process.env.BENCH_IN_FLIGHT ?? 1),
    onBatch: (size, error) => {
      batches.sent++;
      batches.ballots += size;
      if (error) {
        batches.failed++;
        batches.lastError = String((error as Error).message ?? error);
      }
    },
  });
  const strategies = { ballot: process.env.BENCH_SINGLE === '1' ? exactBallot : watched };
  const app = await buildApp({ database, clientDir: '/nonexistent', loggerInstance: logger, env: { NODE_ENV: 'development' }, strategies });
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
    { name: 'bare route, one INSERT       ', url: `http://127.0.0.1:${port(bare)}/bare`, body },
    { name: 'getVotePraise, one hot player', url: `http://127.0.0.1:${port(app)}/api/activity/vote/getVotePraise`, body },
  ];

  for (const t of targets) await load(t.url, t.body);
  const slices: Slice[][] = targets.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, t] of targets.entries()) slices[i]!.push(await measure(database, t.url, t.body));
  }
  const [b, v] = slices.map(summary);
  const [count] = await database.query<{ n: number; ballots: number }>(
    'SELECT (SELECT coalesce(sum(n), 0)::int FROM vote_player_counts WHERE vote_id = $1) AS n, (SELECT count(*)::int FROM vote_ballots WHERE vote_id = $1) AS ballots',
    [vote!.id],
  );
  console.log(`engine: ${database.engine}, ${CONNECTIONS} connections, ${ROUNDS} rounds × ${SECONDS}s each, taking turns, server log ${LOG}`);
  console.log(`${targets[0]!.name}: ${b!.rps} req/s, p99 ${b!.p99} ms, CPU ${b!.cpuMsPerRequest.toFixed(2)} ms/req${b!.dbCpu}`);
  console.log(`${targets[1]!.name}: ${v!.rps} req/s, p99 ${v!.p99} ms, CPU ${v!.cpuMsPerRequest.toFixed(2)} ms/req${v!.dbCpu}, non-2xx ${v!.non2xx}`);
  if (batches.sent) {
    const mean = (batches.ballots / batches.sent).toFixed(1);
    console.log(`  ${batches.sent} batches, ${mean} ballots each on average, ${batches.failed} failed and went one by one ${batches.lastError}`);
  }
  // With ten clients the ballots are bound by a batch's time in the database, not by the machine (docs/benchmarks.md,
  // stops 42 and 43); BENCH_CONNECTIONS=50 loads both routes to the machine's limit.
  console.log(
    `  throughput ratio ${(v!.total / b!.total).toFixed(2)}× at ${CONNECTIONS} clients (goal ≥ 0.5×); the player's count ${count!.n} = its vote rows ${count!.ballots}`,
  );
  await app.close();
  await bare.close();
  await database.close();
  rmSync(LOG_FILE, { force: true });
}

void main();
