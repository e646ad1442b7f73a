import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ROUTE_TABLE } from '../../src/app/route-table';
import { PUBLIC_PATHS, respondentPages, settle } from './built-routes';
import { loginDemo, useToken } from './respond-support';

// Issue 17.12: axe (WCAG 2 A and AA) found colour contrast broken on every built page. Every built route, as a
// visitor, as the logged-in demo creator and as a respondent, on a desktop and on a phone, must come out clean.
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

interface TViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * axe is given to the page once, as a script every document of the top frame runs before its own (frames are left
 * as they were: axe is not put into them): sending the 560 kB source with each page took ~0.26 s of each of the
 * sweep's ~170 pages, and compiling it afresh another ~0.1 s.
 */
async function withAxe(page: Page): Promise<void> {
  await page.addInitScript({ content: `if (window === window.top) {\n${AXE}\n}` });
}

async function violationsOf(page: Page): Promise<string[]> {
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: TViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, resultTypes: ['violations'] });
    return result.violations;
  });
  return found.map(
    (v) =>
      `${v.id} ×${v.nodes.length}: ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.split('\n').slice(1, 2).join('').trim()})` : ''}`)
        .join(' | ')}`,
  );
}

/** The creator's pages, with the demo account's seeded survey where a page works on one project. */
async function creatorPaths(request: APIRequestContext, token: string): Promise<string[]> {
  const answer = await (
    await request.post('/api/activity/question/getWxQuestionList', { data: { questionType: 1, page: 1, pageSize: 20 }, headers: { token } })
  ).json();
  const survey = (answer.data.list as { title: string; questionId: string }[]).find((p) => p.title === '2026 年度客户满意度调查');
  expect(survey, 'the demo account holds its sample survey').toBeDefined();
  return ROUTE_TABLE.filter((r) => !r.public && !r.placeholder && !r.redirect && !r.path.startsWith('/dev/')).map((r) =>
    r.kind && (r.layout === 'bare' || r.wide) ? `${r.path}?questionId=${survey!.questionId}` : r.path,
  );
}

for (const viewport of VIEWPORTS) {
  test.describe(`axe WCAG 2 A/AA on a ${viewport.name}`, () => {
    // The pages' CSP forbids inline scripts; axe is injected by the test only.
    test.use({ viewport: { width: viewport.width, height: viewport.height }, bypassCSP: true });
    test.beforeEach(({ page }) => withAxe(page));

    test('public pages', async ({ page }) => {
      test.setTimeout(240_000);
      for (const path of PUBLIC_PATHS) {
        await page.goto(path);
        await settle(page);
        expect.soft(await violationsOf(page), path).toEqual([]);
      }
    });

    test('creator pages', async ({ page, request, baseURL }) => {
      test.setTimeout(300_000);
      const token = await loginDemo(request);
      await useToken(page, token, baseURL!);
      for (const path of await creatorPaths(request, token)) {
        await page.goto(path);
        await settle(page);
        expect.soft(await violationsOf(page), path).toEqual([]);
      }
    });

    test('respondent pages', async ({ page, request }) => {
      test.setTimeout(120_000);
      for (const target of await respondentPages(request)) {
        await page.goto(target.path);
        await settle(page);
        await target.enter?.(page);
        expect.soft(await violationsOf(page), `${target.name} ${target.path}`).toEqual([]);
      }
    });
  });
}
