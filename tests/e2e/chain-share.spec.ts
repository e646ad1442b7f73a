import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { laneOrigin } from './support';
import { violationsOf } from './axe-check';
import { PHONE, loginCreator, subject } from './respond-support';
import { closeOtherContextsAfterEach } from './contexts';

/**
 * Issue 47 items 2 and 3 on a phone: a sign-up chain with a cap of 2 and a waitlister is shared from its page —
 * the poster sheet shows the QR code, 复制接龙文本 puts the numbered list with the waitlist and the link on the
 * clipboard (read back through the clipboard permission), and the page's HTML carries its Open Graph card.
 */
const SHOTS = '/tmp/shots-chain-share';
const HOST = () => laneOrigin('jielong.localhost');

async function call<T>(page: { request: Page['request'] }, path: string, body: unknown, token?: string): Promise<T> {
  const answer = await (await page.request.post(`/api/${path}`, { data: body, headers: token ? { token } : {} })).json();
  if (answer.resultCode !== '200') throw new Error(`${path}: ${answer.resultCode} ${answer.resultMsg}`);
  return answer.data as T;
}

async function noOverflow(page: Page, what: string) {
  for (const width of [360, 390, 414]) {
    await page.setViewportSize({ width, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${what}: horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(PHONE);
}

test('sharing a sign-up chain on a phone: QR poster, copied chain text, Open Graph card', async ({ browser, request }) => {
  const token = await loginCreator(request);
  const creator = { request };
  const { questionId } = await call<{ questionId: string }>(
    creator,
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 5, solitaireType: 4, title: '周六羽毛球', subtitle: '3 号馆 14:00–16:00', subjects: [subject(6, { title: '备注' })] },
    token,
  );
  await call(creator, 'activity/question/solitaire/saveChainSetting', { questionId, cap: 2 }, token);
  await call(creator, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token);
  // Three people join from their own phones (no login, each its device key): the third waits.
  const stamp = Date.now();
  for (const [i, name] of ['张三', '李四', '王五'].entries()) {
    const someone = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
    await call({ request: someone }, 'activity/question/solitaire/joinChain', { questionId, deviceId: `share-e2e-${stamp}-${i}`, name });
    await someone.dispose();
  }

  // The server's HTML carries the chain's card for links pasted outside WeChat.
  const html = await (await request.get(`/s/${questionId}`)).text();
  expect(html).toContain('<meta property="og:title" content="周六羽毛球" />');
  expect(html).toContain('<meta property="og:description" content="3 号馆 14:00–16:00" />');

  const context = await browser.newContext({
    viewport: PHONE,
    locale: 'zh-CN',
    isMobile: true,
    hasTouch: true,
    bypassCSP: true,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  await page.goto(`${HOST()}/s/${questionId}`);
  await expect(page.getByRole('heading', { name: '周六羽毛球' })).toBeVisible();
  await expect(page.getByRole('region', { name: '候补名单' }).getByText('王五')).toBeVisible();

  // 分享海报: the poster with the page's QR code, drawn from the server's PNG.
  await page.getByRole('button', { name: '分享海报' }).click();
  const sheet = page.getByRole('dialog', { name: '分享' });
  const poster = sheet.getByTestId('share-poster');
  await expect(poster).toBeVisible();
  expect(await poster.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  expect(await poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
  await expect(sheet.getByRole('link', { name: '保存海报' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/poster.png` });
  expect(await violationsOf(page), 'axe on the share sheet').toEqual([]);
  await noOverflow(page, 'share sheet');
  await sheet.getByRole('button', { name: '复制链接' }).click();
  await expect(sheet.getByRole('button', { name: '已复制链接' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${HOST()}/s/${questionId}`);
  await sheet.getByRole('button', { name: '关闭' }).click();
  await expect(sheet).toBeHidden();

  // 复制接龙文本: one tap, the list as people paste it into the group.
  await page.getByRole('button', { name: '复制接龙文本' }).click();
  await expect(page.getByText('已复制接龙文本，去群里粘贴吧')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    ['#接龙', '周六羽毛球', '', '1. 张三', '2. 李四', '', '候补（1）', '1. 王五', '', `接龙链接：${HOST()}/s/${questionId}`].join('\n'),
  );
  await page.screenshot({ path: `${SHOTS}/copied.png`, fullPage: true });
  expect(await violationsOf(page), 'axe on the chain page with its share bar').toEqual([]);
  await noOverflow(page, 'chain page');
  await context.close();
});

closeOtherContextsAfterEach();
