// Cold open of the report page for a 3-answer survey in Chromium (issue 17 item 9): from navigation to the first
// statistics call leaving the browser, to the first chart drawn, and to every card on screen. "Cold": a new
// browser context each run (no HTTP cache, no service worker yet), the way a creator opens a report link.
// Run: CLIENT_DIR=/tmp/x npx vite build && CLIENT_DIR=/tmp/x node --import tsx bench/report-open.ts
// (RUNS=7; BASE=http://host:port uses a running server with the demo account instead of starting one here on
// an in-memory database.)
import { SUBJECT_TYPE } from '../schemas/subjects/subject-types';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { createSubject, type TSubject } from '../schemas/subjects/registry';
import { buildApp } from '../server/app';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { DEMO_PHONE, seedDemoData } from '../server/seed/seed';

const RUNS = Number(process.env.RUNS ?? 7);

/** Ten subjects of the kinds a short survey has: choices, a matrix, NPS, a rating, a number and a text. */
function buildSubjects(): TSubject[] {
  const types = [1, 2, 1, 11, 22, 23, 3, 21, 2, 7] as const;
  return types.map((type, i) => {
    let n = 0;
    return { ...createSubject(type, { uuid: `r${i}`, indexSort: i + 1, newId: () => `r${i}-${n++}` }), required: false } as TSubject;
  });
}

function answer(s: TSubject, k: number): unknown {
  const x = s as { options?: { uuid: string }[]; rows?: { uuid: string }[]; columns?: { uuid: string }[] };
  if (x.rows && x.columns) return Object.fromEntries(x.rows.map((r, j) => [r.uuid, x.columns![(k + j) % x.columns!.length]!.uuid]));
  if (x.options) return { optionIds: [x.options[k % x.options.length]!.uuid] };
  if (s.subjectType === SUBJECT_TYPE.nps) return 6 + k;
  if (s.subjectType === SUBJECT_TYPE.rating) return 3 + k;
  if (s.subjectType === SUBJECT_TYPE.numberInput) return 10 * (k + 1);
  return `第${k + 1}份意见`;
}

async function startServer(): Promise<{ base: string; stop: () => Promise<void> }> {
  if (process.env.BASE) return { base: process.env.BASE, stop: async () => {} };
  const database = await openDatabase({});
  await migrateDatabase(database);
  await seedDemoData(database);
  const app = await buildApp({ database, env: { NODE_ENV: 'test' }, ...(process.env.CLIENT_DIR ? { clientDir: path.resolve(process.env.CLIENT_DIR) } : {}) });
  await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { base: `http://localhost:${port}`, stop: async () => (await app.close(), await database.close()) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');

async function main() {
  const server = await startServer();
  const call = async (p: string, body: unknown, token?: string) => {
    const response = await fetch(`${server.base}/api/${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: JSON.stringify(body),
    });
    const envelope = (await response.json()) as { resultCode: string; resultMsg: string; data: Record<string, unknown> };
    if (envelope.resultCode !== '200') throw new Error(`${p}: ${envelope.resultMsg}`);
    return envelope.data;
  };
  const token = String((await call('activity/user/userNameLogin', { userName: DEMO_PHONE, password: 'demo1234' })).token);
  const subjects = buildSubjects();
  const questionId = String((await call('activity/question/saveOrUpdateWxQuestion', { questionType: 1, title: '报告打开速度', subjects }, token)).questionId);
  await call('activity/question/getQuestionStatus', { questionId, status: 1 }, token);
  for (let k = 0; k < 3; k++) {
    const answers = Object.fromEntries(subjects.map((s) => [s.uuid, answer(s, k)]));
    await call('active/write/submit', { questionId, submissionId: `bench-open-${k}-${Date.now()}`, answers, deviceId: `bench-${k}`, durationSeconds: 60 });
  }

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const firstCall: number[] = [];
  const firstChart: number[] = [];
  const allCards: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
      await context.addCookies([
        { name: 'token', value: token, url: server.base },
        { name: 'wj_login', value: '1', url: server.base },
      ]);
      const page = await context.newPage();
      let asked = 0;
      const trace: [number, string][] = [];
      page.on('request', (request) => {
        if (!asked && request.url().includes('question/statement/getStatement')) asked = Date.now();
        if (process.env.TRACE) trace.push([Date.now(), request.url().replace(server.base, '')]);
      });
      page.on('requestfinished', (request) => {
        if (process.env.TRACE) trace.push([Date.now(), `done ${request.url().replace(server.base, '')}`]);
      });
      const started = Date.now();
      await page.goto(`${server.base}/questionnaire/report.html?questionId=${questionId}`, { waitUntil: 'commit' });
      // A chart is drawn when echarts has put its SVG into the box (data-chart-ready and a path inside).
      const chart = await page.waitForFunction(() => document.querySelector('[data-chart-ready="true"] svg path') !== null && performance.now(), undefined, {
        timeout: 120_000,
        polling: 'raf',
      });
      firstChart.push(Number(await chart.jsonValue()));
      const cards = await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid="subject-card"]').length >= n && performance.now(),
        subjects.length,
        { timeout: 120_000, polling: 'raf' },
      );
      allCards.push(Number(await cards.jsonValue()));
      // performance.now() counts from the navigation; the request time is taken from the same start.
      const navigationStart = await page.evaluate(() => performance.timeOrigin);
      firstCall.push(asked ? asked - navigationStart : NaN);
      if (process.env.TRACE) for (const [at, url] of trace) console.log(`    ${(at - navigationStart).toFixed(0).padStart(6)} ms  ${url.slice(0, 110)}`);
      console.log(
        `  run ${run + 1}: statistics call at ${firstCall.at(-1)!.toFixed(0)} ms, first chart ${firstChart.at(-1)!.toFixed(0)} ms, all ${subjects.length} cards ${allCards.at(-1)!.toFixed(0)} ms (goto issued ${(navigationStart - started).toFixed(0)} ms after start)`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`report cold open, 3 answers, ${subjects.length} subjects, ${RUNS} runs (Chromium 1440×900, from navigation start)`);
  console.log(`  statistics call sent:  median ${median(firstCall).toFixed(0)} ms  [${list(firstCall)}]`);
  console.log(`  first chart drawn:     median ${median(firstChart).toFixed(0)} ms  [${list(firstChart)}]`);
  console.log(`  every card on screen:  median ${median(allCards).toFixed(0)} ms  [${list(allCards)}]`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
