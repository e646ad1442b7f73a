import { expect, test } from '@playwright/test';
import { violationsOf } from './axe-check';
import { call, HOST, join, joinedList, noOverflow, phone, waitList } from './chain-support';
import { DESKTOP, loginCreator, subject, useToken } from './respond-support';
import { closeOtherContextsAfterEach } from './contexts';

/**
 * Notices that reach people (issue 47 item 4) on phones: three participants join a chain of 2 places, the third
 * waits without leaving a phone and goes away; one withdraws; when the promoted participant opens the page again
 * it shows them on the list and tells them once; the organiser sees the notice recorded as shown on the page.
 */
const SHOTS = '/tmp/shots-notices';

test('a waitlister promoted while away is told on the page at the next visit, and the organiser sees it recorded', async ({ browser, request }) => {
  const token = await loginCreator(request);
  const creator = { request };
  const { questionId } = await call<{ questionId: string }>(
    creator,
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 5, solitaireType: 4, title: '周六羽毛球', subtitle: '名额 2 人', subjects: [subject(6, { title: '备注' })] },
    token,
  );
  await call(creator, 'activity/question/solitaire/saveChainSetting', { questionId, cap: 2 }, token);
  await call(creator, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token);

  const [a, b, c] = [await phone(browser, questionId), await phone(browser, questionId), await phone(browser, questionId)];
  await join(a, '张三');
  await expect(a.getByRole('status')).toContainText('你是第 1 号');
  await join(b, '李四');
  await expect(b.getByRole('status')).toContainText('你是第 2 号');
  await join(c, '王五');
  await expect(c.getByRole('status')).toHaveText('名额已满，你已进入候补（第 1 位），有人退出时按顺序递补');
  // Their switch is on: notices reach them unless they turn it off.
  await expect(c.getByRole('checkbox', { name: '有变动时通知我（如候补转正）' })).toBeChecked();
  expect(await violationsOf(c), 'axe on the waitlisted page with the notice switch').toEqual([]);

  // 王五 leaves the page (the phone goes to another app); 张三 withdraws and 王五 is promoted meanwhile.
  const away = c.context();
  await c.close();
  await a.getByRole('region', { name: '接龙名单' }).getByRole('button', { name: '退出' }).click();
  await a.getByRole('button', { name: '确认退出' }).click();
  await expect(joinedList(b).getByTestId('chain-row')).toHaveText([/^1\.李四/, /^2\.王五/]);

  // The next visit: 王五's page has them on the list and tells them, once.
  const back = await away.newPage();
  await back.goto(`${HOST()}/s/${questionId}`);
  await expect(back.getByRole('status')).toHaveText('王五，你在「周六羽毛球」的候补已转为正式报名，现排第 2 位。');
  await expect(joinedList(back).getByTestId('chain-row')).toHaveText([/^1\.李四/, /^2\.王五/]);
  await expect(waitList(back)).toHaveCount(0);
  await back.screenshot({ path: `${SHOTS}/phone-told.png`, fullPage: true });
  expect(await violationsOf(back), 'axe on the page with its notice').toEqual([]);
  await noOverflow(back);
  await back.reload();
  await expect(joinedList(back).getByText('王五')).toBeVisible();
  await expect(back.getByRole('status')).toHaveCount(0);

  // The organiser's 通知记录: the notice, how it went and its outcome.
  const desk = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN', bypassCSP: true });
  const manage = await desk.newPage();
  await useToken(manage, token, HOST());
  await manage.goto(`${HOST()}/questionnaire/solitaireList.html?questionId=${questionId}`);
  const notices = manage.getByRole('region', { name: '通知记录' });
  await expect(notices.getByRole('listitem')).toHaveText([/^王五 · 候补转正 · 页面已在页面显示/]);
  await notices.screenshot({ path: `${SHOTS}/desktop-notices.png` });
});

closeOtherContextsAfterEach();
