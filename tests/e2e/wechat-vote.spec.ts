import { expect, test, type Browser } from '@playwright/test';
import { codeFor, laneOrigin, newPhone } from './support';
import { call, publishVote, Voter } from './vote-page-support';
import { closeOtherContextsAfterEach } from './contexts';

/**
 * Issue 47 item 1 (and issue 46's configured WeChat binding) against the fake WeChat this lane's server talks to
 * (tests/e2e/serve-with-fake-wechat.ts): the owner binds an official account on /bindingServicer/index.html, sets a
 * running vote to 微信授权 in its rules, and two WeChat users vote from several browsers each (WeChat's in-app
 * browser: its user agent, and the fake's cookie saying who is signed in to WeChat) → counted once each.
 */
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x18003237) NetType/WIFI Language/zh_CN';
const ACCOUNT = '投票测试服务号';
const PHONE = { width: 390, height: 844 };

async function owner(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, bypassCSP: true, viewport: { width: 1280, height: 800 } });
  const phone = newPhone();
  await context.request.post('/api/activity/user/sendSms', { data: { phone } });
  const answer = await (await context.request.post('/api/activity/user/login', { data: { phone, code: await codeFor(context.request, phone) } })).json();
  expect(answer.resultCode).toBe('200');
  return { context, token: answer.data.token as string };
}

/** A browser of WeChat user `user`: WeChat's user agent, a phone's size, signed in to (the fake) WeChat. */
async function wechatBrowser(browser: Browser, baseURL: string, fakeOrigin: string, user: string) {
  const context = await browser.newContext({ baseURL, viewport: PHONE, hasTouch: true, isMobile: true, userAgent: WECHAT_UA });
  await context.addCookies([{ name: 'fakewx_user', value: user, url: fakeOrigin }]);
  return context;
}

test('an owner binds an official account, runs a 微信授权 vote, and two WeChat users count once each however many browsers they use', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const me = await owner(browser, baseURL!);
  const page = await me.context.newPage();

  // The binding page is configured (no 尚未配置 notice) once WeChat's ticket has arrived; 授权绑定 goes to WeChat and back.
  await expect.poll(async () => (await (await me.context.request.post('/api/activity/component/getPreAuthCode', { data: {} })).json()).resultCode).toBe('200');
  await page.goto('/bindingServicer/index.html');
  await expect(page.getByText('点击「授权绑定」，用公众号或小程序管理员的微信扫码授权')).toBeVisible();
  await expect(page.getByTestId('wechat-not-configured')).toHaveCount(0);
  await page.getByRole('button', { name: '授权绑定' }).click();
  await expect(page.getByText(ACCOUNT).first()).toBeVisible();
  await expect(page).toHaveURL(/\/bindingServicer\/index\.html$/);

  // A running vote, set to 微信授权 in its rules on the 投票通 host.
  const voteId = await publishVote(me.context.request, me.token, {
    title: '微信授权投票',
    names: ['张三', '李四'],
    settings: { limitScope: 'activity', votesPerVoter: 1 },
  });
  const toupiao = laneOrigin('toupiao.localhost');
  await me.context.addCookies([{ name: 'token', value: me.token, url: toupiao }]);
  await page.goto(`${toupiao}/voting/add.html?voteId=${voteId}`);
  await page.getByRole('button', { name: /投票规则/ }).click();
  await page.getByLabel('投票身份验证').selectOption('wechat');
  await expect(page.getByLabel('授权投票的公众号')).toHaveText(ACCOUNT);
  await page.getByRole('button', { name: '保存投票规则' }).click();
  await expect(page.getByText('投票规则已保存').first()).toBeVisible();

  // Outside WeChat the voting page asks to open it in WeChat.
  const plain = await browser.newContext({ baseURL, viewport: PHONE });
  const outside = await plain.newPage();
  await outside.goto(`/v/${voteId}`);
  await Voter(outside).vote('张三');
  await expect(outside.getByRole('dialog', { name: '请在微信中打开' })).toBeVisible();
  await plain.close();

  const link = await call<{ url: string }>(me.context.request, 'activity/vote/getVoteWechatAuthUrl', { voteId, redirectPath: `/v/${voteId}` });
  const fakeOrigin = new URL(link.url).origin;
  for (const [user, browsers] of [
    ['alice', 3],
    ['bob', 2],
  ] as const) {
    for (let n = 0; n < browsers; n++) {
      const context = await wechatBrowser(browser, baseURL!, fakeOrigin, user);
      const voter = await context.newPage();
      const v = Voter(voter);
      await voter.goto(`/v/${voteId}`);
      await v.vote('张三');
      await voter.getByRole('dialog', { name: '微信授权后投票' }).getByRole('button', { name: '微信授权' }).click();
      // Back from WeChat: the code is taken, the identity kept for this vote, the address clean.
      // (The page navigates away to WeChat and back meanwhile: a read during the navigation counts as not yet.)
      const identity = () => voter.evaluate((key) => localStorage.getItem(key), `wj_vote_wx_${voteId}`).catch(() => null);
      await expect.poll(identity).not.toBeNull();
      await expect(voter).toHaveURL(new RegExp(`/v/${voteId}$`));
      await v.vote('张三');
      await v.seeToast(n === 0 ? '投票成功，票数已用完' : '您的投票次数已用完');
      await context.close();
    }
  }

  const players = await call<{ list: { name: string; votes: number }[] }>(me.context.request, 'activity/player/getPlayerList', { voteId }, me.token);
  expect(players.list.find((p) => p.name === '张三')!.votes).toBe(2);
  await me.context.close();
});

closeOtherContextsAfterEach();
