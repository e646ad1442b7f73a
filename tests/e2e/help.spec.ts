import { expect, test, type Page } from '@playwright/test';
import { settle } from './built-routes';
import { laneOrigin } from './support';

// Issue 48 acceptance: search the help centre for a Chinese phrase, open the hit, vote 有用; the vote counts once
// and stays marked on the next visit. Per brand: 接龙通 shows its own getting-started guide.
const SHOTS = '/tmp/shots-help';

const I = (page: Page) => ({
  async search(words: string) {
    await page.getByRole('searchbox', { name: '搜索帮助文章' }).fill(words);
    await page.getByRole('button', { name: '搜索', exact: true }).click();
  },
  hit: (title: RegExp) => page.getByRole('link', { name: title }),
  usefulCount: () => page.getByTestId('useful-count'),
});

test('search the help centre in Chinese, open the hit and vote 有用', async ({ page }) => {
  await page.goto('/help.html');
  await expect(page.getByRole('heading', { name: '新手入门' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '热门文章' })).toBeVisible();
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/home-desktop.png`, fullPage: true });

  await I(page).search('随机抽题');
  await expect(page).toHaveURL(/\/help\/search\.html\?keyword=/);
  await expect(page.getByText('找到 2 篇与“随机抽题”相关的文章')).toBeVisible();
  const hit = I(page).hit(/^随机抽题与打乱顺序$/);
  await expect(hit.locator('mark')).toHaveText('随机抽题');
  await page.screenshot({ path: `${SHOTS}/search-desktop.png`, fullPage: true });

  await hit.click();
  await expect(page.getByRole('heading', { level: 1, name: '随机抽题与打乱顺序' })).toBeVisible();
  await expect(page).toHaveTitle('随机抽题与打乱顺序 - 问卷通');
  await expect(page.getByTestId('read-count')).toContainText('次阅读');
  const before = Number(await I(page).usefulCount().textContent());
  await page.getByRole('button', { name: /有用/ }).click();
  await expect(page.getByText('感谢你的评价')).toBeVisible();
  await expect(I(page).usefulCount()).toHaveText(String(before + 1));
  await page.screenshot({ path: `${SHOTS}/article-desktop.png`, fullPage: true });

  // The next visit shows the vote taken, and the server still counts it once.
  await page.reload();
  await expect(page.getByRole('button', { name: /有用/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(I(page).usefulCount()).toHaveText(String(before + 1));
});

test('on a phone, per brand: 接龙通 opens its own guide from the home page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${laneOrigin('jielong.localhost')}/help.html`);
  await page.getByRole('link', { name: '接龙通快速入门：发起一个报名接龙' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: '接龙通快速入门：发起一个报名接龙' })).toBeVisible();
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/article-phone.png`, fullPage: true });
  await page.goto(`${laneOrigin('jielong.localhost')}/help.html`);
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/home-phone.png`, fullPage: true });
  await page.goto(`${laneOrigin('jielong.localhost')}/help/search.html?keyword=${encodeURIComponent('候补')}`);
  await expect(page.locator('mark').first()).toHaveText('候补');
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/search-phone.png`, fullPage: true });
});
