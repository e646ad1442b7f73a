/**
 * `npm test`: every suite, then one plain line "N passed, N failed".
 * 1. vitest (schemas, machines, server on PGlite, UI in jsdom)
 * 2. the server suites again on PostgreSQL when DATABASE_URL is set
 * 3. the client build and Playwright end-to-end journeys in Debian's Chromium
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const out = path.resolve('.test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

interface Tally { passed: number; failed: number; ran: boolean; label: string }
const tallies: Tally[] = [];
/** What failed, named again just above the summary: CI shows only the end of a long output. */
const failures: string[] = [];
// eslint-disable-next-line no-control-regex
const firstLine = (text: unknown) => (String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((l) => l.trim()) ?? '').trim();
const bin = (name: string) => path.resolve('node_modules/.bin', name);

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv): number {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  return result.status ?? 1;
}

function vitest(label: string, args: string[], env: NodeJS.ProcessEnv): void {
  const file = path.join(out, `${label.replace(/\W+/g, '-')}.json`);
  const code = run(label, bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...args], env);
  const report = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  const passed = report?.numPassedTests ?? 0;
  let failed = report?.numFailedTests ?? 0;
  for (const file of report?.testResults ?? []) {
    const name = path.relative(process.cwd(), file.name);
    if (file.status === 'failed' && !file.assertionResults?.length) failures.push(`${label}: ${name}: ${firstLine(file.message)}`);
    for (const a of file.assertionResults ?? []) {
      if (a.status === 'failed') failures.push(`${label}: ${name} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    }
  }
  if (code !== 0 && failed === 0) failed = 1; // a crashed run counts as a failure
  tallies.push({ label, passed, failed, ran: Boolean(report) });
}

const { DATABASE_URL, ...withoutDb } = process.env;
vitest('vitest (PGlite + jsdom)', [], withoutDb);
if (DATABASE_URL) vitest('server suites on PostgreSQL', ['--project', 'unit', 'tests/server'], { ...process.env });

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.log(`\n=== end-to-end ===\nChromium not found at ${chromium}; install Debian's chromium (apt-get install chromium).`);
  tallies.push({ label: 'end-to-end', passed: 0, failed: 1, ran: false });
} else {
  const built = run('client build', 'npm', ['run', '-s', 'build'], withoutDb);
  if (built !== 0) tallies.push({ label: 'client build', passed: 0, failed: 1, ran: false });
  else {
    const file = path.join(out, 'playwright.json');
    const code = run('end-to-end (Playwright + Chromium)', bin('playwright'), ['test', '--reporter=list,json'], {
      ...withoutDb,
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    });
    const json = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
    const stats = json?.stats ?? null;
    collectPlaywrightFailures(json?.suites ?? []);
    const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
    let failed = stats?.unexpected ?? 0;
    if (code !== 0 && failed === 0) failed = 1;
    tallies.push({ label: 'end-to-end', passed, failed, ran: Boolean(stats) });
  }
}

if (failures.length) {
  console.log('\n=== what failed ===');
  for (const f of failures) console.log(f.slice(0, 400));
}
console.log('\n=== summary ===');
for (const t of tallies) console.log(`${t.label}: ${t.passed} passed, ${t.failed} failed`);
const passed = tallies.reduce((n, t) => n + t.passed, 0);
const failed = tallies.reduce((n, t) => n + t.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

interface PwSuite { title: string; file?: string; suites?: PwSuite[]; specs?: { title: string; line: number; tests: { status: string; results: { error?: { message?: string } }[] }[] }[] }
function collectPlaywrightFailures(suites: PwSuite[]): void {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected') continue;
        const error = test.results.at(-1)?.error?.message;
        failures.push(`end-to-end: ${suite.file ?? suite.title}:${spec.line} › ${spec.title}: ${firstLine(error)}`);
      }
    }
    collectPlaywrightFailures(suite.suites ?? []);
  }
}
