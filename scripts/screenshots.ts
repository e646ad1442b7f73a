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
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import type { TBrandId } from '../schemas/brands';
import { QUESTION_TYPE, SOLITAIRE_KINDS, SOLITAIRE_TYPE } from '../schemas/project-kinds';
import { brandOrigin, call, demoToken, launchChromium, logIn, root, serverAt } from './app-server';

const OUT = path.join(root, 'docs', 'screenshots');
const VIEWPORT = { width: 1280, height: 800 };
const SIGN_UP_LIST = SOLITAIRE_KINDS.find((kind) => kind.solitaireType === SOLITAIRE_TYPE.signUp)!.manage;

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
  const server = await serverAt(process.env.SCREENSHOT_URL, 'screenshots');
  const browser = await launchChromium(chromium);
  try {
    const token = await demoToken(server.base);
    const screens = await firstScreens(server.base, token);
    const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    await logIn(context, server.base, token, Object.keys(screens));
    const page = await context.newPage();
    mkdirSync(OUT, { recursive: true });
    for (const [brand, screen] of Object.entries(screens)) {
      await page.goto(`${brandOrigin(server.base, brand)}${screen}`);
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
