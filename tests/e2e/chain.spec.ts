import { expect, test } from '@playwright/test';
import { apiCall } from './editor-model';
import { violationsOf } from './axe-check';
import { DESKTOP, loginCreator, subject, useToken } from './respond-support';
import { call, HOST, join, joinedList, noOverflow, phone, waitList } from './chain-support';
import { closeOtherContextsAfterEach } from './contexts';

/**
 * Sign-up chain (issue 20 items 1 and 4) on the 接龙通 host: a chain with a cap of 3 opened on phones; each
 * join appears on the other pages without a reload (server-sent events), the fourth joiner waits (leaving a phone)
 * and is promoted when someone withdraws: their own page says so at once and a text goes to the phone (issue 43
 * item 4); the lists number 1…n again after the creator removes someone, and the creator's list follows live.
 */
const SHOTS = '/tmp/shots-chain';

test('sign-up chain: live list across phones, cap 3 with a waitlist promoted on withdraw', async ({ browser, request }) => {
  const token = await loginCreator(request);
  const creator = { request };
  const created = await call<{ questionId: string }>(
    creator,
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 5, solitaireType: 4, title: '周六羽毛球', subtitle: '3 号馆 14:00–16:00，名额 3 人', subjects: [subject(6, { title: '备注' })] },
    token,
  );
  const { questionId } = created;
  await call(creator, 'activity/question/solitaire/saveChainSetting', { questionId, cap: 3 }, token);
  await call(creator, 'activity/question/solitaire/pinChainNote', { questionId, note: '自带球拍，场地费 AA' }, token);
  await call(creator, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token);

  const desk = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN', bypassCSP: true });
  const manage = await desk.newPage();
  await useToken(manage, token, HOST());
  // Promotion texts take the owner's SMS count (issue 46): the organiser recharges in the sandbox and buys 100 texts.
  await manage.goto(`${HOST()}/accountRecharge/index.html`);
  await manage.getByRole('button', { name: '立即充值 ¥100.00' }).click();
  await expect(manage).toHaveURL(/\/pay\/sandbox\/R\d{20}$/);
  await manage.getByRole('button', { name: '确认支付' }).click();
  await expect(manage.getByTestId('balance')).toHaveText('¥100.00');
  expect((await call<{ quota: { remaining: number } }>(creator, 'active/pay/getBalancePay', { packageId: 'sms-100' }, token)).quota.remaining).toBe(100);
  await manage.goto(`${HOST()}/questionnaire/solitaireList.html?questionId=${questionId}`);
  await expect(manage.getByRole('heading', { name: '周六羽毛球' })).toBeVisible();

  const a = await phone(browser, questionId);
  const b = await phone(browser, questionId);
  await expect(a.getByText('还没有人接龙')).toBeVisible();
  await expect(a.getByText('自带球拍，场地费 AA')).toBeVisible();

  await join(a, '张三', '带两支拍');
  await expect(a.getByRole('status')).toContainText('你是第 1 号');
  // The other phone sees the entry without a reload.
  await expect(joinedList(b).getByText('张三')).toBeVisible();
  await join(b, '李四');
  await expect(joinedList(a).getByText('李四')).toBeVisible();
  await expect(a.getByTestId('chain-count')).toHaveText('已报名 2/3 人');

  const c = await phone(browser, questionId);
  await join(c, '王五');
  await expect(b.getByTestId('chain-count')).toHaveText('已报名 3/3 人');
  const d = await phone(browser, questionId);
  await expect(d.getByRole('button', { name: '加入候补' })).toBeDisabled();
  await expect(d.getByPlaceholder('转为正式报名时短信通知你')).toBeVisible();
  expect(await violationsOf(d), 'axe on the waitlist form with its phone field').toEqual([]);
  const phoneNo = `139${String(Date.now()).slice(-8)}`;
  await join(d, '赵六', '', phoneNo);
  await expect(d.getByRole('status')).toHaveText('名额已满，你已进入候补（第 1 位），有人退出时按顺序递补，转为正式报名时短信通知你');
  await d.screenshot({ path: `${SHOTS}/phone-waitlisted.png`, fullPage: true });
  expect(await violationsOf(d), 'axe on the waitlisted phone page').toEqual([]);
  await expect(waitList(a).getByText('赵六')).toBeVisible();
  await expect(manage.getByTestId('manage-counts')).toContainText('候补 1');
  await a.screenshot({ path: `${SHOTS}/phone-list.png`, fullPage: true });
  await noOverflow(a);

  // 张三 withdraws: 赵六 is promoted on every page and told on their own, 张三 shows as withdrawn to the creator.
  await a.getByRole('region', { name: '接龙名单' }).getByRole('button', { name: '退出' }).click();
  await a.getByRole('button', { name: '确认退出' }).click();
  await expect(joinedList(d).getByText('赵六')).toBeVisible();
  await expect(d.getByRole('status')).toHaveText('候补成功！你已转为正式报名，现排第 3 号');
  await expect(d.getByText(/候补（第/)).toHaveCount(0);
  // …and by a text to the phone they left (the development outbox stands in for the SMS provider).
  await expect
    .poll(async () => ((await apiCall(b.request, 'dev/outbox', { phone: phoneNo })).data as { text: string }[]).map((m) => m.text))
    .toEqual(['【接龙通】赵六，你在「周六羽毛球」的候补已转为正式报名，现排第 3 位。']);
  await expect(d.getByRole('region', { name: '候补名单' })).toHaveCount(0);
  expect(await violationsOf(d), 'axe on the promoted phone page').toEqual([]);
  await expect(joinedList(b).getByText('张三')).toHaveCount(0);
  await expect(b.getByTestId('chain-count')).toHaveText('已报名 3/3 人');
  const rows = manage.getByTestId('manage-row');
  await expect(rows).toHaveCount(4);
  await expect(rows.first()).toContainText('已退出');
  await expect(rows.last()).toContainText('已报名');
  // The creator sees the notice recorded with its outcome (issue 47 item 4).
  await expect(manage.getByTestId('notice-list').getByRole('listitem')).toHaveText([/^赵六 · 候补转正 · 短信（139\*{4}\d{4}）已发送/]);
  await d.screenshot({ path: `${SHOTS}/phone-promoted.png`, fullPage: true });
  // Numbered 1…n: 李四, 王五, 赵六 are 1, 2, 3 (张三, who left, was the first to arrive).
  await expect(joinedList(b).getByTestId('chain-row')).toHaveText([/^1\.李四/, /^2\.王五/, /^3\.赵六/]);

  // The creator removes 王五: every list numbers 1…n again; the creator's table keeps the arrival order.
  const wang = rows.filter({ hasText: '王五' });
  await wang.getByRole('button', { name: '移除' }).click();
  await manage.getByRole('textbox', { name: '移除原因' }).fill('临时有事');
  await manage.getByRole('button', { name: '确认移除' }).click();
  await expect(joinedList(d).getByTestId('chain-row')).toHaveText([/^1\.李四/, /^2\.赵六/]);
  await expect(joinedList(b).getByTestId('chain-row')).toHaveText([/^1\.李四/, /^2\.赵六/]);
  await expect(rows.filter({ hasText: '赵六' })).toContainText('第 4 个');
  await expect(rows.filter({ hasText: '赵六' }).locator('td').first()).toHaveText('2');
  await d.screenshot({ path: `${SHOTS}/phone-renumbered.png`, fullPage: true });
  await noOverflow(d);
  await manage.screenshot({ path: `${SHOTS}/desktop-manage.png`, fullPage: true });
  expect(await violationsOf(manage), 'axe on the creator’s list with both numbers').toEqual([]);
});

closeOtherContextsAfterEach();
