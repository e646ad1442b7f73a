/**
 * `npm run bench respond`: the same survey in our respondent page and in SurveyJS (survey-core +
 * survey-react-ui), opened in Chromium at several sizes (BENCH_SIZES, default 100,400,800 subjects).
 *
 * "Ours" is the production respondent entry itself: respond.html built by vite.respond.config.ts (the config
 * `npm run build` uses), served at /s/{id} with its getQuestion call answered by this script. SurveyJS is
 * built by bench/respond/vite.config.ts with the same target. Both land in dist/bench-respond.
 *
 * Prints, per page and size (median of BENCH_RUNS loads): main-thread CPU time until the first frame after
 * every subject is in the document (our page lays out and paints only the subjects near the screen), the time
 * from a click on one answer to the next frame and the main-thread CPU of that click (with the time in script,
 * style and layout), the JS heap after GC and the JS the page loaded (gzip); the ratios ours / SurveyJS at the
 * largest size; and how the click's cost changes with the form's size.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { ourSubjects, surveyJsModel } from './respond/fixture';
import { probeScript } from './respond/probe';

const SIZES = (process.env.BENCH_SIZES ?? process.env.BENCH_SUBJECTS ?? '100,400,800')
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** BENCH_PAGES=ours measures our page alone (quicker, for before/after figures of a change to it). */
const ONLY_OURS = process.env.BENCH_PAGES === 'ours';
const OUT = path.resolve('dist/bench-respond');
const OURS = path.join(OUT, 'ours');
const SURVEYJS = path.join(OUT, 'surveyjs');
/** The same option for every size: the 51st radio option, in the first 100 subjects. */
const CLICK_INDEX = 50;

function vite(config: string, env: NodeJS.ProcessEnv = {}) {
  execFileSync(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--config', config, '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
}

function build() {
  rmSync(OUT, { recursive: true, force: true });
  vite('vite.respond.config.ts', { CLIENT_DIR: OURS });
  if (!ONLY_OURS) vite('bench/respond/vite.config.ts');
}

function ourForm(n: number) {
  return {
    questionId: `bench-${n}`,
    title: `${n} 题性能测试`,
    subtitle: '',
    questionType: 1,
    status: 1,
    style: { themeId: 'default', primaryColor: '#1f6feb', backgroundColor: '#f5f7fa', backgroundImage: null, coverImage: null, logo: null, fontSize: 'medium' },
    settings: {
      startTime: null,
      endTime: null,
      loginRequired: false,
      needPassword: false,
      examMinutes: null,
      allowEditAfterSubmit: false,
      showScore: false,
      showCorrectAnswers: false,
      showAnalysis: false,
    },
    subjects: ourSubjects(n),
    logic: { jumps: [], display: [], optionLinkage: [], quotas: [], random: [] },
    quotaCounts: {},
    conclusions: [],
    serverTime: new Date().toISOString(),
  };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

function sendFile(res: http.ServerResponse, root: string, rel: string) {
  const file = path.join(root, rel);
  if (!file.startsWith(root + path.sep)) return res.writeHead(404).end();
  try {
    const body = readFileSync(file);
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
}

/**
 * Like the app's server for the respondent page: /s/{id} is respond.html, /assets/ its files, and
 * active/write/getQuestion answers the bench's survey in the spec's envelope. SurveyJS lives under /surveyjs/.
 */
function serve(): Promise<http.Server> {
  const forms = new Map(SIZES.map((n) => [`bench-${n}`, JSON.stringify({ resultCode: '200', resultMsg: '', data: ourForm(n) })]));
  const models = new Map(SIZES.map((n) => [`model-${n}.json`, JSON.stringify(surveyJsModel(ourSubjects(n)))]));
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    if (req.method === 'POST' && url === '/api/active/write/getQuestion') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        const form = forms.get((JSON.parse(body) as { questionId: string }).questionId);
        res.writeHead(200, { 'content-type': 'application/json' }).end(form ?? JSON.stringify({ resultCode: '404', resultMsg: '问卷不存在', data: null }));
      });
      return;
    }
    if (url.startsWith('/s/')) return sendFile(res, OURS, 'respond.html');
    if (url.startsWith('/assets/')) return sendFile(res, OURS, url.slice(1));
    if (url.startsWith('/surveyjs/')) {
      const rel = url.slice('/surveyjs/'.length);
      const model = models.get(rel);
      if (model) return res.writeHead(200, { 'content-type': 'application/json' }).end(model);
      return sendFile(res, SURVEYJS, rel);
    }
    res.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

interface TPage {
  name: string;
  url: (n: number) => string;
  /** One element per subject. */
  subject: string;
  /** The options a click may land on. */
  choice: string;
}

const PAGES: TPage[] = [
  { name: 'ours', url: (n) => `/s/bench-${n}`, subject: 'fieldset.r-subject', choice: '.r-subject .r-opt:has(input[type=radio])' },
  { name: 'SurveyJS', url: (n) => `/surveyjs/surveyjs.html?n=${n}`, subject: '.sd-question', choice: 'fieldset[role=radiogroup] .sd-selectbase__label' },
];

interface TRun {
  cpuToPaintMs: number;
  wallToPaintMs: number;
  clickToPaintMs: number;
  clickCpuMs: number;
  clickScriptMs: number;
  clickLayoutStyleMs: number;
  heapMb: number;
  jsGzipKb: number;
  jsRawKb: number;
}

type TCdp = Awaited<ReturnType<ReturnType<Page['context']>['newCDPSession']>>;

/**
 * Main-thread totals so far (ms): CPU time of the renderer's main thread (ThreadTime: what the thread used, so
 * other processes on a busy machine do not inflate it), and the time spent in scripts, layout and style.
 */
async function totals(client: TCdp) {
  const { metrics } = await client.send('Performance.getMetrics');
  const ms = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return { cpu: ms('ThreadTime'), script: ms('ScriptDuration'), layout: ms('LayoutDuration'), style: ms('RecalcStyleDuration') };
}

async function once(base: string, target: TPage, n: number): Promise<TRun> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--js-flags=--expose-gc'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Every script the page loads (entry, chunks, lazy ones), as served.
    const scripts: Promise<Buffer>[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.body());
    });
    await page.addInitScript({ content: probeScript(target.subject, n) });
    const client = await page.context().newCDPSession(page);
    await client.send('Performance.enable');
    await page.goto(base + target.url(n));
    await page.waitForFunction(() => window.__bench?.painted !== undefined, null, { timeout: 300_000 });
    const cpu = (await totals(client)).cpu;
    const wall = await page.evaluate(() => window.__bench.painted!);

    // One answer: the same option at every size, found before the measurement (a selector over the whole
    // document is the bench's work, not the page's).
    const option = await page.locator(target.choice).nth(CLICK_INDEX).elementHandle();
    if (!option) throw new Error(`${target.name}: no option ${CLICK_INDEX}`);
    await option.scrollIntoViewIfNeeded();
    // Garbage left from loading is collected first, so a collection it would need is not counted to the click.
    await client.send('HeapProfiler.collectGarbage');
    await page.waitForTimeout(500);
    const before = await totals(client);
    // A DOM click (label → its input), so the figure holds the page's own work, not Playwright's checks.
    await option.evaluate((el) => (el as HTMLElement).click());
    // Long enough for the next frame and for work the click schedules (our draft is written 400 ms after the
    // last change); a plain wait, because polling the page would add its own main-thread work.
    await page.waitForTimeout(1000);
    const after = await totals(client);
    await page.waitForFunction(() => window.__bench.clicks.length > 0);
    const click = await page.evaluate(() => window.__bench.clicks[0]!);

    await client.send('HeapProfiler.collectGarbage');
    const heap = await client.send('Runtime.getHeapUsage');
    const bodies = await Promise.all(scripts);
    return {
      cpuToPaintMs: cpu,
      wallToPaintMs: wall,
      clickToPaintMs: click,
      clickCpuMs: after.cpu - before.cpu,
      clickScriptMs: after.script - before.script,
      clickLayoutStyleMs: after.layout + after.style - before.layout - before.style,
      heapMb: heap.usedSize / 1024 / 1024,
      jsGzipKb: bodies.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0) / 1024,
      jsRawKb: bodies.reduce((sum, b) => sum + b.length, 0) / 1024,
    };
  } finally {
    await browser.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function measure(base: string, target: TPage, n: number): Promise<TRun> {
  const runs: TRun[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once(base, target, n));
  const pick = (k: keyof TRun) => median(runs.map((r) => r[k]));
  const keys = Object.keys(runs[0]!) as Array<keyof TRun>;
  return Object.fromEntries(keys.map((k) => [k, pick(k)])) as unknown as TRun;
}

build();
const server = await serve();
const { port } = server.address() as { port: number };
const base = `http://127.0.0.1:${port}`;
const results = new Map<string, TRun>();
for (const n of SIZES) {
  for (const target of ONLY_OURS ? PAGES.slice(0, 1) : PAGES) {
    process.stdout.write(`${target.name}, ${n} subjects … `);
    const r = await measure(base, target, n);
    results.set(`${target.name}@${n}`, r);
    console.log(`painted ${r.cpuToPaintMs.toFixed(0)} ms CPU, click ${r.clickToPaintMs.toFixed(1)} ms`);
  }
}
server.close();

const fmt = (x: number, digits = 1) => x.toFixed(digits);
const largest = SIZES[SIZES.length - 1]!;
if (ONLY_OURS) {
  console.log(
    `\nOurs alone, median of ${RUNS} loads (ms)\n\n| subjects | first frame CPU | click → frame | click CPU | click script | click style + layout |\n|---:|---:|---:|---:|---:|---:|`,
  );
  for (const n of SIZES) {
    const o = results.get(`ours@${n}`)!;
    console.log(
      `| ${n} | ${fmt(o.cpuToPaintMs, 0)} | ${fmt(o.clickToPaintMs)} | ${fmt(o.clickCpuMs)} | ${fmt(o.clickScriptMs)} | ${fmt(o.clickLayoutStyleMs)} |`,
    );
  }
  process.exit(0);
}
const ours = results.get(`ours@${largest}`)!;
const surveyjs = results.get(`SurveyJS@${largest}`)!;
const rows: Array<[string, keyof TRun, number]> = [
  ['main-thread CPU time to the first frame with every subject (ms)', 'cpuToPaintMs', 0],
  ['wall time to the first frame with every subject (ms)', 'wallToPaintMs', 0],
  ['click on one answer → next frame (ms)', 'clickToPaintMs', 1],
  ['main-thread CPU time of that click, 1 s (ms)', 'clickCpuMs', 1],
  ['  time in script (ms)', 'clickScriptMs', 1],
  ['  time in style + layout (ms)', 'clickLayoutStyleMs', 1],
  ['JS heap after GC (MB)', 'heapMb', 1],
  ['JS loaded (KB, gzip)', 'jsGzipKb', 1],
  ['JS loaded (KB, raw)', 'jsRawKb', 1],
];
console.log(`\n${largest} subjects on one page, Chromium 1280×900, median of ${RUNS} loads\n`);
console.log(`| figure | ours | SurveyJS | ours / SurveyJS |\n|---|---:|---:|---:|`);
for (const [label, key, digits] of rows)
  console.log(`| ${label} | ${fmt(ours[key], digits)} | ${fmt(surveyjs[key], digits)} | ${fmt(ours[key] / surveyjs[key], 2)}× |`);

console.log(`\nThe click at each size (ms, median of ${RUNS} loads)\n`);
console.log(
  `| subjects | ours: click → frame | ours: click CPU | ours: click script | SurveyJS: click → frame | SurveyJS: click CPU | SurveyJS: click script | ours / SurveyJS (click → frame) |\n|---:|---:|---:|---:|---:|---:|---:|---:|`,
);
for (const n of SIZES) {
  const o = results.get(`ours@${n}`)!;
  const s = results.get(`SurveyJS@${n}`)!;
  console.log(
    `| ${n} | ${fmt(o.clickToPaintMs)} | ${fmt(o.clickCpuMs)} | ${fmt(o.clickScriptMs)} | ${fmt(s.clickToPaintMs)} | ${fmt(s.clickCpuMs)} | ${fmt(s.clickScriptMs)} | ${fmt(o.clickToPaintMs / s.clickToPaintMs, 3)}× |`,
  );
}
if (SIZES.length > 1) {
  const smallest = SIZES[0]!;
  const growth = (page: string, key: keyof TRun) => results.get(`${page}@${largest}`)![key] / results.get(`${page}@${smallest}`)![key];
  const factor = largest / smallest;
  console.log(`\n${smallest} → ${largest} subjects (${fmt(factor, 0)}× the form):`);
  for (const page of ['ours', 'SurveyJS']) {
    console.log(
      `- ${page}: click → frame ×${fmt(growth(page, 'clickToPaintMs'), 2)}, click CPU ×${fmt(growth(page, 'clickCpuMs'), 2)}, click script ×${fmt(growth(page, 'clickScriptMs'), 2)}`,
    );
  }
}
