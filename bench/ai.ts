/**
 * bench/ai: what a model generation costs on our side. Run: node --import tsx bench/ai.ts
 * - the streaming subject scanner over a 40-subject answer (per answer, pieces of 4 and 64 characters);
 * - the conversion and check of a whole answer (schemas/ai/model-draft.ts draftFromModel), per answer;
 * - a whole streamed generation against the local fake OpenAI-compatible server (take the AI count, stream,
 *   scan, convert, check, store): ms per generation, sequential and 8 at once.
 * Uses PGlite in memory, or a new database on the PostgreSQL server of DATABASE_URL (dropped at the end).
 */
import { draftFromModel } from '../schemas/ai/model-draft';
import { buildApp } from '../server/app';
import { openAiCompatibleModel } from '../server/providers/ai/openai-compatible';
import { grantQuota } from '../server/services/money/quota.service';
import { SubjectScanner } from '../server/services/ai/subject-scanner';
import { startFakeOpenAi } from '../tests/helpers/fake-openai';
import { chunked, MODEL_ANSWERS } from '../tests/helpers/model-answers';
import { openTestDatabase } from '../tests/helpers/test-db';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function timed(runs: number, fn: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return median(times);
}

const base = MODEL_ANSWERS.question.subjects;
const big = {
  title: '大型调查',
  subtitle: '四十题',
  subjects: Array.from({ length: 40 }, (_, i) => ({ ...base[i % base.length]!, title: `第${i + 1}题 ${String(base[i % base.length]!.title)}` })),
};
const text = JSON.stringify(big);

for (const size of [4, 64]) {
  const pieces = chunked(text, size);
  const ms = await timed(200, () => {
    const s = new SubjectScanner();
    for (const p of pieces) s.push(p);
  });
  console.log(`scanner: 40-subject answer (${(text.length / 1024).toFixed(1)} KB) in ${pieces.length} pieces of ${size}: ${ms.toFixed(3)} ms (median of 200)`);
}
let n = 0;
const convert = await timed(200, () => draftFromModel('question', JSON.parse(text), () => `b${++n}`));
console.log(`draftFromModel: 40 subjects converted and checked: ${convert.toFixed(3)} ms (median of 200)`);

const fake = await startFakeOpenAi();
fake.fallback = () => ({ kind: 'stream', pieces: chunked(text, 16) });
const database = await openTestDatabase();
const app = await buildApp({
  database,
  clientDir: '/nonexistent',
  jobs: 'manual',
  aiModel: openAiCompatibleModel({ baseUrl: fake.baseUrl, model: 'bench', timeoutMs: 60_000, retries: 0, jsonMode: true }),
});
await app.ready();
const token = await loginToken();
const [user] = await database.query<{ id: number }>(`SELECT id FROM users WHERE phone = '15800009999'`);
await grantQuota(database.query, user!.id, 'ai', 100_000, new Date());
async function loginToken(): Promise<string> {
  await app.inject({ method: 'POST', url: '/api/activity/user/sendSms', payload: { phone: '15800009999' } });
  const [row] = await database.query<{ text: string }>(`SELECT text FROM sms_outbox WHERE phone = '15800009999' ORDER BY id DESC LIMIT 1`);
  const code = /(\d{6})/.exec(row!.text)![1]!;
  const r = await app.inject({ method: 'POST', url: '/api/activity/user/login', payload: { phone: '15800009999', code } });
  return (r.json() as { data: { token: string } }).data.token;
}
const generate = () =>
  app.inject({
    method: 'POST',
    url: '/api/ai/question/ai_question_type',
    headers: { token, accept: 'text/event-stream' },
    payload: { prompt: '员工满意度调查，40题' },
  });
const one = await timed(30, generate);
console.log(`streamed generation of 40 subjects against the fake model (stored): ${one.toFixed(1)} ms (median of 30, sequential)`);
const start = performance.now();
await Promise.all(Array.from({ length: 8 }, generate));
console.log(`8 generations at once: ${(performance.now() - start).toFixed(1)} ms in all`);
await app.close();
await database.close();
await fake.close();
