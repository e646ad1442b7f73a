import { expect, test, type Page } from '@playwright/test';
import { ACCOUNT_PATHS, PHONE_WIDTHS, PUBLIC_PATHS, respondentPages, settle, templatePaths } from './built-routes';
import { loginDemo, useToken } from './respond-support';

// Issue 17.6: at 390 px the marketing home was 462 px wide (the avatar cut off). No public or respondent page
// may scroll sideways or push content past the right edge at 360, 390 or 414 px.
const SHOTS = '/tmp/shots-overflow';
/** The organiser's work screens on a phone (issue 47 item 5): no desktop sidebar, the menu in the header. */
const ORGANISER_PATHS = [
  '/activeManagement.html',
  '/questionnaire/solitaire.html',
  '/questionnaire/createSolitaire.html',
  '/questionnaire/quickSolitaire.html',
  '/questionnaire/quickCheckIn.html',
  '/questionnaire/quickGroupBuy.html',
  // 投票 and 收款 from a phone (issue 47 item 5, helper phone2).
  '/voting/list.html',
  '/voting/create.html',
  '/voting/quick.html',
  '/questionnaire/createOnline.html',
  '/questionnaire/quickOnline.html',
];

/** The page's width past the viewport, and the elements that stick out (outside a sideways-scrolling box). */
function overflowOf(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollsSideways = (el: Element | null): boolean => {
      for (let e = el; e && e !== document.body; e = e.parentElement) {
        const x = getComputedStyle(e).overflowX;
        if ((x === 'auto' || x === 'scroll') && e.scrollWidth > e.clientWidth) return true;
      }
      return false;
    };
    const out: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= width + 1 || getComputedStyle(el).visibility === 'hidden') continue;
      if (el.closest('.r-sr, [data-sr-only]') || scrollsSideways(el.parentElement)) continue;
      const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
      out.push(`${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''} right=${Math.round(box.right)} "${(el.textContent ?? '').trim().slice(0, 20)}"`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, out: out.slice(0, 8) };
  });
}

async function expectNoOverflow(page: Page, label: string) {
  const result = await overflowOf(page);
  expect.soft(result.scrollWidth, `${label}: page is ${result.scrollWidth}px wide at ${result.width}px`).toBeLessThanOrEqual(result.width);
  expect.soft(result.out, `${label}: elements past the right edge`).toEqual([]);
}

test.describe('no horizontal overflow on phones', () => {
  for (const width of PHONE_WIDTHS) {
    test(`public pages at ${width}px`, async ({ page, request }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: 800 });
      for (const path of [...PUBLIC_PATHS, ...(await templatePaths(request))]) {
        await page.goto(path);
        await settle(page);
        if (width === 390) await page.screenshot({ path: `${SHOTS}/public-${path.replace(/[^\w]+/g, '_')}.png`, fullPage: true });
        await expectNoOverflow(page, path);
      }
    });

    test(`public and account pages of a logged-in user at ${width}px (header with avatar)`, async ({ page, request, baseURL }) => {
      test.setTimeout(180_000);
      await useToken(page, await loginDemo(request), baseURL!);
      await page.setViewportSize({ width, height: 800 });
      for (const path of [...PUBLIC_PATHS, ...ACCOUNT_PATHS]) {
        await page.goto(path);
        await settle(page);
        if (width === 360) await page.screenshot({ path: `${SHOTS}/user-${path.replace(/[^\w]+/g, '_')}.png` });
        await expectNoOverflow(page, `${path} (logged in)`);
      }
    });

    test(`organiser's chain, vote and 收款 screens at ${width}px (menu instead of the sidebar)`, async ({ page, request, baseURL }) => {
      test.setTimeout(120_000);
      await useToken(page, await loginDemo(request), baseURL!);
      await page.setViewportSize({ width, height: 800 });
      for (const path of ORGANISER_PATHS) {
        await page.goto(path);
        await settle(page);
        await expect(page.getByRole('button', { name: '打开菜单' })).toBeVisible();
        if (width === 390) await page.screenshot({ path: `${SHOTS}/organiser-${path.replace(/[^\w]+/g, '_')}.png`, fullPage: true });
        await expectNoOverflow(page, `${path} (organiser)`);
      }
    });

    test(`respondent pages at ${width}px`, async ({ page, request }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 800 });
      for (const target of await respondentPages(request)) {
        await page.goto(target.path);
        await settle(page);
        await target.enter?.(page);
        if (width === 390) await page.screenshot({ path: `${SHOTS}/respond-${target.name}.png`, fullPage: true });
        await expectNoOverflow(page, `${target.name} ${target.path}`);
      }
    });
  }
});
