import { expect, test, type Page } from '@playwright/test';
import { QUERY_MESSAGES } from '../../schemas/api/result-query';
import { violationsOf } from './axe-check';
import { call, HOST, joinedList, noOverflow, phone } from './chain-support';
import { DESKTOP, loginCreator, subject, useToken } from './respond-support';
import { codeFor } from './support';
import { closeOtherContextsAfterEach } from './contexts';

/**
 * 结果查询 of a sign-up chain (issue 48 item 4): the organiser switches it on in the chain's settings; two people join
 * from their phones leaving their numbers; one looks up their place at /activityquery.html by phone + SMS code, and
 * a number that never joined finds nothing.
 */
const SHOTS = '/tmp/shots-query';

async function queryByPhone(page: Page, request: Parameters<typeof codeFor>[0], number: string) {
  await page.getByLabel('手机号').fill(number);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('status')).toContainText('验证码已发送');
  await page.getByLabel('短信验证码').fill(await codeFor(request, number));
  await page.getByRole('button', { name: '查询', exact: true }).click();
}

test('a chain participant looks up their own place by phone + SMS code; another number finds nothing', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const token = await loginCreator(request);
  const creator = { request };
  const { questionId } = await call<{ questionId: string }>(
    creator,
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 5, solitaireType: 4, title: '周六羽毛球', subtitle: '3 号馆 14:00–16:00', subjects: [subject(6, { title: '备注' })] },
    token,
  );
  await call(creator, 'activity/question/solitaire/saveChainSetting', { questionId, cap: 10 }, token);
  await call(creator, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token);

  // The organiser turns 结果查询 on in the chain's settings.
  const desk = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
  const manage = await desk.newPage();
  await useToken(manage, token, HOST());
  await manage.goto(`${HOST()}/questionnaire/solitaireList.html?questionId=${questionId}`);
  await manage.getByRole('checkbox', { name: /开启结果查询/ }).check();
  await manage.getByRole('button', { name: '保存设置' }).click();
  const link = manage.getByRole('link', { name: /activityquery\.html/ });
  await expect(link).toHaveAttribute('href', `/activityquery.html?questionId=${questionId}`);
  await manage
    .locator('form')
    .filter({ has: manage.getByRole('heading', { name: '接龙设置' }) })
    .screenshot({ path: `${SHOTS}/chain-settings.png` });

  const stamp = String(Date.now()).slice(-7);
  const zhang = `138${stamp}1`;
  const li = `138${stamp}2`;
  const stranger = `138${stamp}3`;
  const a = await phone(browser, questionId);
  await a.getByPlaceholder('请输入姓名').fill('张三');
  await expect(a.getByText('用于在结果查询页查看自己的名次，不会显示在名单上')).toBeVisible();
  await a.getByPlaceholder('凭手机号查询接龙结果').fill(zhang);
  await a.getByRole('button', { name: '接龙', exact: true }).click();
  await expect(a.getByRole('status')).toContainText('你是第 1 号');
  const b = await phone(browser, questionId);
  await b.getByPlaceholder('请输入姓名').fill('李四');
  await b.getByPlaceholder('凭手机号查询接龙结果').fill(li);
  await b.getByRole('button', { name: '接龙', exact: true }).click();
  await expect(b.getByRole('status')).toContainText('你是第 2 号');
  await expect(joinedList(a).getByText('李四')).toBeVisible();
  // The number is never on the list.
  await expect(a.getByText(li)).toHaveCount(0);

  // 李四 opens the query page on the phone: their own place, nothing of 张三.
  await b.goto(`${HOST()}/activityquery.html?questionId=${questionId}`);
  await expect(b.getByRole('heading', { name: '周六羽毛球' })).toBeVisible();
  await queryByPhone(b, request, li);
  const entry = b.getByRole('article', { name: '第1条接龙' });
  await expect(entry.getByRole('listitem').filter({ hasText: '接龙' })).toContainText('第 2 位');
  await expect(entry).toContainText('李四 · 1 人');
  await expect(b.getByText('张三')).toHaveCount(0);
  await b.screenshot({ path: `${SHOTS}/phone-chain-place.png`, fullPage: true });
  expect(await violationsOf(b), 'axe on the chain result').toEqual([]);
  await noOverflow(b);

  // Another number (never joined) proves itself by its code and finds nothing: the same answer as a wrong key.
  await b.getByRole('button', { name: '重新查询' }).click();
  await queryByPhone(b, request, stranger);
  await expect(b.getByRole('alert')).toHaveText(QUERY_MESSAGES.none);
  await expect(b.getByRole('article')).toHaveCount(0);
  await b.screenshot({ path: `${SHOTS}/phone-chain-none.png`, fullPage: true });

  await manage.goto(`${HOST()}/activityquery.html?questionId=${questionId}`);
  await queryByPhone(manage, request, zhang);
  await expect(manage.getByRole('article', { name: '第1条接龙' })).toContainText('第 1 位');
  await manage.screenshot({ path: `${SHOTS}/desktop-chain-place.png`, fullPage: true });
  await desk.close();
});

closeOtherContextsAfterEach();
