import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { closeOtherContextsAfterEach } from './contexts';
import { PHONE, Respondent, SHOTS, loginCreator, options, publish, subject, useToken } from './respond-support';

mkdirSync(SHOTS, { recursive: true });
closeOtherContextsAfterEach();

test('a quota fills: the next respondent is told its message and chooses again; /optionsQuota.html shows the fill', async ({ browser, request, baseURL }) => {
  const token = await loginCreator(request);
  const session = subject(1, { title: '选择场次', options: options('上午场', '下午场') });
  const morning = (session as unknown as { options: { uuid: string }[] }).options[0]!.uuid;
  const questionId = await publish(request, token, {
    title: '讲座报名',
    questionType: 1,
    subjects: [session],
    logic: {
      quotas: [
        {
          id: 'quota-morning',
          basis: 'option',
          subject: session.uuid,
          option: morning,
          limit: 1,
          onFull: { action: 'message', message: '上午场已满，请选择下午场' },
        },
      ],
    },
  });

  const answer = async (pick: string) => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`/s/${questionId}`);
    await Respondent(page).pick(/选择场次/, pick);
    await Respondent(page).submit();
    return page;
  };
  const first = await answer('上午场');
  await expect(first.getByRole('heading', { name: '提交成功' })).toBeVisible();

  const second = await answer('上午场');
  const me = Respondent(second);
  await expect(me.subject(/选择场次/).getByText('上午场已满，请选择下午场')).toBeVisible();
  await second.screenshot({ path: `${SHOTS}/phone-quota-message.png`, fullPage: true });
  await me.pick(/选择场次/, '下午场');
  await me.submit();
  await expect(second.getByRole('heading', { name: '提交成功' })).toBeVisible();

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const creator = await context.newPage();
  await useToken(creator, token, baseURL!);
  await creator.goto(`/optionsQuota.html?questionId=${questionId}`);
  const row = creator.getByTestId('quota-row');
  await expect(row.getByTestId('quota-fill')).toHaveText('1 / 1');
  await expect(row.getByText('提示后重新选择')).toBeVisible();
  await expect(row.getByText('已满', { exact: true })).toBeVisible();
  await creator.screenshot({ path: `${SHOTS}/desktop-options-quota.png`, fullPage: true });
  const field = creator.getByLabel(/的配额数量$/);
  await field.fill('0');
  await row.getByRole('button', { name: '保存' }).click();
  await expect(row.getByRole('alert')).toHaveText('配额不能小于已使用的数量（已使用 1）');

  // An edit-only collaborator (power 2) sees the same fill and raises the target (the counts are not answer data).
  const editorToken = await loginCreator(request);
  const invite = await (await request.post('/api/activity/question/getTeamWorkCode', { data: { questionId, powerType: 2 }, headers: { token } })).json();
  const joined = await (await request.post('/api/code/joinTeamWork', { data: { workCode: invite.data.workCode }, headers: { token: editorToken } })).json();
  expect(joined.resultCode).toBe('200');
  const editorContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const editor = await editorContext.newPage();
  await useToken(editor, editorToken, baseURL!);
  await editor.goto(`/optionsQuota.html?questionId=${questionId}`);
  const editorRow = editor.getByTestId('quota-row');
  await expect(editorRow.getByTestId('quota-fill')).toHaveText('1 / 1');
  await expect(editor.getByText(/没有查看数据的权限/)).toHaveCount(0);
  await expect(editor.getByRole('link', { name: '返回项目列表' })).toBeVisible();
  await editor.getByLabel(/的配额数量$/).fill('3');
  await editorRow.getByRole('button', { name: '保存' }).click();
  await expect(editorRow.getByTestId('quota-fill')).toHaveText('1 / 3');
  await editor.screenshot({ path: `${SHOTS}/desktop-options-quota-editor.png`, fullPage: true });
});
