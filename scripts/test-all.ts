/**
 * `npm test`: every suite, then one plain line "N passed, N failed".
 * 0. the static gates (scripts/checks.ts): type check and lint (with the phone pages' browser-support rule),
 *    each counted as one check. The client build (a warning in its output is a failure: scripts/build-warnings.ts)
 *    runs beside the type check once lint is done: lint ends well before tsc, and the build takes the core lint left.
 * 1. vitest (schemas, machines, server on PGlite, UI in jsdom)
 * 1b. the date-sensitive suites again with the process clock a year ahead (scripts/date-sensitive-suites.ts)
 * 2. the server suites again on PostgreSQL when DATABASE_URL is set, those that open a database
 *    (scripts/database-suites.ts: a pure or PGlite-only suite's second pass would test nothing new), and beside them
 * 3. tests/cluster when PostgreSQL answers: nginx in front of three server processes on one database. Each of the
 *    two keeps about one core busy (its child CPU ≈ its wall), so they run side by side, each on databases of its own
 *    (t_… copies of the tests' template, wjc_… copies of the cluster's); the PostgreSQL pass prints as it goes, the
 *    cluster's output is kept in a file and printed after it.
 * 4. Playwright end-to-end journeys in Debian's Chromium, on the build of step 1
 */
import { spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { JSONReport } from '@playwright/test/reporter';
import type { JsonTestResults } from 'vitest/reporters';
import { buildWarnings } from './build-warnings';
import { checkFailures, lint, typecheck, type CheckResult } from './checks';
import { childTicks, CPU_WRAPPER, ticksPerSecond } from './child-cpu';
import { pgliteOnlySuites, pureServerSuites, SERVER_SUITES } from './database-suites';
import { CLOCK_SHIFT_DAYS, DATE_SENSITIVE_SUITES } from './date-sensitive-suites';
import { playwrightFailures, readReport, vitestFailures } from './test-reports';

const out = path.resolve('.test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

interface Tally {
  passed: number;
  failed: number;
  ran: boolean;
  label: string;
  /** Wall-clock seconds the suite took (the CI budget is 40 minutes: the summary shows where they go). */
  seconds?: number;
  /** CPU seconds (user + system) of the lane's processes: the wall clock on shared cores follows the neighbours. */
  cpu?: number;
}
const tallies: Tally[] = [];
/** What failed, named again just above the summary: CI shows only the end of a long output. */
const failures: string[] = [];
const bin = (name: string) => path.resolve('node_modules/.bin', name);

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv): number {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  return result.status ?? 1;
}

/**
 * `npm run build`, its output kept (and shown by `showBuild` where the log reaches it): a warning in it (PostCSS, a
 * chunk over 500 kB, Workbox) counts as one failure named in the summary, the build itself as one check.
 */
interface Build {
  status: number;
  output: { stdout: string; stderr: string };
  seconds: number;
}

async function buildClient(env: NodeJS.ProcessEnv): Promise<Build> {
  const started = Date.now();
  const child = spawn('npm', ['run', '-s', 'build'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output.stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output.stderr += chunk));
  const status = await new Promise<number>((resolve) => {
    child.once('error', (error) => {
      output.stderr += `${error.message}\n`;
      resolve(1);
    });
    child.once('close', (code) => resolve(code ?? 1));
  });
  return { status, output, seconds: (Date.now() - started) / 1000 };
}

function showBuild(build: Build): void {
  console.log('\n=== client build (beside the type check) ===');
  process.stdout.write(build.output.stdout);
  process.stderr.write(build.output.stderr);
  const warnings = buildWarnings(`${build.output.stdout}\n${build.output.stderr}`);
  failures.push(...warnings.slice(0, 8).map((w) => `client build: warning: ${w}`));
  tallies.push({
    label: 'client build (no warnings)',
    passed: warnings.length ? 0 : 1,
    failed: warnings.length ? 1 : 0,
    ran: true,
    seconds: build.seconds,
  });
}

/** A vitest lane running in the background, its output in this process's or in a file of its own. */
interface Lane {
  label: string;
  report: string;
  cpuFile: string;
  log?: string;
  started: number;
  /** The exit code and when it came (a lane awaited after another must not count the wait as its own time). */
  exited: Promise<{ code: number; ended: number }>;
}

/**
 * Starts a vitest lane without waiting for it. It runs under `sh` (CPU_WRAPPER), which writes its own /proc stat
 * (cutime + cstime: the vitest tree's CPU) to a file as vitest ends: this process's own counters cannot tell two
 * lanes running at once apart. With `log`, the lane's output goes to that file (printed by `finishLane`) so two
 * lanes do not interleave.
 */
function startVitest(label: string, args: string[], env: NodeJS.ProcessEnv, log?: string): Lane {
  const name = label.replace(/\W+/g, '-');
  const report = path.join(out, `${name}.json`);
  const cpuFile = path.join(out, `${name}.cpu`);
  if (!log) console.log(`\n=== ${label} ===`);
  const fd = log ? openSync(log, 'w') : undefined;
  const child = spawn('sh', ['-c', CPU_WRAPPER, cpuFile, bin('vitest'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args], {
    env,
    stdio: fd === undefined ? 'inherit' : ['ignore', fd, fd],
  });
  if (fd !== undefined) closeSync(fd);
  const exited = new Promise<{ code: number; ended: number }>((resolve) => {
    child.once('error', () => resolve({ code: 1, ended: Date.now() }));
    child.once('close', (code) => resolve({ code: code ?? 1, ended: Date.now() }));
  });
  return { label, report, cpuFile, log, started: Date.now(), exited };
}

/** Waits for a lane, prints its kept output (if any), and counts its tests, its time and its CPU. */
async function finishLane(lane: Lane, note = ''): Promise<void> {
  const { code, ended } = await lane.exited;
  const seconds = (ended - lane.started) / 1000;
  if (lane.log) {
    console.log(`\n=== ${lane.label} ===${note}`);
    process.stdout.write(existsSync(lane.log) ? readFileSync(lane.log, 'utf8') : '(no output)\n');
  }
  const report = readReport<JsonTestResults>(lane.report);
  const passed = report?.numPassedTests ?? 0;
  let failed = report?.numFailedTests ?? 0;
  if (report) failures.push(...vitestFailures(lane.label, report, process.cwd()));
  if (code !== 0 && failed === 0) failed = 1; // a crashed run counts as a failure
  let cpu: number | undefined;
  try {
    cpu = childTicks(readFileSync(lane.cpuFile, 'utf8')) / ticksPerSecond();
  } catch {
    cpu = undefined; // not Linux
  }
  tallies.push({ label: lane.label, passed, failed, ran: Boolean(report), seconds, cpu });
}

/** Whether something accepts TCP connections at the URL's host and port (within 2 s). */
function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 5432), timeout: 2_000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket
      .once('connect', () => done(true))
      .once('error', () => done(false))
      .once('timeout', () => done(false));
  });
}

function gate(result: CheckResult): void {
  console.log(`\n=== ${result.label} ===\n${result.ok ? 'clean' : result.errors.join('\n')} (${(result.ms / 1000).toFixed(1)} s)`);
  failures.push(...checkFailures(result));
  tallies.push({ label: result.label, passed: result.ok ? 1 : 0, failed: result.ok ? 0 : 1, ran: true, seconds: result.ms / 1000 });
}

// Incremental: the build-info file lives in a cache folder git ignores, so an unchanged tree re-checks in seconds.
const cache = path.resolve('node_modules/.cache/wenjuan');
mkdirSync(cache, { recursive: true });
const { DATABASE_URL, ...withoutDb } = process.env;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const browser = existsSync(chromium);
// The type check (a process of its own) and lint (ESLint in this process) side by side: each is single-threaded,
// and nothing else runs yet, so the two cores each take one (docs/benchmarks.md, CI time 2026-12-02). Lint ends
// first (82 s against tsc's 119 s in the stop-71 CI): the client build takes its core then, for the end-to-end lane.
const [typed, [linted, build]] = await Promise.all([
  typecheck('.', path.join(cache, 'tsconfig.tsbuildinfo')),
  lint('.').then(async (result) => [result, browser ? await buildClient(withoutDb) : undefined] as const),
]);
gate(typed);
gate(linted);
if (build) showBuild(build);

await finishLane(startVitest('vitest (PGlite + jsdom)', [], withoutDb));
await finishLane(
  startVitest(`year-ahead clock (date-sensitive suites, +${CLOCK_SHIFT_DAYS} days)`, [...DATE_SENSITIVE_SUITES], {
    ...withoutDb,
    WJ_CLOCK_SHIFT_DAYS: String(CLOCK_SHIFT_DAYS),
  }),
);

// The cluster suite needs PostgreSQL (several processes on one database) and Debian's nginx in front of them. It
// runs beside the PostgreSQL pass (each about one core), its output kept in a file and printed after the pass's.
const postgres = DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const nginx = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const clusterLabel = 'cluster (nginx + 3 processes on PostgreSQL)';
let cluster: Lane | undefined;
if (!(await answers(postgres))) {
  console.log(`\n=== ${clusterLabel} ===\nPostgreSQL does not answer at ${new URL(postgres).host}: skipped.`);
  if (process.env.CI === 'true') tallies.push({ label: 'cluster', passed: 0, failed: 1, ran: false });
} else if (!existsSync(nginx)) {
  console.log(`\n=== ${clusterLabel} ===\nnginx not found at ${nginx}; install Debian's nginx (apt-get install nginx).`);
  tallies.push({ label: 'cluster', passed: 0, failed: 1, ran: false });
} else {
  const env = { ...withoutDb, DATABASE_URL: postgres };
  cluster = startVitest(clusterLabel, ['--config', 'vitest.cluster.config.ts'], env, path.join(out, 'cluster.log'));
}
if (DATABASE_URL) {
  // Left out: the pure suites and those that start PGlite whatever DATABASE_URL says (a second pass of either tests nothing new).
  const pure = [...pureServerSuites(), ...pgliteOnlySuites()].flatMap((file) => ['--exclude', file]);
  const label = 'server suites on PostgreSQL';
  if (cluster) console.log(`\n(${clusterLabel} runs beside this pass: its output follows it)`);
  await finishLane(startVitest(label, ['--project', 'unit', SERVER_SUITES, ...pure], { ...process.env }));
}
if (cluster) await finishLane(cluster, DATABASE_URL ? ' (ran beside the PostgreSQL pass)' : '');

if (!browser) {
  console.log(`\n=== end-to-end ===\nChromium not found at ${chromium}; install Debian's chromium (apt-get install chromium).`);
  tallies.push({ label: 'end-to-end', passed: 0, failed: 1, ran: false });
} else if (build?.status !== 0) {
  tallies.push({ label: 'client build', passed: 0, failed: 1, ran: false });
} else {
  const started = Date.now();
  const file = path.join(out, 'playwright.json');
  const code = run('end-to-end (Playwright + Chromium)', bin('playwright'), ['test', '--reporter=list,json'], {
    ...withoutDb,
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  });
  const report = readReport<JSONReport>(file);
  const stats = report?.stats ?? null;
  if (report) failures.push(...playwrightFailures('end-to-end', report));
  const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  let failed = stats?.unexpected ?? 0;
  if (code !== 0 && failed === 0) failed = 1;
  tallies.push({ label: 'end-to-end', passed, failed, ran: Boolean(stats), seconds: (Date.now() - started) / 1000 });
}

if (failures.length) {
  console.log('\n=== what failed ===');
  for (const f of failures) console.log(f.slice(0, 1500));
}
console.log('\n=== summary ===');
const cpu = (t: Tally) => (t.cpu === undefined ? '' : `, CPU ${Math.round(t.cpu)} s`);
const took = (t: Tally) => (t.seconds === undefined ? '' : ` (${Math.round(t.seconds)} s${cpu(t)})`);
for (const t of tallies) console.log(`${t.label}: ${t.passed} passed, ${t.failed} failed${took(t)}`);
const passed = tallies.reduce((n, t) => n + t.passed, 0);
const failed = tallies.reduce((n, t) => n + t.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
