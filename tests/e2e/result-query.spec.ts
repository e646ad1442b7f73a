import { expect, test, type Page } from '@playwright/test';
import { QUERY_MESSAGES } from '../../schemas/api/result-query';
import { teamCalls } from '../../schemas/api/team';
import { apiCall, createProject } from './editor-model';
import { DESKTOP, PHONE, Respondent, loginCreator, subject, useToken } from './respond-support';
import { codeFor, newPhone } from './support';
import { closeOtherContextsAfterEach } from './contexts';

const SHOTS = '/tmp/shots-query';

async function queryAs(page: Page, name: string, number: string) {
  await page.getByLabel('姓名').fill(name);
  await page.getByLabel('学号').fill(number);
  await page.getByRole('button', { name: '查询', exact: true }).click();
}

test('the creator switches on 结果查询 for an exam; a respondent answers, then queries their own score and not someone else’s', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const token = await loginCreator(request);
  const single = subject(1, {
    title: '1+1=?',
    score: 10,
    options: [
      { uuid: 'q-a', title: '1' },
      { uuid: 'q-b', title: '2', isCorrect: true },
    ],
  });
  const name = subject(6, { title: '姓名' });
  const number = subject(6, { title: '学号' });
  const created = await apiCall(
    request,
    'activity/question/saveOrUpdateWxQuestion',
    { title: '期末数学测验', questionType: 2, subjects: [single, name, number] },
    token,
  );
  const questionId = (created.data as { questionId: string }).questionId;

  // The creator turns query on in the editor's settings: by 姓名 + 学号.
  await useToken(page, token, baseURL!);
  await page.setViewportSize(DESKTOP);
  await page.goto(`/questionnaire/edit/setting.html?questionId=${questionId}`);
  const card = page.locator('section', { has: page.getByRole('heading', { name: '结果查询' }) });
  await card.getByRole('switch', { name: '开启结果查询' }).check();
  await card.getByRole('radio', { name: '姓名 + 另一项信息' }).check();
  await expect(card.getByRole('combobox', { name: '姓名题' })).toHaveValue(name.uuid);
  await expect(card.getByRole('combobox', { name: '另一项信息' })).toHaveValue(number.uuid);
  const link = await card.getByRole('textbox', { name: '查询链接' }).inputValue();
  expect(link).toContain(`/activityquery.html?questionId=${questionId}`);
  await card.screenshot({ path: `${SHOTS}/settings-card.png` });
  await expect
    .poll(
      async () =>
        ((await apiCall(request, 'activity/question/getWxQuestionSetting', { questionId }, token)).data as { settings: { queryKey: string } }).settings
          .queryKey,
    )
    .toBe('field');
  expect((await apiCall(request, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token)).resultCode).toBe('200');

  // Two respondents answer on their phones.
  for (const [who, no, answer] of [
    ['张三', '2026001', '2'],
    ['李四', '2026002', '1'],
  ] as const) {
    const context = await browser.newContext({ viewport: PHONE });
    const phone = await context.newPage();
    await phone.goto(`/s/${questionId}`);
    const me = Respondent(phone);
    await me.pick(/1\+1=\?/, answer);
    await me.type(/姓名/, who);
    await me.type(/学号/, no);
    await me.submit();
    await expect(phone.getByRole('heading', { name: '提交成功' })).toBeVisible();
    await context.close();
  }

  // 张三 queries on a phone: their own score, nothing of 李四.
  const context = await browser.newContext({ viewport: PHONE });
  const phone = await context.newPage();
  await phone.goto(new URL(link).pathname + new URL(link).search);
  await expect(phone.getByRole('heading', { name: '期末数学测验' })).toBeVisible();
  await phone.screenshot({ path: `${SHOTS}/phone-1-form.png`, fullPage: true });
  await queryAs(phone, '张三', '2026001');
  const sheet = phone.getByRole('article', { name: '第1份提交' });
  await expect(sheet.getByRole('listitem').filter({ hasText: '得分' })).toContainText('10 / 10 分');
  await expect(phone.getByText('李四')).toHaveCount(0);
  await phone.screenshot({ path: `${SHOTS}/phone-2-score.png`, fullPage: true });

  // Someone else's result: 张三's name with 李四's number, or 李四's name with 张三's number, finds nothing.
  await phone.getByRole('button', { name: '重新查询' }).click();
  await queryAs(phone, '张三', '2026002');
  await expect(phone.getByRole('alert')).toHaveText(QUERY_MESSAGES.none);
  await queryAs(phone, '李四', '2026001');
  await expect(phone.getByRole('alert')).toHaveText(QUERY_MESSAGES.none);
  await expect(phone.getByRole('article')).toHaveCount(0);
  await phone.screenshot({ path: `${SHOTS}/phone-3-none.png`, fullPage: true });
  await context.close();

  await page.goto(new URL(link).pathname + new URL(link).search);
  await queryAs(page, '张三', '2026001');
  await expect(page.getByRole('article', { name: '第1份提交' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/desktop-score.png`, fullPage: true });
});

test('an invited person logs in through /authH5 on a phone and lands in the project with the invitation accepted', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const ownerToken = await loginCreator(request);
  const questionId = await createProject(request, ownerToken, '邀请登录测试项目');
  const code = await apiCall(request, teamCalls.getTeamWorkCode.path, { questionId, powerType: 2 }, ownerToken);
  const workCode = (code.data as { workCode: string }).workCode;

  const context = await browser.newContext({ viewport: PHONE });
  const guest = await context.newPage();
  await guest.goto(`/H5qyWechat?work_code=${workCode}`);
  await expect(guest.getByText(/本平台未开通企业微信登录/)).toBeVisible();
  await guest.screenshot({ path: `${SHOTS}/phone-qywechat.png`, fullPage: true });

  await guest.goto(`/authH5?work_code=${workCode}`);
  await expect(guest.getByRole('heading', { name: '加入项目协作' })).toBeVisible();
  await guest.screenshot({ path: `${SHOTS}/phone-authh5.png`, fullPage: true });
  const phone = newPhone();
  await guest.getByLabel('手机号').fill(phone);
  await guest.getByRole('button', { name: '获取验证码' }).click();
  await guest.getByLabel('验证码').fill(await codeFor(request, phone));
  await guest.getByRole('button', { name: '登录', exact: true }).click();
  // /cooperation.html accepts the invitation and opens the editor (power 2, can edit).
  await expect(guest).toHaveURL(new RegExp(`/questionnaire/edit/subject\\.html\\?questionId=${questionId}`));
  const members = await apiCall(request, teamCalls.getTeamMemberList.path, { questionId }, ownerToken);
  expect(members.resultCode).toBe('200');
  expect((members.data as { powerType: number; isOwner: boolean }[]).filter((m) => !m.isOwner)).toEqual([expect.objectContaining({ powerType: 2 })]);

  // The joined project is in the user's 项目列表 with its power.
  await guest.goto('/proList.html');
  const row = guest.getByRole('listitem').filter({ hasText: '邀请登录测试项目' });
  await expect(row).toContainText('协作 · 可编辑');
  await guest.screenshot({ path: `${SHOTS}/phone-prolist.png`, fullPage: true });
  await guest.setViewportSize(DESKTOP);
  await guest.screenshot({ path: `${SHOTS}/desktop-prolist.png` });
  await context.close();

  const desktop = await browser.newContext({ viewport: DESKTOP });
  const visitor = await desktop.newPage();
  await visitor.goto(`/H5qyWechat?work_code=${workCode}`);
  await expect(visitor.getByRole('heading', { name: '加入项目协作' })).toBeVisible();
  await visitor.screenshot({ path: `${SHOTS}/desktop-qywechat.png` });
  await desktop.close();
});

closeOtherContextsAfterEach();
