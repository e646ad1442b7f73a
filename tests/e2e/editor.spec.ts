import { expect, test } from '@playwright/test';
import { createSubject } from '../../schemas/subjects/registry';
import { apiCall, createProject, demoToken, Editor, registerBySms, signIn } from './editor-model';
import { closeOtherContextsAfterEach } from './contexts';

const TWELVE = ['单选', '多选', '下拉', '单行填空', '多行文本', '量表', 'NPS', '评分', '手机号', '邮箱', '日期时间', '数字'];
const TYPE_OF: Record<string, string> = {
  单选: '1',
  多选: '2',
  下拉: '3',
  单行填空: '6',
  多行文本: '7',
  量表: '19',
  NPS: '22',
  评分: '23',
  手机号: '26',
  邮箱: '27',
  日期时间: '14',
  数字: '21',
};

test('build a 12-subject survey by dragging, reorder by keyboard, logic with a cycle that blocks publishing, reload', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const token = await demoToken(request);
  const questionId = await createProject(request, token, '端到端：拖拽搭建的问卷');
  await signIn(context, baseURL!, token);
  const I = Editor(page);
  await I.open(questionId);

  // Twelve types dragged with the mouse onto the canvas.
  for (const name of TWELVE) await I.dragType(name);
  await expect(I.cards).toHaveCount(12);
  expect(await I.typesInOrder()).toEqual(TWELVE.map((n) => TYPE_OF[n]));
  await expect(page.getByRole('article', { name: '第12题' })).toBeVisible();

  // One more dropped onto the first card's upper half lands before it, and the numbers follow.
  await I.dragType('段落说明', I.cards.first());
  await expect(I.cards).toHaveCount(13);
  await page.getByRole('article', { name: '段落说明' }).click();
  await page.getByRole('button', { name: '删除', exact: true }).click();
  await expect(I.cards).toHaveCount(12);

  // Keyboard reorder: 第1题 (单选) goes one down.
  await I.moveByKeyboard('第1题', 1);
  expect((await I.typesInOrder()).slice(0, 2)).toEqual(['2', '1']);
  await I.waitSaved();

  // Logic: a display condition and a jump, shown as sentences.
  await page.getByRole('link', { name: '逻辑' }).click();
  await I.addRule('添加显示条件', async () => {
    await I.choose('显示的题目', '第5题');
    await I.choose('条件题目', '第1题');
  });
  await expect(I.sentences().filter({ hasText: '当第1题选择「选项1」时，显示第5题' })).toBeVisible();
  await I.addRule('添加跳转', async () => {
    await I.choose('跳转来源', '第2题');
    await I.choose('选项', '选项2');
    await I.choose('跳转目标', '第7题');
  });
  await expect(I.sentences().filter({ hasText: '当第2题选择「选项2」时，跳转到第7题' })).toBeVisible();
  await expect(page.getByText('逻辑检查通过')).toBeVisible();
  await expect(I.publishButton()).toBeEnabled();

  // A later subject jumping back plants a cycle: the checker flags it and publishing is refused.
  await I.addRule('添加跳转', async () => {
    await I.choose('跳转来源', '第10题');
    await page.getByRole('dialog').getByLabel('跳转条件').selectOption('always');
    await I.choose('跳转目标', '第3题');
  });
  await expect(I.sentences().filter({ hasText: '第10题答完后，跳转到第3题' })).toBeVisible();
  await expect(page.getByText(/发现 \d+ 个错误/)).toBeVisible();
  await expect(page.getByText(/形成了循环|回到已答过的题目/).first()).toBeVisible();
  await expect(I.publishButton()).toBeDisabled();
  await expect(page.locator('#publish-blocker')).toContainText('逻辑设置有错误');
  await I.waitSaved();
  const refused = await apiCall(request, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token);
  expect(refused.resultCode).toBe('400');
  expect(refused.resultMsg).toContain('逻辑设置有错误');

  // A finding's link selects the subject on the canvas.
  await page.getByRole('link', { name: '定位第10题' }).first().click();
  await expect(page.getByRole('article', { name: '第10题' })).toHaveAttribute('class', /active/);
  await page.getByRole('link', { name: '逻辑' }).click();

  // Fixed: the rule goes, publishing is allowed again.
  await page.locator('li', { hasText: '第10题答完后' }).getByRole('button', { name: '删除规则' }).click();
  await expect(page.getByText('逻辑检查通过')).toBeVisible();
  await expect(I.publishButton()).toBeEnabled();
  await I.waitSaved();

  // Reload: everything is there.
  await page.reload();
  await expect(I.sentences()).toHaveCount(2);
  await expect(I.sentences().filter({ hasText: '跳转到第7题' })).toBeVisible();
  await I.open(questionId);
  await expect(I.cards).toHaveCount(12);
  expect((await I.typesInOrder()).slice(0, 3)).toEqual(['2', '1', '3']);

  // Publishing now goes through and lands on the release page.
  await I.publishButton().click();
  await expect(page).toHaveURL(/\/questionnaire\/release\.html\?questionId=/);
});

test('a second tab saving first turns the stale save into a conflict; 重新加载 reads the project again', async ({ browser, request, baseURL }) => {
  const token = await demoToken(request);
  const questionId = await createProject(request, token, '端到端：两个标签页');
  const context = await browser.newContext({ baseURL, locale: 'zh-CN' });
  await signIn(context, baseURL!, token);
  const [a, b] = [await context.newPage(), await context.newPage()];
  const A = Editor(a);
  const B = Editor(b);
  await A.open(questionId);
  await B.open(questionId);
  await a.getByRole('button', { name: '添加单选', exact: true }).click();
  await A.waitSaved();
  await b.getByRole('button', { name: '添加多选', exact: true }).click();
  await expect(b.getByRole('alert').filter({ hasText: '项目已被演示账号修改' })).toBeVisible({ timeout: 15_000 });
  await expect(b.locator('[data-save-status]')).toHaveAttribute('data-save-status', 'conflict');
  await b.getByRole('button', { name: '重新加载' }).click();
  await expect(b.getByRole('alert').filter({ hasText: '项目已被' })).toBeHidden();
  await expect(B.cards).toHaveCount(1);
  expect(await B.typesInOrder()).toEqual(['1']);
  await context.close();
});

test('a user without power on the project is refused its edit calls', async ({ request }) => {
  const owner = await demoToken(request);
  const questionId = await createProject(request, owner, '端到端：他人的项目');
  const stranger = await registerBySms(request);
  const document = { title: '改不了', subtitle: '', subjects: [], logic: { jumps: [], display: [], optionLinkage: [], quotas: [], random: [] } };
  const save = await apiCall(request, 'activity/question/saveEditorDocument', { questionId, version: 1, document }, stranger);
  expect(save.resultCode).toBe('404');
  const logic = await apiCall(request, 'activity/question/saveLogic', { questionId, logic: document.logic }, stranger);
  expect(logic.resultCode).toBe('404');
});

test('a long survey shows a window of cards: scrolling reaches the end, a finding link brings its subject into view, a keyboard move saves', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const token = await demoToken(request);
  // 150 single-choice questions; the last one quotes a later number that does not exist.
  const subjects = Array.from({ length: 150 }, (_, i) => ({
    ...createSubject(1, {
      uuid: `long${i}`,
      indexSort: i + 1,
      newId: (() => {
        let n = 0;
        return () => `long${i}-${++n}`;
      })(),
    }),
    title: i === 149 ? '最后一题：请回忆{{Q200}}' : `长问卷第${i + 1}题`,
  }));
  const created = await apiCall(request, 'activity/question/saveOrUpdateWxQuestion', { questionType: 1, title: '端到端：长问卷', subjects }, token);
  expect(created.resultCode).toBe('200');
  const questionId = (created.data as { questionId: string }).questionId;
  await signIn(context, baseURL!, token);
  const I = Editor(page);
  await I.open(questionId);

  // Only the cards near the viewport are in the page.
  await expect(page.getByRole('article', { name: '第1题' })).toBeVisible();
  expect(await I.cards.count()).toBeLessThan(40);
  await page.locator('main').evaluate((main) => (main.scrollTop = main.scrollHeight));
  await expect(page.getByRole('article', { name: '第150题' })).toBeVisible();
  await expect(page.getByRole('article', { name: '第150题' }).getByRole('note')).toContainText('引用了不存在的题目 {{Q200}}');

  // The logic page's finding links back to subject 150, which the canvas scrolls into view.
  await page.getByRole('link', { name: '逻辑' }).click();
  await page.getByRole('link', { name: '定位第150题' }).click();
  await expect(page.getByRole('article', { name: '第150题' })).toBeInViewport();

  // Keyboard reorder in the window: 第149题 goes one down, and the order is saved.
  await I.moveByKeyboard('第149题', 1);
  await I.waitSaved();
  const saved = await apiCall(request, 'activity/question/v2/getSubject', { questionId }, token);
  expect((saved.data as { subjects: { uuid: string }[] }).subjects.slice(-2).map((s) => s.uuid)).toEqual(['long149', 'long148']);
});

test('an exam gains 判断题 from the palette: 正确 / 错误 with an editable key, scored for the respondent like a single choice', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const token = await demoToken(request);
  const questionId = await createProject(request, token, '端到端：判断题', 2);
  expect((await apiCall(request, 'activity/question/updateWxQuestionSetting', { questionId, settings: { showScore: true } }, token)).resultCode).toBe('200');
  await signIn(context, baseURL!, token);
  const I = Editor(page);
  await I.open(questionId);

  // Dragged once and clicked once from the 考试题 group: two single choices 正确 / 错误.
  await expect(page.getByRole('region', { name: '考试题' }).getByRole('button', { name: '添加判断题' })).toBeVisible();
  await I.dragType('判断题');
  await page.getByRole('button', { name: '添加判断题', exact: true }).click();
  await expect(I.cards).toHaveCount(2);
  expect(await I.typesInOrder()).toEqual(['1', '1']);
  const card = (n: number) => page.getByRole('article', { name: `第${n}题` });
  await expect(card(2).getByRole('textbox', { name: '选项1' })).toHaveValue('正确');
  await expect(card(2).getByRole('textbox', { name: '选项2' })).toHaveValue('错误');
  await expect(card(2).getByRole('radio', { name: '选项1为正确答案' })).toBeChecked();
  // The second statement is false: its key moves to 错误. Both are worth 10 points.
  await card(2).getByRole('radio', { name: '选项2为正确答案' }).check();
  await expect(card(2).getByRole('radio', { name: '选项1为正确答案' })).not.toBeChecked();
  for (const n of [1, 2]) {
    await card(n).click({ position: { x: 8, y: 8 } });
    const score = page.getByRole('textbox', { name: '本题分值' });
    await score.fill('10');
    await score.press('Enter');
    await expect(card(n)).toContainText('10分');
  }
  await I.waitSaved();
  await I.publishButton().click();
  await expect(page).toHaveURL(/\/questionnaire\/release\.html\?questionId=/);

  // A respondent answers 正确 twice: the first is right, the second wrong.
  await page.goto(`/s/${questionId}`);
  const statements = page.getByRole('group', { name: /判断题/ });
  await expect(statements).toHaveCount(2);
  await statements.nth(0).getByText('正确', { exact: true }).click();
  await statements.nth(1).getByText('正确', { exact: true }).click();
  await page.getByRole('button', { name: '提交', exact: true }).click();
  await expect(page.getByRole('heading', { name: '提交成功' })).toBeVisible();
  await expect(page.getByLabel('得分10分，满分20分')).toBeVisible();
});

closeOtherContextsAfterEach();
