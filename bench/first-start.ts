/**
 * Issue 54 item 5: how long a newcomer waits for `npm start` to answer, after `npm run build`. Each round starts
 * the server as `npm start` runs it (`node --import tsx scripts/start.ts`; BENCH_ENTRY=dist runs `node
 * dist/server.mjs` alone) on a fresh temporary DATA_DIR and times spawn → the first /healthz 200, then stops it
 * and starts it again on the same directory (a later start). The first start is timed twice: creating the database
 * (PGLITE_TEMPLATE=0: initdb, migrations, catalogues — the start before this issue) and from the build's template.
 * NODE_ENV is left unset as a newcomer leaves it, so the demo accounts and their projects are seeded; the demo seed
 * goes on after /healthz answers (server/seed/seed-gate.ts), so each start also times spawn → the demo account
 * logged in and its survey list answered, asked right after /healthz (it waits for the seed). Each start prints its
 * phases (START_TIMING=1: wall and CPU per phase).
 *
 *   npm run build && node --import tsx bench/first-start.ts     (BENCH_RUNS=3, BENCH_PORT=5350, BENCH_CREATE=0)
 *
 * Last line: `first start: T s from the template (C s creating it), later start L s; demo login + list answered at D s`
 * (medians).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 5350);
/** BENCH_CREATE=0 times only the template's first start and the later one (the creating start takes 6–8 s a round). */
const CREATE = process.env.BENCH_CREATE !== '0';
const ENTRY = process.env.BENCH_ENTRY === 'dist' ? ['dist/server.mjs'] : ['--import', 'tsx', 'scripts/start.ts'];

interface Start {
  seconds: number;
  /** Spawn → the demo account logged in and its project list answered (the seed goes on after /healthz). */
  demoSeconds: number;
  phases: string;
}

async function api<T>(url: string, body: object, token?: string): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { resultCode: string; resultMsg: string; data: T };
  if (answer.resultCode !== '200') throw new Error(`${url}: ${answer.resultCode} ${answer.resultMsg}`);
  return answer.data;
}

/** The demo account logs in and lists its surveys (asked right after /healthz: it waits for the seed, if one runs). */
async function demoWorks(base: string): Promise<void> {
  const { token } = await api<{ token: string }>(`${base}/api/activity/user/userNameLogin`, { userName: '13800138000', password: 'demo1234' });
  const { list } = await api<{ list: unknown[] }>(`${base}/api/activity/question/getWxQuestionList`, { questionType: 1, page: 1, pageSize: 20 }, token);
  if (!list.length) throw new Error('the demo account has no surveys');
}

async function timeStart(dataDir: string, env: Record<string, string>): Promise<Start> {
  const inherited = { ...process.env };
  delete inherited.NODE_ENV; // a newcomer's: development, with the demo seed
  delete inherited.DEMO_ACCOUNTS;
  const started = performance.now();
  const server = spawn('node', ENTRY, {
    env: { ...inherited, ...env, PORT: String(PORT), DATA_DIR: dataDir, DATABASE_URL: '', START_TIMING: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  server.stdout.on('data', (chunk) => (out += chunk));
  server.stderr.on('data', (chunk) => (out += chunk));
  let exited = false;
  server.once('exit', () => (exited = true));
  try {
    for (;;) {
      if (exited) throw new Error(`the server exited before answering:\n${out}`);
      const ok = await fetch(`http://127.0.0.1:${PORT}/healthz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      await sleep(20);
    }
    const seconds = (performance.now() - started) / 1000;
    await demoWorks(`http://127.0.0.1:${PORT}`);
    const demoSeconds = (performance.now() - started) / 1000;
    // The phase line is printed once the demo seed has ended; give stdout a moment.
    for (let i = 0; i < 250 && !out.includes('start phases:'); i++) await sleep(20);
    return { seconds, demoSeconds, phases: /start phases: (.*)/.exec(out)?.[1] ?? '(no phase line)' };
  } finally {
    if (!exited) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (!existsSync('dist/server.mjs') || !existsSync('dist/pglite-template.tar')) {
  console.error('No build: run `npm run build` first (it makes dist/server.mjs and dist/pglite-template.tar).');
  process.exit(1);
}
console.log(`bench/first-start: ${RUNS} rounds, ${ENTRY.join(' ')}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}`);
const created: number[] = [];
const templated: number[] = [];
const later: number[] = [];
const demoReady: number[] = [];
for (let round = 1; round <= RUNS; round++) {
  for (const template of CREATE ? ['0', '1'] : ['1']) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wenjuan-first-start-'));
    try {
      const first = await timeStart(dataDir, { PGLITE_TEMPLATE: template });
      const again = await timeStart(dataDir, {});
      (template === '1' ? templated : created).push(first.seconds);
      if (template === '1') demoReady.push(first.demoSeconds);
      later.push(again.seconds);
      const how = template === '1' ? 'from the template' : 'creating it     ';
      console.log(`round ${round} first ${how} ${first.seconds.toFixed(2)} s, demo login + list ${first.demoSeconds.toFixed(2)} s  [${first.phases}]`);
      console.log(`round ${round} later start              ${again.seconds.toFixed(2)} s  [${again.phases}]`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
console.log(`machine load after: ${os.loadavg()[0]!.toFixed(1)}`);
console.log(
  `first start: ${median(templated).toFixed(2)} s from the template (${CREATE ? `${median(created).toFixed(2)} s creating it` : 'creating it not timed'}), later start ${median(later).toFixed(2)} s; demo login + list answered at ${median(demoReady).toFixed(2)} s`,
);
