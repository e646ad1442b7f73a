/**
 * bench/submit: submissions/s, p99 and server CPU per request of a 20-subject submit against a bare Fastify
 * route doing one INSERT, same engine, same run. The load comes from autocannon in a child process, so this
 * process's CPU time is the server's. Run: node --import tsx bench/submit.ts (DATABASE_URL → PostgreSQL).
 */
import { spawn } from 'node:child_process';
import Fastify from 'fastify';
import { subjectEntry } from '../schemas/subjects/registry';
import { buildApp } from '../server/app';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { createProject } from '../server/services/projects.service';
import { ensureUser } from '../server/services/users.service';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;

function load(url: string, body: string): Promise<{ rps: number; p99: number; total: number; non2xx: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn('node_modules/.bin/autocannon', ['-j', '-I', '-m', 'POST', '-H', 'content-type=application/json', '-b', body, '-c', String(CONNECTIONS), '-d', String(SECONDS), url]);
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('exit', () => {
      try {
        const r = JSON.parse(out);
        resolve({ rps: Math.round(r.requests.average), p99: r.latency.p99, total: r.requests.total, non2xx: r.non2xx });
      } catch (error) {
        reject(error);
      }
    });
  });
}

async function measure(url: string, body: string) {
  const before = process.cpuUsage();
  const result = await load(url, body);
  const cpu = process.cpuUsage(before);
  return { ...result, cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / Math.max(1, result.total) };
}

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  await migrateDatabase(database);
  await database.query('CREATE TABLE IF NOT EXISTS bench_bare (id serial primary key, body jsonb not null)');
  const { user } = await ensureUser(database, '13900008888');
  let o = 0;
  const subjects = Array.from({ length: 20 }, (_, i) => subjectEntry(1).create({ uuid: `b${i}`, indexSort: i + 1, newId: () => `b${i}-o${++o}` }));
  await database.query('DELETE FROM daily_creations WHERE user_id = $1', [user.id]);
  const created = await database.transaction((q) => createProject(q, { id: user.id, publicId: user.public_id, phone: user.phone, username: user.username, memberLevel: 4, tokenHash: '' }, { questionType: 1, title: '压测问卷', subjects }));
  await database.query('UPDATE projects SET status = 1 WHERE public_id = $1', [created.questionId]);
  const answers = Object.fromEntries(subjects.map((s) => [s.uuid, { optionIds: [(s as { options: { uuid: string }[] }).options[o % 2]!.uuid] }]));
  const body = JSON.stringify({ questionId: created.questionId, submissionId: 'bench-[<id>]', deviceId: 'bench', durationSeconds: 60, answers });

  const app = await buildApp({ database, clientDir: '/nonexistent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify();
  bare.post('/bare', async (request) => {
    await database.query('INSERT INTO bench_bare (body) VALUES ($1::jsonb)', [JSON.stringify(request.body)]);
    return { resultCode: '200', resultMsg: '成功', data: null };
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const port = (s: { server: import('node:net').Server }) => (s.server.address() as { port: number }).port;

  await load(`http://127.0.0.1:${port(bare)}/bare`, body); // warm-up
  const bareResult = await measure(`http://127.0.0.1:${port(bare)}/bare`, body);
  const ours = await measure(`http://127.0.0.1:${port(app)}/api/active/write/submit`, body);
  console.log(`engine: ${database.engine}, ${CONNECTIONS} connections, ${SECONDS}s each, 20-subject sheet`);
  console.log(`bare route, one INSERT : ${bareResult.rps} req/s, p99 ${bareResult.p99} ms, CPU ${bareResult.cpuMsPerRequest.toFixed(2)} ms/req`);
  console.log(`submit call            : ${ours.rps} req/s, p99 ${ours.p99} ms, CPU ${ours.cpuMsPerRequest.toFixed(2)} ms/req, non-2xx ${ours.non2xx}`);
  console.log(`throughput ratio       : ${(ours.rps / bareResult.rps).toFixed(2)}× (goal ≥ 0.5×)`);
  await app.close();
  await bare.close();
  await database.close();
}

void main();
