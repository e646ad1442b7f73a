import { expect, test, type APIRequestContext } from '@playwright/test';
import { ROUTE_TABLE } from '../../src/app/route-table';
import { PUBLIC_PATHS, respondentPages, settle, templatePaths } from './built-routes';
import { loginDemo, useToken } from './respond-support';
import { violationsOf, withAxe } from './axe-check';

// Issue 17.12: axe (WCAG 2 A and AA) found colour contrast broken on every built page. Every built route, as a
// visitor, as the logged-in demo creator and as a respondent, on a desktop and on a phone, must come out clean.
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

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

    test('public pages', async ({ page, request }) => {
      test.setTimeout(240_000);
      for (const path of [...PUBLIC_PATHS, ...(await templatePaths(request))]) {
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
