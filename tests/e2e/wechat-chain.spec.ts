import { expect, test } from '@playwright/test';
import { DESKTOP, loginCreator, PHONE, useToken } from './respond-support';
import { call, HOST, join, joinedList } from './chain-support';
import { ACCOUNT, bindOfficialAccount, waitForWechatPlatform, wechatPhone } from './wechat-support';
import { closeOtherContextsAfterEach } from './contexts';

/**
 * Issue 47 item 1 for chains against the fake WeChat this lane's server talks to (tests/e2e/serve-with-fake-wechat.ts):
 * the organiser binds an official account, turns on 仅限微信授权参与 in the chain's settings, and two WeChat users
 * open the sign-up page from two browsers each (WeChat's user agent, the fake's cookie saying who is signed in):
 * each authorises, the first browser of each joins, the second sees its entry as its own → two entries.
 * Outside WeChat the page asks to open it in WeChat.
 */
const SHOTS = '/tmp/shots-wechat-chain';

test('a 仅限微信授权参与 sign-up chain joined by two WeChat users from two browsers each shows two entries', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const token = await loginCreator(request);
  const creator = { request };
  const { questionId } = await call<{ questionId: string }>(
    creator,
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 5, solitaireType: 4, title: '周日爬山', subtitle: '早上 8 点地铁站集合' },
    token,
  );
  await call(creator, 'activity/question/solitaire/saveChainSetting', { questionId, cap: 10 }, token);

  // The organiser binds the official account (the fake WeChat agrees at once), then turns the option on.
  await waitForWechatPlatform(request, token);
  const desk = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
  const manage = await desk.newPage();
  await useToken(manage, token, HOST());
  await manage.goto(`${HOST()}/questionnaire/solitaireList.html?questionId=${questionId}`);
  await expect(manage.getByTestId('chain-wechat-hint')).toContainText('去授权绑定公众号');
  await bindOfficialAccount(manage, HOST());
  await manage.goto(`${HOST()}/questionnaire/solitaireList.html?questionId=${questionId}`);
  await manage.getByLabel(/仅限微信授权参与/).check();
  await expect(manage.getByLabel('授权参与的公众号')).toHaveText(ACCOUNT);
  await manage.screenshot({ path: `${SHOTS}/manage-desktop.png`, fullPage: true });
  await manage.getByRole('button', { name: '保存设置' }).click();
  await expect(manage.getByText('设置已保存').first()).toBeVisible();
  await call(creator, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token);
  await manage.setViewportSize(PHONE);
  await manage.reload();
  await expect(manage.getByLabel(/仅限微信授权参与/)).toBeChecked();
  await manage.screenshot({ path: `${SHOTS}/manage-phone.png`, fullPage: true });

  // Outside WeChat: the list is readable, joining asks to open the page in WeChat.
  const plain = await browser.newContext({ viewport: PHONE, locale: 'zh-CN' });
  const outside = await plain.newPage();
  await outside.goto(`${HOST()}/s/${questionId}`);
  await expect(outside.getByTestId('chain-wechat-outside')).toBeVisible();
  await expect(outside.getByPlaceholder('请输入姓名')).toHaveCount(0);
  await outside.screenshot({ path: `${SHOTS}/outside-wechat.png`, fullPage: true });
  await plain.close();

  const link = await call<{ url: string }>(
    creator,
    'activity/question/solitaire/getChainWechatAuthUrl',
    { questionId, redirectPath: `/s/${questionId}` },
    token,
  );
  const fakeOrigin = new URL(link.url).origin;
  for (const [user, name] of [
    ['alice', '张三'],
    ['bob', '李四'],
  ] as const) {
    const first = await wechatPhone(browser, fakeOrigin, user, questionId, '周日爬山');
    await join(first, name);
    await expect(first.getByRole('status').first()).toContainText('接龙成功');
    const second = await wechatPhone(browser, fakeOrigin, user, questionId, '周日爬山');
    // Another browser of the same WeChat user: the entry is theirs there too, and there is nothing to join twice.
    await expect(joinedList(second).getByRole('button', { name: '退出' })).toHaveCount(1);
    await expect(second.getByPlaceholder('请输入姓名')).toHaveCount(0);
    if (user === 'bob') await second.screenshot({ path: `${SHOTS}/second-browser.png`, fullPage: true });
    await first.context().close();
    await second.context().close();
  }
  const view = await call<{ entries: { name: string }[] }>(creator, 'activity/question/solitaire/getChain', { questionId }, token);
  expect(view.entries.map((e) => e.name)).toEqual(['张三', '李四']);
  await desk.close();
});

closeOtherContextsAfterEach();
