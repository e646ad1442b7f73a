/**
 * `npm run bench respond`: an 800-subject survey in our respondent page and the same survey in SurveyJS
 * (survey-core + survey-react-ui), each built by bench/respond/vite.config.ts into dist/bench-respond and opened
 * in Chromium. Prints, per page (median of RUNS loads): main-thread CPU until every subject is painted, the
 * time from a click on one answer to the next frame (and its main-thread CPU), the JS heap after GC, and the
 * JS bytes (gzip) the page loads; then the ratios SurveyJS / ours.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { ourSubjects, surveyJsModel } from './respond/fixture';

const SUBJECTS = Number(process.env.BENCH_SUBJECTS ?? 800);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const OUT = path.resolve('dist/bench-respond');

function build() {
  execFileSync(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--config', 'bench/respond/vite.config.ts'], { stdio: 'inherit' });
  const subjects = ourSubjects(SUBJECTS);
  const form = {
    questionId: 'bench-800', title: `${SUBJECTS} 题性能测试`, subtitle: '', questionType: 1, status: 1,
    style: { themeId: 'default', primaryColor: '#1f6feb', backgroundColor: '#f5f7fa', backgroundImage: null, coverImage: null, logo: null, fontSize: 'medium' },
    settings: { startTime: null, endTime: null, loginRequired: false, needPassword: false, examMinutes: null, allowEditAfterSubmit: false, showScore: false, showCorrectAnswers: false, showAnalysis: false },
    subjects, logic: { jumps: [], display: [], optionLinkage: [], quotas: [], random: [] }, quotaCounts: {}, conclusions: [], serverTime: new Date().toISOString(),
  };
  writeFileSync(path.join(OUT, 'ours.json'), JSON.stringify(form));
  writeFileSync(path.join(OUT, 'surveyjs.json'), JSON.stringify(surveyJsModel(subjects)));
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' };
function serve(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const file = path.join(OUT, decodeURIComponent((req.url ?? '/').split('?')[0]!));
    if (!file.startsWith(OUT)) return res.writeHead(404).end();
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Gzip bytes of every script the page's HTML loads (entry and preloaded chunks). */
function jsBytes(html: string): { raw: number; gzip: number } {
  const text = readFileSync(path.join(OUT, html), 'utf8');
  const files = [...text.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  let raw = 0;
  let gzip = 0;
  for (const f of new Set(files)) {
    const body = readFileSync(path.join(OUT, f));
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { raw, gzip };
}

interface TRun {
  cpuToPaintMs: number;
  wallToPaintMs: number;
  clickToPaintMs: number;
  clickCpuMs: number;
  clickScriptMs: number;
  clickLayoutStyleMs: number;
  heapMb: number;
}

type TCdp = Awaited<ReturnType<ReturnType<Page['context']>['newCDPSession']>>;

/** Main-thread totals so far (ms): all tasks, scripts, layout, style recalculation. */
async function totals(client: TCdp) {
  const { metrics } = await client.send('Performance.getMetrics');
  const ms = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return { task: ms('TaskDuration'), script: ms('ScriptDuration'), layout: ms('LayoutDuration'), style: ms('RecalcStyleDuration') };
}

async function once(base: string, html: string, choice: string): Promise<TRun> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--js-flags=--expose-gc'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const client = await page.context().newCDPSession(page);
    await client.send('Performance.enable');
    await page.goto(`${base}/${html}`);
    await page.waitForFunction(() => window.__bench?.painted !== undefined, null, { timeout: 120_000 });
    const cpu = (await totals(client)).task;
    const wall = await page.evaluate(() => window.__bench.painted!);

    // One answer in the middle of the survey.
    const target = page.locator(choice).nth(Math.floor(SUBJECTS / 16));
    await target.scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    const before = await totals(client);
    // A DOM click (label → its input), so the figure holds the page's own work, not Playwright's checks.
    await target.evaluate((el: HTMLElement) => el.click());
    await page.waitForFunction(() => window.__bench.clicks.length > 0);
    await page.waitForTimeout(300);
    const after = await totals(client);
    const click = await page.evaluate(() => window.__bench.clicks[0]!);

    await client.send('HeapProfiler.collectGarbage');
    const heap = await client.send('Runtime.getHeapUsage');
    return {
      cpuToPaintMs: cpu,
      wallToPaintMs: wall,
      clickToPaintMs: click,
      clickCpuMs: after.task - before.task,
      clickScriptMs: after.script - before.script,
      clickLayoutStyleMs: after.layout + after.style - before.layout - before.style,
      heapMb: heap.usedSize / 1024 / 1024,
    };
  } finally {
    await browser.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function measure(base: string, html: string, choice: string) {
  const runs: TRun[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once(base, html, choice));
  const pick = (k: keyof TRun) => median(runs.map((r) => r[k]));
  return {
    cpuToPaintMs: pick('cpuToPaintMs'),
    wallToPaintMs: pick('wallToPaintMs'),
    clickToPaintMs: pick('clickToPaintMs'),
    clickCpuMs: pick('clickCpuMs'),
    clickScriptMs: pick('clickScriptMs'),
    clickLayoutStyleMs: pick('clickLayoutStyleMs'),
    heapMb: pick('heapMb'),
    ...jsBytes(html),
  };
}

build();
const server = await serve();
const { port } = server.address() as { port: number };
const base = `http://127.0.0.1:${port}`;
const ours = await measure(base, 'ours.html', '.r-subject .r-opt:has(input[type=radio])');
const surveyjs = await measure(base, 'surveyjs.html', 'fieldset[role=radiogroup] .sd-selectbase__label');
server.close();

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const rows: Array<[string, (r: typeof ours) => number, number]> = [
  ['main-thread CPU to all subjects painted (ms)', (r) => r.cpuToPaintMs, 0],
  ['wall time to all subjects painted (ms)', (r) => r.wallToPaintMs, 0],
  ['click on one answer → next frame (ms)', (r) => r.clickToPaintMs, 1],
  ['main-thread CPU of that click (ms)', (r) => r.clickCpuMs, 1],
  ['  of which script (ms)', (r) => r.clickScriptMs, 1],
  ['  of which style + layout (ms)', (r) => r.clickLayoutStyleMs, 1],
  ['JS heap after GC (MB)', (r) => r.heapMb, 1],
  ['JS loaded (KB, gzip)', (r) => r.gzip / 1024, 1],
  ['JS loaded (KB, raw)', (r) => r.raw / 1024, 1],
];
console.log(`\n${SUBJECTS} subjects on one page, Chromium 1280×900, median of ${RUNS} loads\n`);
console.log(`| figure | ours | SurveyJS | SurveyJS / ours |\n|---|---:|---:|---:|`);
for (const [label, get, digits] of rows) {
  console.log(`| ${label} | ${fmt(get(ours), digits)} | ${fmt(get(surveyjs), digits)} | ${fmt(get(surveyjs) / get(ours), 2)}× |`);
}
