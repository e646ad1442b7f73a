import { expect, test } from '@playwright/test';
import { DESKTOP, loginCreator, useToken } from './respond-support';
import { shooter } from './shots';

/**
 * Issue 52 acceptance, generation (no model configured: the built-in assistant): "员工满意度调查，10题左右" as a
 * 调查问卷 streams about ten subjects about employees and their satisfaction; one is removed and one renamed; 创建并编辑
 * opens the editor showing exactly the kept subjects; /aiResult.html then lists the generation as created.
 */
const SHOTS = '/tmp/shots-ai-generate';
const shoot = shooter(SHOTS, { axe: true });
// The axe checks inject their script (as the axe sweep does).
test.use({ bypassCSP: true });

const ABOUT = /员工|工作|满意|公司|部门|上级|同事|薪|福利|培训|晋升|团队|离开/;

test('员工满意度调查，10题左右 → a survey of relevant subjects, edited, created and opened in the editor', async ({ page, request, baseURL }) => {
  await page.setViewportSize(DESKTOP);
  await useToken(page, await loginCreator(request), baseURL!);

  await page.goto('/aiIndex.html');
  await expect(page.getByRole('heading', { name: 'AI 生成' })).toBeVisible();
  await expect(page.getByText('还没有生成记录')).toBeVisible();
  await expect(page.getByTestId('ai-engine')).toContainText('内置助手');
  await shoot(page, 'index-empty');

  await page.getByRole('radio', { name: /考试测评/ }).check();
  await expect(page.getByRole('textbox', { name: '描述您需要的内容' })).toHaveAttribute('placeholder', /新员工安全生产知识考试/);
  await page.getByRole('radio', { name: /调查问卷/ }).check();
  await page.getByRole('textbox', { name: '描述您需要的内容' }).fill('员工满意度调查，10题左右');
  await page.getByRole('button', { name: '生成', exact: true }).click();

  const create = page.getByRole('button', { name: '创建并编辑' });
  await expect(create).toBeVisible({ timeout: 30_000 });
  const cards = page.getByTestId('ai-subject');
  const count = await cards.count();
  expect(count).toBeGreaterThanOrEqual(8);
  expect(count).toBeLessThanOrEqual(13);
  const titles = await page.getByRole('textbox', { name: /^第\d+题标题$/ }).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  expect(titles.filter((t) => ABOUT.test(t)).length, titles.join(' | ')).toBeGreaterThan(count / 2);
  await expect(page.getByRole('textbox', { name: '标题', exact: true })).toHaveValue('员工满意度调查');
  await shoot(page, 'index-review');

  // Remove the first subject (and see the undo offer), rename the new first one, move the last one up.
  await page.getByRole('button', { name: '删除第1题' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已删除' })).toContainText(titles[0]!);
  await expect(cards).toHaveCount(count - 1);
  await page.getByRole('textbox', { name: '第1题标题' }).fill('您对所在部门的工作氛围是否满意？');
  await page.getByRole('button', { name: `第${count - 1}题上移` }).click();
  const kept = await page.getByRole('textbox', { name: /^第\d+题标题$/ }).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  expect(kept[0]).toBe('您对所在部门的工作氛围是否满意？');
  expect(kept[count - 3]).toBe(titles[count - 1]);
  await page.getByRole('textbox', { name: '标题', exact: true }).fill('2026 年度员工满意度调查');

  await create.click();
  await expect(page).toHaveURL(/\/questionnaire\/edit\/subject\.html\?questionId=[\w-]+$/, { timeout: 20_000 });
  const editorCards = page.getByTestId('subject-card');
  await expect(editorCards.first()).toBeVisible();
  await expect(editorCards).toHaveCount(count - 1);
  await expect(editorCards.first()).toContainText('您对所在部门的工作氛围是否满意？');
  await expect(page.getByText('2026 年度员工满意度调查').first()).toBeVisible();
  const questionId = new URL(page.url()).searchParams.get('questionId')!;

  await page.goto('/aiIndex.html');
  const recent = page.getByRole('listitem').filter({ hasText: '员工满意度调查' }).first();
  await expect(recent).toContainText('已创建');
  await recent.getByRole('link').click();
  await expect(page).toHaveURL(/\/aiResult\.html\?generationId=/);
  await expect(page.getByRole('heading', { name: 'AI 生成结果' })).toBeVisible();
  await expect(page.getByText('「员工满意度调查，10题左右」')).toBeVisible();
  await expect(page.getByText('已创建')).toBeVisible();
  await expect(page.getByRole('link', { name: '打开项目' })).toHaveAttribute(
    'href',
    `/questionnaire/edit/subject.html?questionId=${encodeURIComponent(questionId)}`,
  );
  await expect(page.getByTestId('ai-subject')).toHaveCount(count);
  await shoot(page, 'result-created');

  await page.goto('/aiResult.html?generationId=nope');
  await expect(page.getByText('无法打开这条生成记录')).toBeVisible();
  await expect(page.getByText('该生成记录不存在或已删除')).toBeVisible();
  await shoot(page, 'result-missing');
});
