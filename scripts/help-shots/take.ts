/**
 * Takes one help shot (./shots.ts) in a logged-in page: opens the screen with the demo data, runs its steps, checks
 * that every element the article names is on the screen, and returns the PNG with its colours reduced to a palette
 * (like the README's screenshots) so each image stays small. Shared by scripts/help-screenshots.ts and
 * tests/e2e/help-shots.spec.ts.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { call } from '../app-server';
import { SHOT_VIEWPORTS, type TNamed, type THelpShot } from './shots';

/** The demo projects the routes' placeholders name, found by their seeded titles. */
export type TDemoProjects = Record<'survey' | 'chain' | 'vote' | 'online' | 'appoint', string>;

const DEMO_TITLES = {
  survey: '2026 年度客户满意度调查',
  chain: '周六羽毛球活动报名',
  online: '秋季亲子运动会报名缴费',
  appoint: '口腔健康检查预约',
} as const;

export async function demoProjects(base: string, token: string): Promise<TDemoProjects> {
  type TList = { list: { questionId: string; title: string }[] };
  const found: Partial<TDemoProjects> = {};
  for (const questionType of [1, 5, 6, 7]) {
    const { list } = await call<TList>(base, 'activity/question/getWxQuestionList', { questionType, page: 1, pageSize: 50 }, { token });
    for (const [key, title] of Object.entries(DEMO_TITLES)) {
      const project = list.find((p) => p.title === title);
      if (project) found[key as keyof typeof DEMO_TITLES] = project.questionId;
    }
  }
  const votes = await call<{ list: { voteId: string }[] }>(base, 'activity/vote/getVoteList', { page: 1, pageSize: 10 }, { token, host: 'toupiao.localhost' });
  found.vote = votes.list[0]?.voteId;
  const missing = Object.entries({ ...DEMO_TITLES, vote: '投票' }).filter(([key]) => !found[key as keyof TDemoProjects]);
  if (missing.length) throw new Error(`the demo account has no ${missing.map(([, title]) => title).join('、')} (is the demo seed on?)`);
  return found as TDemoProjects;
}

export const shotRoute = (shot: THelpShot, demo: TDemoProjects): string =>
  shot.route.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(demo[key as keyof TDemoProjects] ?? `{${key}}`));

const byName = (page: Page, named: TNamed) => page.getByRole(named.role, { name: named.name, exact: true }).first();
const describe = (named: TNamed) => `${named.role} “${named.name}”`;

async function runSteps(page: Page, shot: THelpShot): Promise<void> {
  for (const step of shot.steps ?? []) {
    const target = byName(page, step);
    if (step.ifShown) {
      const shown = await target.waitFor({ state: 'visible', timeout: 3_000 }).then(
        () => true,
        () => false,
      );
      if (shown) await target.click();
      continue;
    }
    await target.click({ timeout: 10_000 }).catch(() => {
      throw new Error(`help shot ${shot.id}: the step's ${describe(step)} is not on ${shot.route}`);
    });
  }
}

/** Every named element that is not visible on the page (each waited for a while, the screen may still load). */
async function missingNames(page: Page, shot: THelpShot): Promise<string[]> {
  const missing: string[] = [];
  for (const named of shot.names) {
    const seen = await byName(page, named)
      .waitFor({ state: 'visible', timeout: 8_000 })
      .then(
        () => true,
        () => false,
      );
    if (!seen) missing.push(describe(named));
  }
  return missing;
}

/** Opens the shot's screen at `origin` (its brand's host) and returns the palette PNG; throws when a named element is missing. */
export async function takeShot(page: Page, origin: string, shot: THelpShot, demo: TDemoProjects): Promise<Buffer> {
  await page.setViewportSize(SHOT_VIEWPORTS[shot.viewport]);
  await page.goto(`${origin}${shotRoute(shot, demo)}`);
  await page.waitForLoadState('networkidle');
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 15_000 });
  // A first visit's hint (where deleted projects go) is put away, as a newcomer would.
  const hint = page.getByRole('button', { name: '知道了' });
  if (await hint.isVisible()) await hint.click();
  await runSteps(page, shot);
  const missing = await missingNames(page, shot);
  if (missing.length) throw new Error(`help shot ${shot.id}: not on ${shot.route}: ${missing.join(', ')}`);
  await page.evaluate(() => document.fonts.ready);
  // Charts and popovers draw with a short animation; the pointer is moved off what a step clicked.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(800);
  return sharp(await page.screenshot())
    .png({ palette: true, quality: 90, compressionLevel: 9, effort: 10 })
    .toBuffer();
}
