import { expect, test, type Page } from '@playwright/test';
import { loginCreator } from './respond-support';
import { publishVote, SHOTS, voterPage } from './vote-page-support';

// The voting page on phones from 360 to 414 px (and a desktop browser): nothing scrolls sideways, every
// control is at least 40 px high, and the screenshots are looked at.
const NAMES = Array.from({ length: 26 }, (_, i) => `第${i + 1}位参赛选手${i % 3 === 0 ? '（高一年级三班）' : ''}`);

async function problems(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = Array.from(document.body.querySelectorAll('*'))
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.right > width + 1 && !el.closest('.v-sr');
      })
      .map((el) => `${el.tagName.toLowerCase()}.${String((el as HTMLElement).className).split(' ')[0]}`);
    const small = Array.from(document.querySelectorAll('button, a[href], input:not(.v-sr), select, textarea'))
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && box.height < 40;
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 16)}" ${Math.round(el.getBoundingClientRect().height)}px`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, width, wide: wide.slice(0, 8), small: small.slice(0, 8) };
  });
}

test('the voting page fits phones of 360 to 414 px with touch targets of 40 px, and a desktop window', async ({ browser, request }) => {
  const token = await loginCreator(request);
  const voteId = await publishVote(request, token, {
    title: '第三届校园十佳歌手网络人气评选——为你心中的好声音投上宝贵一票',
    names: NAMES,
    description: '<p>投票规则：每人每天可投 3 票。</p>',
    settings: { comments: true, signUp: true },
  });
  for (const width of [360, 390, 414]) {
    const page = await voterPage(browser, { width, height: 844 });
    await page.goto(`/v/${voteId}`);
    await expect(page.getByRole('article').first()).toBeVisible();
    const found = await problems(page);
    expect(found.scrollWidth, `page width at ${width}px`).toBeLessThanOrEqual(found.width);
    expect(found.wide, `past the right edge at ${width}px`).toEqual([]);
    expect(found.small, `touch targets under 40px at ${width}px`).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/phone-${width}.png` });
    // Infinite scroll: the rest of the 26 players arrive as the list's end comes into view.
    await page.getByRole('article').last().scrollIntoViewIfNeeded();
    await expect(page.getByRole('article')).toHaveCount(26);
    await page.screenshot({ path: `${SHOTS}/phone-${width}-full.png`, fullPage: true });
    for (const tab of ['评论', '我要报名'] as const) {
      await page.getByRole('tab', { name: tab }).click();
      const inTab = await problems(page);
      expect(inTab.wide, `${tab} at ${width}px`).toEqual([]);
      expect(inTab.small, `${tab} touch targets at ${width}px`).toEqual([]);
      if (width !== 390) await page.screenshot({ path: `${SHOTS}/phone-${width}-${tab === '评论' ? 'comments' : 'signup'}.png`, fullPage: true });
    }
    await page.context().close();
  }
  const desktop = await voterPage(browser, { width: 1440, height: 900 });
  await desktop.goto(`/v/${voteId}`);
  await expect(desktop.getByRole('article').first()).toBeVisible();
  await desktop.screenshot({ path: `${SHOTS}/desktop-1440.png` });
  await desktop.getByRole('button', { name: '分享海报' }).click();
  const poster = desktop.getByTestId('poster');
  await expect(poster).toBeVisible();
  expect(await poster.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  await desktop.screenshot({ path: `${SHOTS}/desktop-poster.png` });
});
