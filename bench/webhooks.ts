/**
 * bench/webhooks (issue 53): what a webhook costs the submit. Submits/s, p99 and server CPU per request of a
 * 20-subject submit to a project with no webhook and to one with one enabled webhook subscribed to sheets (its
 * delivery queued by wj_submit in the sheet's statement), beside a bare Fastify route doing one prepared INSERT, same
 * engine, same run, taking turns (bench/load-rounds.ts). The runner is left stopped, so only the queueing is measured
 * (delivery is another process's work, off the request). Run: `node --import tsx bench/webhooks.ts` (DATABASE_URL →
 * PostgreSQL).
 */
import { rmSync } from 'node:fs';
import Fastify from 'fastify';
import { subjectEntry, type TSubject } from '../schemas/subjects/registry';
import { buildApp } from '../server/app';
import { migrateDatabase, openDatabase, type Database } from '../server/db/client';
import { createProject } from '../server/services/projects/projects.service';
import { ensureUser } from '../server/services/access/users.service';
import { createLogger } from '../server/logger';
import { CONNECTIONS, load, LOG, logFileOf, measure, ROUNDS, SECONDS, summary, type Slice } from './load-rounds';

const LOG_FILE = logFileOf('webhooks');

async function benchProject(database: Database, webhook: boolean): Promise<{ questionId: string; body: string }> {
  const { user } = await ensureUser(database, '13900008889');
  let o = 0;
  const subjects: TSubject[] = Array.from({ length: 20 }, (_, i) => subjectEntry(1).create({ uuid: `w${i}`, indexSort: i + 1, newId: () => `w${i}-o${++o}` }));
  await database.query('DELETE FROM daily_creations WHERE user_id = $1', [user.id]);
  const owner = { id: user.id, publicId: user.public_id, phone: user.phone, username: user.username, memberLevel: 4, tokenHash: '', apiToken: null };
  const created = await database.transaction((q) => createProject(q, owner, { questionType: 1, title: '压测问卷', subjects }));
  await database.query('UPDATE projects SET status = 1 WHERE public_id = $1', [created.questionId]);
  if (webhook) {
    await database.query(
      `INSERT INTO webhooks (public_id, project_id, url, secret, events) SELECT $2, id, 'https://hooks.example.com/wenjuan', 'bench-secret', ARRAY['sheet.accepted'] FROM projects WHERE public_id = $1`,
      [created.questionId, `bench-${Date.now().toString(36)}`],
    );
  }
  const answers = Object.fromEntries(subjects.map((s, i) => [s.uuid, { optionIds: [(s as { options: { uuid: string }[] }).options[i % 2]!.uuid] }]));
  return {
    questionId: created.questionId!,
    body: JSON.stringify({ questionId: created.questionId, submissionId: 'bench-[<id>]', deviceId: 'bench', durationSeconds: 60, answers }),
  };
}

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  await migrateDatabase(database);
  await database.query('CREATE TABLE IF NOT EXISTS bench_bare (id serial primary key, body jsonb not null)');
  const none = await benchProject(database, false);
  const one = await benchProject(database, true);
  const logger = LOG === 'off' || LOG === 'fastify' ? undefined : createLogger(LOG, 'bench', LOG_FILE);
  const app = await buildApp({ database, clientDir: '/nonexistent', loggerInstance: logger, webhookRunner: { disabled: true } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify();
  bare.post('/bare', async (request) => {
    await database.prepared('bench_bare_insert', 'INSERT INTO bench_bare (body) VALUES ($1::jsonb)', [JSON.stringify(request.body)]);
    return { resultCode: '200', resultMsg: '成功', data: null };
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const port = (s: { server: import('node:net').Server }) => (s.server.address() as { port: number }).port;
  const submitUrl = `http://127.0.0.1:${port(app)}/api/active/write/submit`;
  const targets = [
    { name: 'bare route, one INSERT   ', url: `http://127.0.0.1:${port(bare)}/bare`, body: none.body },
    { name: 'submit, no webhook       ', url: submitUrl, body: none.body },
    { name: 'submit, one webhook      ', url: submitUrl, body: one.body },
  ];
  for (const t of targets) await load(t.url, t.body);
  const slices: Slice[][] = targets.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, t] of targets.entries()) slices[i]!.push(await measure(database, t.url, t.body));
  }
  const [b, ...rest] = slices.map(summary);
  console.log(`engine: ${database.engine}, ${CONNECTIONS} connections, ${ROUNDS} rounds × ${SECONDS}s each, taking turns, 20-subject sheet, server log ${LOG}`);
  console.log(`${targets[0]!.name}: ${b!.rps} req/s, p99 ${b!.p99} ms, CPU ${b!.cpuMsPerRequest.toFixed(2)} ms/req${b!.dbCpu}`);
  for (const [i, s] of rest.entries()) {
    console.log(`${targets[i + 1]!.name}: ${s.rps} req/s, p99 ${s.p99} ms, CPU ${s.cpuMsPerRequest.toFixed(2)} ms/req${s.dbCpu}, non-2xx ${s.non2xx}`);
    console.log(`  throughput ratio to the bare route ${(s.total / b!.total).toFixed(2)}×`);
  }
  const [queued] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE event = 'sheet.accepted'`);
  console.log(`deliveries queued: ${queued!.n}`);
  await app.close();
  await bare.close();
  await database.close();
  rmSync(LOG_FILE, { force: true });
}

void main();
