/**
 * bench/first-paint: the public home and help pages' first paint on a throttled phone (issue 48 item 6). Starts the
 * built server (dist/client) on an in-memory database with the catalogues (help guides) seeded, then opens /, /help.html
 * and one help article in Chromium at 390×844 with Lighthouse's mobile throttling (150 ms RTT, 1.6 Mbit/s down,
 * 750 kbit/s up, CPU 4× slower) through CDP, each run in a new browser context (no HTTP cache, no service worker).
 * Prints per page the medians of first-contentful-paint and largest-contentful-paint over RUNS runs, the bytes that
 * crossed the wire (encoded, from CDP) and the requests, against the budget below: PASS or OVER.
 * Run after `npm run build`: node --import tsx bench/first-paint.ts (RUNS=5; CLIENT_DIR=dist/client; BASE=http://host:port
 * measures a running server instead; DETAIL=1 lists each request of a page's first run). Not a test: figures go into docs/benchmarks.md by hand.
 */
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { buildApp } from '../server/app';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { seedCatalogues } from '../server/seed/seed';

/** The budget: Lighthouse's "good" thresholds on its mobile profile, and what a first visit may download. */
export const BUDGET = { fcpMs: 1_800, lcpMs: 2_500, kilobytes: 350 } as const;
/** Lighthouse's simulated mobile network (its "Slow 4G") and CPU slowdown. */
const NETWORK = { latency: 150, downloadThroughput: (1_638.4 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_RATE = 4;
const RUNS = Number(process.env.RUNS ?? 5);
const CLIENT_DIR = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');

interface TRun {
  fcp: number;
  lcp: number;
  bytes: number;
  requests: number;
  /** Each request: its path, encoded bytes and when it finished (ms after the navigation started). */
  log: { url: string; bytes: number; at: number }[];
}

async function startServer(): Promise<{ base: string; articleId: number; stop: () => Promise<void> }> {
  if (process.env.BASE) return { base: process.env.BASE, articleId: Number(process.env.ARTICLE_ID ?? 1), stop: async () => {} };
  if (!existsSync(path.join(CLIENT_DIR, 'index.html'))) throw new Error(`no ${CLIENT_DIR}/index.html: run npm run build first`);
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  await migrateDatabase(database);
  await seedCatalogues(database);
  const [article] = await database.query<{ id: number }>('SELECT id FROM help_articles ORDER BY id LIMIT 1');
  const app = await buildApp({ database, env: { NODE_ENV: 'test' }, clientDir: CLIENT_DIR });
  await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, articleId: article?.id ?? 1, stop: async () => (await app.close(), await database.close()) };
}

/** One cold visit: a new context, throttled, until the load event and a quiet network; then the paint entries. */
async function visit(browser: Browser, url: string): Promise<TRun> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'zh-CN' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...NETWORK });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
  let bytes = 0;
  let requests = 0;
  const urls = new Map<string, string>();
  const log: TRun['log'] = [];
  let start = 0;
  cdp.on('Network.requestWillBeSent', (event: { requestId: string; request: { url: string }; timestamp: number }) => {
    if (!start) start = event.timestamp;
    urls.set(event.requestId, new URL(event.request.url).pathname);
  });
  cdp.on('Network.loadingFinished', (event: { requestId: string; encodedDataLength: number; timestamp: number }) => {
    bytes += event.encodedDataLength;
    requests += 1;
    log.push({ url: urls.get(event.requestId) ?? '?', bytes: event.encodedDataLength, at: (event.timestamp - start) * 1000 });
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number };
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = Math.max(w.__lcp, entry.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  const { fcp, lcp } = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    lcp: (window as unknown as { __lcp: number }).__lcp,
  }));
  await context.close();
  return { fcp, lcp, bytes, requests, log };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const pages = [
    ['首页', '/'],
    ['帮助中心', '/help.html'],
    ['帮助文章', `/help.html?articleId=${server.articleId}`],
  ] as const;
  let over = false;
  try {
    console.log(`first paint, ${RUNS} cold runs each: 390×844 phone, RTT ${NETWORK.latency} ms, 1.6 Mbit/s down, CPU ${CPU_RATE}× slower`);
    console.log(`budget: FCP ≤ ${BUDGET.fcpMs} ms, LCP ≤ ${BUDGET.lcpMs} ms, ≤ ${BUDGET.kilobytes} KB transferred`);
    await visit(browser, `${server.base}/`); // warm the server's caches, not the browser's
    for (const [name, route] of pages) {
      const runs: TRun[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await visit(browser, `${server.base}${route}`));
      const fcp = median(runs.map((r) => r.fcp));
      const lcp = median(runs.map((r) => r.lcp));
      const kb = median(runs.map((r) => r.bytes)) / 1024;
      const verdict = fcp <= BUDGET.fcpMs && lcp <= BUDGET.lcpMs && kb <= BUDGET.kilobytes ? 'PASS' : 'OVER';
      if (verdict === 'OVER') over = true;
      const runsText = runs.map((r) => r.fcp.toFixed(0)).join(', ');
      if (process.env.DETAIL)
        for (const r of runs[0]!.log) console.log(`  ${r.at.toFixed(0).padStart(6)} ms ${(r.bytes / 1024).toFixed(1).padStart(6)} KB ${r.url}`);
      console.log(
        `${verdict} ${name} ${route}: FCP ${fcp.toFixed(0)} ms (runs ${runsText}), LCP ${lcp.toFixed(0)} ms, ${kb.toFixed(1)} KB in ${median(runs.map((r) => r.requests))} requests`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  process.exitCode = over ? 1 : 0;
}

void main();
