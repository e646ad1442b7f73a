import { expect, test, type APIRequestContext } from '@playwright/test';
import type { TStatement } from '../../schemas/api/report';
import { DESKTOP, loginCreator, options, PHONE, publish, subject, useToken } from './respond-support';
import { shooter } from './shots';

const SHOTS = '/tmp/shots-ai-analysis';
const shoot = shooter(SHOTS, { axe: true });
// bypassCSP: the axe check injects its script (the pages' CSP forbids inline ones).
test.use({ bypassCSP: true });

async function api<T>(request: APIRequestContext, path: string, data: unknown, token?: string): Promise<T> {
  const answer = await (await request.post(`/api/${path}`, { data, headers: token ? { token } : {} })).json();
  if (answer.resultCode !== '200') throw new Error(`${path}: ${answer.resultCode} ${answer.resultMsg}`);
  return answer.data as T;
}

let n = 0;
const id = () => `ai${Date.now().toString(36)}${n++}`;

/**
 * A published commuting survey with 12 sheets submitted through the respondent's call: 通勤方式 地铁 6 / 公交 4 /
 * 自驾 2; 年龄段 ties to it (the young take the metro); a suggestion from some, most about 拥挤.
 */
async function seed(request: APIRequestContext, token: string) {
  const way = subject(1, { title: '您最常用的通勤方式', options: options('地铁', '公交', '自驾') });
  const age = subject(1, { title: '您的年龄段', options: options('30岁以下', '30岁及以上') });
  const advice = subject(7, { title: '您对通勤有什么建议', required: false });
  const questionId = await publish(request, token, { title: '员工通勤方式调查', questionType: 1, subjects: [way, age, advice] });
  const [metro, bus, car] = (way as unknown as { options: { uuid: string }[] }).options.map((o) => o.uuid);
  const [young, old] = (age as unknown as { options: { uuid: string }[] }).options.map((o) => o.uuid);
  const rows: [string, string, string][] = [
    [metro!, young!, '地铁太拥挤'],
    [metro!, young!, '早高峰拥挤'],
    [metro!, young!, ''],
    [metro!, young!, '希望增加班车'],
    [metro!, young!, '车厢拥挤'],
    [metro!, old!, ''],
    [bus!, old!, '公交太慢'],
    [bus!, old!, ''],
    [bus!, young!, ''],
    [bus!, old!, '拥挤'],
    [car!, old!, '停车难'],
    [car!, old!, ''],
  ];
  for (const [w, a, text] of rows) {
    await api(request, 'active/write/submit', {
      questionId,
      submissionId: id(),
      deviceId: id(),
      durationSeconds: 45,
      answers: { [way.uuid]: { optionIds: [w] }, [age.uuid]: { optionIds: [a] }, ...(text ? { [advice.uuid]: text } : {}) },
    });
  }
  return { questionId, way };
}

test('the analysis page names the top findings with the report’s numbers and answers 哪个选项最多', async ({ page, request }) => {
  const token = await loginCreator(request);
  const { questionId, way } = await seed(request, token);
  await useToken(page, token, test.info().project.use.baseURL!);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The report's numbers for 通勤方式, as the report page shows them and as its call answers them.
  await page.goto(`/questionnaire/report.html?questionId=${questionId}`);
  await expect(page.getByTestId('report-total')).toHaveText('有效答卷 12 份');
  const card = page.getByTestId('subject-card').first();
  await expect(card.getByRole('row', { name: /地铁 6/ })).toBeVisible();
  const statement = await api<TStatement>(request, 'question/statement/getStatement', { questionId }, token);
  const stat = statement.subjects.find((s) => s.uuid === way.uuid)!;
  const top = [...stat.options!].sort((a, b) => b.count - a.count)[0]!;
  expect(top.count).toBe(6);

  // The entry from the report page (its header holds one more button: still no overflow on a phone).
  await shooter(SHOTS)(page, 'report-entry');
  await page.getByRole('link', { name: 'AI 智能分析' }).click();
  await expect(page).toHaveURL(new RegExp(`/aiAnalysisTest\\.html\\?questionId=${questionId}`));
  await expect(page.getByRole('heading', { level: 1, name: '员工通勤方式调查' })).toBeVisible();
  await expect(page.getByTestId('ai-sheet-count')).toHaveText(`基于 ${statement.total} 份有效答卷`);
  // No model is configured: the findings are the built-in assistant's (the header's engine label needs the AI session).
  await expect(page.getByText('内置助手根据报告的统计数据得出')).toBeVisible();

  // The top findings: the share of 通勤方式 with the report's percent and counts, and its chart drawn.
  const findings = page.getByTestId('ai-finding');
  await expect(findings.first()).toBeVisible();
  const share = findings.filter({ hasText: '您最常用的通勤方式' }).filter({ hasText: `选择「${top.title}」的最多` });
  await expect(share).toHaveCount(1);
  await expect(share).toContainText(`占 ${top.percent}%（${top.count}/${stat.base}）`);
  await expect(share.locator('[data-chart-ready="true"] svg')).toBeVisible();
  await shoot(page, 'findings');

  // Ask 哪个选项最多: the reply names 地铁 with the same numbers, and the conversation is saved.
  await page.getByRole('textbox', { name: '输入您的问题' }).fill('哪个选项最多');
  await page.getByRole('button', { name: '发送' }).click();
  const reply = page.getByTestId('ai-reply').last();
  await expect(reply).toContainText(`选择「地铁」的最多，占 ${top.percent}%（${top.count}/${stat.base}）`);
  await expect(reply).toContainText('由内置助手回答');
  await expect(page.getByTestId('ai-save-state')).toHaveText('对话已保存');
  await shoot(page, 'conversation');
  // The conversation panel alone on a phone (the full page is long).
  await page.setViewportSize(PHONE);
  await page.getByRole('region', { name: '向 AI 提问' }).screenshot({ path: `${SHOTS}/phone-chat.png` });
  await page.setViewportSize(DESKTOP);

  // Opened again, the conversation is restored.
  await page.reload();
  await expect(page.getByTestId('ai-question')).toHaveText('哪个选项最多');
  await expect(page.getByTestId('ai-reply').last()).toContainText('选择「地铁」的最多');
});

test('a project without answers says so and points to sharing', async ({ page, request }) => {
  const token = await loginCreator(request);
  const questionId = await publish(request, token, {
    title: '还没有答卷的问卷',
    questionType: 1,
    subjects: [subject(1, { title: '您的性别', options: options('男', '女') })],
  });
  await useToken(page, token, test.info().project.use.baseURL!);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/aiAnalysisTest.html?questionId=${questionId}`);
  await expect(page.getByText('暂无答卷，收集到答卷后即可分析')).toBeVisible();
  await expect(page.getByRole('link', { name: '去分享问卷' })).toHaveAttribute('href', `/questionnaire/release.html?questionId=${questionId}`);
  await shoot(page, 'empty');
});
