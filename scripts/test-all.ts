/**
 * `npm test`: every suite, then one plain line "N passed, N failed".
 * 0. the static gates (scripts/checks.ts): type check and lint (with the phone pages' browser-support rule),
 *    each counted as one check
 * 1. vitest (schemas, machines, server on PGlite, UI in jsdom)
 * 1b. the date-sensitive suites again with the process clock a year ahead (scripts/date-sensitive-suites.ts)
 * 2. the server suites again on PostgreSQL when DATABASE_URL is set, those that open a database
 *    (scripts/database-suites.ts: a pure suite's second pass would test nothing new)
 * 3. the client build (a warning in its output is a failure: scripts/build-warnings.ts) and Playwright end-to-end
 *    journeys in Debian's Chromium
 * 4. tests/cluster when PostgreSQL answers: nginx in front of three server processes on one database
 */
import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { JSONReport } from '@playwright/test/reporter';
import type { JsonTestResults } from 'vitest/reporters';
import { buildWarnings } from './build-warnings';
import { checkFailures, lint, typecheck, type CheckResult } from './checks';
import { childCpuSeconds } from './child-cpu';
import { pureServerSuites, SERVER_SUITES } from './database-suites';
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

function vitest(label: string, args: string[], env: NodeJS.ProcessEnv): void {
  const started = Date.now();
  const cpuBefore = childCpuSeconds();
  const file = path.join(out, `${label.replace(/\W+/g, '-')}.json`);
  const code = run(label, bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...args], env);
  const report = readReport<JsonTestResults>(file);
  const passed = report?.numPassedTests ?? 0;
  let failed = report?.numFailedTests ?? 0;
  if (report) failures.push(...vitestFailures(label, report, process.cwd()));
  if (code !== 0 && failed === 0) failed = 1; // a crashed run counts as a failure
  const cpuAfter = childCpuSeconds();
  const cpu = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  tallies.push({ label, passed, failed, ran: Boolean(report), seconds: (Date.now() - started) / 1000, cpu });
}

/**
 * `npm run build`, its output shown as it comes and kept: a warning in it (PostCSS, a chunk over 500 kB, Workbox)
 * counts as one failure named in the summary, the build itself as one check.
 */
function buildClient(env: NodeJS.ProcessEnv): number {
  console.log('\n=== client build ===');
  const started = Date.now();
  const result = spawnSync('npm', ['run', '-s', 'build'], { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  process.stdout.write(result.stdout ?? '');
  process.stderr.write(result.stderr ?? '');
  const warnings = buildWarnings(`${result.stdout ?? ''}\n${result.stderr ?? ''}`);
  failures.push(...warnings.slice(0, 8).map((w) => `client build: warning: ${w}`));
  tallies.push({
    label: 'client build (no warnings)',
    passed: warnings.length ? 0 : 1,
    failed: warnings.length ? 1 : 0,
    ran: true,
    seconds: (Date.now() - started) / 1000,
  });
  return result.status ?? 1;
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
// The type check (a process of its own) and lint (ESLint in this process) side by side: each is single-threaded,
// and nothing else runs yet, so the two cores each take one (docs/benchmarks.md, CI time 2026-12-02).
const [typed, linted] = await Promise.all([typecheck('.', path.join(cache, 'tsconfig.tsbuildinfo')), lint('.')]);
gate(typed);
gate(linted);

const { DATABASE_URL, ...withoutDb } = process.env;
vitest('vitest (PGlite + jsdom)', [], withoutDb);
vitest(`year-ahead clock (date-sensitive suites, +${CLOCK_SHIFT_DAYS} days)`, [...DATE_SENSITIVE_SUITES], {
  ...withoutDb,
  WJ_CLOCK_SHIFT_DAYS: String(CLOCK_SHIFT_DAYS),
});
if (DATABASE_URL) {
  const pure = pureServerSuites().flatMap((file) => ['--exclude', file]);
  vitest('server suites on PostgreSQL', ['--project', 'unit', SERVER_SUITES, ...pure], { ...process.env });
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.log(`\n=== end-to-end ===\nChromium not found at ${chromium}; install Debian's chromium (apt-get install chromium).`);
  tallies.push({ label: 'end-to-end', passed: 0, failed: 1, ran: false });
} else {
  const started = Date.now();
  const built = buildClient(withoutDb);
  if (built !== 0) tallies.push({ label: 'client build', passed: 0, failed: 1, ran: false });
  else {
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
}

// The cluster suite needs PostgreSQL (several processes on one database) and Debian's nginx in front of them.
const postgres = DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const nginx = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
if (!(await answers(postgres))) {
  console.log(`\n=== cluster (nginx + 3 processes on PostgreSQL) ===\nPostgreSQL does not answer at ${new URL(postgres).host}: skipped.`);
  if (process.env.CI === 'true') tallies.push({ label: 'cluster', passed: 0, failed: 1, ran: false });
} else if (!existsSync(nginx)) {
  console.log(`\n=== cluster (nginx + 3 processes on PostgreSQL) ===\nnginx not found at ${nginx}; install Debian's nginx (apt-get install nginx).`);
  tallies.push({ label: 'cluster', passed: 0, failed: 1, ran: false });
} else {
  vitest('cluster (nginx + 3 processes on PostgreSQL)', ['--config', 'vitest.cluster.config.ts'], { ...withoutDb, DATABASE_URL: postgres });
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
