/**
 * bench/open-graph: what the share card costs a page view (issue 47 item 2). /s/{id} carries its project's Open
 * Graph tags, so its HTML is read from the database and compressed per request (brotli 5), where /respond.html is
 * the build's precompressed copy. Prints requests/s and p99 of both, with 20 connections, and the two parts of the
 * difference measured alone: the project lookup (openGraphOf) and the compression of one page.
 * Run after `npm run build`: node --import tsx bench/open-graph.ts (PGlite in memory; DATABASE_URL → PostgreSQL).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { buildApp } from '../server/app';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { ensureUser } from '../server/services/access/users.service';
import { createProject } from '../server/services/projects/projects.service';
import { openGraphOf, withOpenGraph } from '../server/services/share/open-graph.service';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 20;
const ROUNDS = 2_000;
const CLIENT_DIR = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');

async function load(url: string) {
  const result = await autocannon({ url, duration: DURATION, connections: CONNECTIONS, headers: { 'accept-encoding': 'br, gzip' } });
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** Mean microseconds of `work` over ROUNDS runs (after one warm-up run). */
async function micros(work: () => unknown): Promise<number> {
  await work();
  const start = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i++) await work();
  return Number(process.hrtime.bigint() - start) / 1000 / ROUNDS;
}

async function main() {
  if (!existsSync(path.join(CLIENT_DIR, 'respond.html'))) throw new Error(`no ${CLIENT_DIR}/respond.html: run npm run build first`);
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  await migrateDatabase(database);
  const { user } = await ensureUser(database, '13900009998');
  const owner = { id: user.id, publicId: user.public_id, phone: user.phone, username: user.username, memberLevel: 4, tokenHash: '', apiToken: null };
  const created = await database.transaction((q) => createProject(q, owner, { questionType: 1, title: '2026 年度员工满意度调查', subjects: [] }));
  const id = created.questionId!;
  await database.query(`UPDATE projects SET status = 1, subtitle = $2 WHERE public_id = $1`, [
    id,
    '<p>感谢参与！本问卷约需 <b>3 分钟</b>，结果仅用于改进工作环境。</p>',
  ]);
  const app = await buildApp({ database, clientDir: CLIENT_DIR });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  await load(`${origin}/respond.html`); // warm-up
  const plainPage = await load(`${origin}/respond.html`);
  const cardPage = await load(`${origin}/s/${id}`);
  const html = readFileSync(path.join(CLIENT_DIR, 'respond.html'), 'utf8');
  const og = await openGraphOf({ database }, { path: `/s/${id}`, origin, host: '127.0.0.1' });
  const page = Buffer.from(withOpenGraph(html, og));
  const lookup = await micros(() => openGraphOf({ database }, { path: `/s/${id}`, origin, host: '127.0.0.1' }));
  const brotli = await micros(() => brotliCompressSync(page, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
  const gzip = await micros(() => gzipSync(page));

  console.log(`engine: ${database.engine}, ${CONNECTIONS} connections, ${DURATION}s each; page ${page.length} B with its card`);
  console.log(`/respond.html (precompressed, no card): ${plainPage.rps} req/s, p99 ${plainPage.p99} ms, errors ${plainPage.errors}`);
  console.log(`/s/{id} (card looked up and compressed): ${cardPage.rps} req/s, p99 ${cardPage.p99} ms, errors ${cardPage.errors}`);
  console.log(`parts alone, mean of ${ROUNDS}: lookup ${lookup.toFixed(0)} µs, brotli 5 ${brotli.toFixed(0)} µs, gzip ${gzip.toFixed(0)} µs`);
  await app.close();
  await database.close();
}

void main();
