/**
 * bench/solitaire: sign-up chain joins/s while BENCH_PAGES (default 200) live pages listen to the chain's event
 * stream, and how long an event takes to reach every page (p50 / p99 from the join's request to its arrival on a
 * page), on PostgreSQL (a new database on DATABASE_URL's server, dropped at the end; the feed is fanned out through
 * LISTEN/NOTIFY as in production). The pages are HTTP streams from this same process, so their parsing shares the
 * server's CPU, as a worst case. `DATABASE_URL=postgres://… node --import tsx bench/solitaire.ts`
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { createDatabase } from '../tests/cluster/harness';
import { makeSubject } from '../tests/helpers/fixtures';

const PAGES = Number(process.env.BENCH_PAGES ?? 200);
const JOINS = Number(process.env.BENCH_JOINS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const S = 'activity/question/solitaire/';

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('bench/solitaire measures PostgreSQL: set DATABASE_URL');
  const db = await createDatabase('wjchain');
  const database = await openDatabase({ databaseUrl: db.url });
  await migrateDatabase(database);
  const app = await buildApp({ database, jobs: 'manual', clientDir: '/nonexistent' });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const post = async <T>(path: string, body: object, token?: string): Promise<T> => {
    const response = await fetch(`${base}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { resultCode: string; resultMsg: string; data: T };
    if (answer.resultCode !== '200') throw new Error(`${path}: ${answer.resultCode} ${answer.resultMsg}`);
    return answer.data;
  };
  try {
    const phone = '13900001234';
    await post('activity/user/sendSms', { phone });
    const [sms] = await database.query<{ text: string }>('SELECT text FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1', [phone]);
    const { token } = await post<{ token: string }>('activity/user/login', { phone, code: sms!.text.match(/(\d{6})/)![1] });
    const { questionId } = await post<{ questionId: string }>(
      'activity/question/saveOrUpdateWxQuestion',
      { questionType: 5, solitaireType: 4, title: '压测接龙', subjects: [makeSubject(6, 1, '备注')] },
      token,
    );
    await post('activity/question/getQuestionStatus', { questionId, status: 1 }, token);

    const started = new Map<number, number>();
    const delivery: number[] = [];
    let received = 0;
    const pages = await Promise.all(
      Array.from({ length: PAGES }, async () => {
        const abort = new AbortController();
        const response = await fetch(`${base}/api/${S}events?questionId=${questionId}`, { signal: abort.signal });
        const reader = response.body!.getReader();
        const decoder = new TextDecoder();
        void (async () => {
          let buffer = '';
          try {
            for (;;) {
              const { value, done } = await reader.read();
              if (done) return;
              buffer += decoder.decode(value, { stream: true });
              let cut: number;
              while ((cut = buffer.indexOf('\n\n')) >= 0) {
                const block = buffer.slice(0, cut);
                buffer = buffer.slice(cut + 2);
                const name = /"name":"j(\d+)"/.exec(block)?.[1];
                if (name === undefined) continue;
                delivery.push(performance.now() - started.get(Number(name))!);
                received++;
              }
            }
          } catch {
            // closed at the end
          }
        })();
        return abort;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    console.log(`${app.chainLive.open()} pages listening on one chain`);

    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < JOINS) {
          const i = next++;
          started.set(i, performance.now());
          await post(`${S}joinChain`, { questionId, deviceId: `bench-device-${i}`, name: `j${i}` });
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const deadline = Date.now() + 30_000;
    while (received < JOINS * PAGES && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    console.log(`joins: ${JOINS} in ${seconds.toFixed(2)} s → ${(JOINS / seconds).toFixed(0)} joins/s (${CONCURRENCY} at a time)`);
    console.log(`events delivered: ${received} of ${JOINS * PAGES} (${PAGES} pages × ${JOINS} joins)`);
    console.log(
      `delivery from the join's request to a page: p50 ${pct(delivery, 50).toFixed(1)} ms, p99 ${pct(delivery, 99).toFixed(1)} ms, max ${pct(delivery, 100).toFixed(1)} ms`,
    );
    pages.forEach((abort) => abort.abort());
  } finally {
    await app.close();
    await database.close();
    await db.drop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
