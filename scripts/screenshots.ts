/**
 * `node --import tsx scripts/screenshots.ts`: the README's screenshots, one per brand, taken from the running app.
 * - SCREENSHOT_URL=http://localhost:8080: a server already running with the demo seed (a development start, e.g.
 *   `npm start`); its brands are reached at `<brand>.localhost` on the same port.
 * - Unset: the script starts one itself — server/start.ts as a development start on a fresh data directory, serving
 *   the built client (run `npm run build` first) — and stops it when done.
 * It logs in as the demo account (13800138000 / demo1234), opens on each brand the screen of its seeded sample that
 * the README says to click first — 问卷通: the satisfaction survey's report; 投票通: the vote's results; 接龙通: the
 * sign-up chain's live list — and saves docs/screenshots/<brand>.png: 1280×800, colours reduced to a palette so each
 * stays small.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import type { TBrandId } from '../schemas/brands';
import { QUESTION_TYPE, SOLITAIRE_KINDS, SOLITAIRE_TYPE } from '../schemas/project-kinds';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(root, 'docs', 'screenshots');
const VIEWPORT = { width: 1280, height: 800 };
const SIGN_UP_LIST = SOLITAIRE_KINDS.find((kind) => kind.solitaireType === SOLITAIRE_TYPE.signUp)!.manage;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** A development start of its own (migrations, the demo seed) on a fresh data directory; resolves once it answers. */
async function startServer(): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wenjuan-screenshots-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://localhost:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ready = await fetch(`${base}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { base, stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error('the server did not answer within 3 minutes');
}

async function call<T>(base: string, name: string, body: object, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${base}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { resultCode: string; resultMsg: string; data: T };
  if (answer.resultCode !== '200') throw new Error(`${name}: ${answer.resultMsg} (is the demo seed on? a production start has none)`);
  return answer.data;
}

/** The screen each brand's README line says to open first: a seeded sample's report, results or live list. */
async function firstScreens(base: string, token: string): Promise<Record<TBrandId, string>> {
  type TList = { list: { questionId: string; title: string; solitaireType: number | null }[] };
  const projects = (questionType: number) => call<TList>(base, 'activity/question/getWxQuestionList', { questionType, page: 1, pageSize: 20 }, { token });
  const survey = (await projects(QUESTION_TYPE.survey)).list.find((p) => p.title === '2026 年度客户满意度调查');
  const chain = (await projects(QUESTION_TYPE.solitaire)).list.find((p) => p.solitaireType === SOLITAIRE_TYPE.signUp);
  const [vote] = (
    await call<{ list: { voteId: string }[] }>(base, 'activity/vote/getVoteList', { page: 1, pageSize: 10 }, { token, host: 'toupiao.localhost' })
  ).list;
  if (!survey || !chain || !vote) throw new Error('the demo account has no seeded survey, sign-up chain or vote');
  return {
    wenjuan: `/questionnaire/report.html?questionId=${survey.questionId}`,
    toupiao: `/voting/result.html?voteId=${vote.voteId}`,
    jielong: `${SIGN_UP_LIST}?questionId=${chain.questionId}`,
  };
}

async function main(): Promise<void> {
  const given = process.env.SCREENSHOT_URL;
  const server = given ? { base: given.replace(/\/$/, ''), stop: async () => {} } : await startServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const { token } = await call<{ token: string }>(server.base, 'activity/user/userNameLogin', { userName: '13800138000', password: 'demo1234' });
    const screens = await firstScreens(server.base, token);
    const { port, protocol } = new URL(server.base);
    const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    const page = await context.newPage();
    mkdirSync(OUT, { recursive: true });
    for (const [brand, screen] of Object.entries(screens)) {
      const origin = `${protocol}//${brand}.localhost${port ? `:${port}` : ''}`;
      // The session is a cookie of each host (the app keeps its token in one).
      await context.addCookies([{ name: 'token', value: token, url: origin }]);
      await page.goto(`${origin}${screen}`);
      await page.waitForLoadState('networkidle');
      await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 15_000 });
      // A first visit's hint (where deleted projects go) is put away, as a newcomer would.
      const hint = page.getByRole('button', { name: '知道了' });
      if (await hint.isVisible()) await hint.click();
      await page.evaluate(() => document.fonts.ready);
      // Charts draw with a short animation.
      await page.waitForTimeout(1_500);
      const file = path.join(OUT, `${brand}.png`);
      await sharp(await page.screenshot())
        .png({ palette: true, quality: 90, compressionLevel: 9, effort: 10 })
        .toFile(file);
      console.log(`${path.relative(root, file)}  ${(statSync(file).size / 1024).toFixed(0)} KB`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
