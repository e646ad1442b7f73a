import { expect, test, type APIRequestContext } from '@playwright/test';
import { createSubject } from '../../schemas/subjects/registry';
import { withAxe } from './axe-check';
import { shooter } from './shots';

/**
 * No cold report (issue 54 item 2): a report asked right after a bulk of sheets (more than REPORT_INDEX_TAIL, 1,000,
 * past its rollup) answers at once from what it could count, saying 正在统计（已统计 X / Y 份）, and asks again every
 * few seconds; the report-index job catches up in the background and the note goes.
 */
async function api<T>(request: APIRequestContext, path: string, data: unknown, token?: string): Promise<T> {
  const answer = await (await request.post(`/api/${path}`, { data, headers: token ? { token } : {} })).json();
  if (answer.resultCode !== '200') throw new Error(`${path}: ${answer.resultCode} ${answer.resultMsg}`);
  return answer.data as T;
}

let n = 0;
const id = () => `e2e${Date.now().toString(36)}${n++}`;
const SHEETS = 1_010;

test('a report behind its sheets shows the counting note, then the full count once the job caught up', async ({ page, request, context }) => {
  test.setTimeout(180_000);
  const { token } = await api<{ token: string }>(request, 'activity/user/userNameLogin', { userName: '13800138000', password: 'demo1234' });
  const q1 = {
    ...createSubject(1, { uuid: id(), indexSort: 1, newId: id }),
    title: '常用出行方式',
    options: [
      { uuid: 'bus', title: '公交' },
      { uuid: 'bike', title: '骑行' },
    ],
  };
  const { questionId } = await api<{ questionId: string }>(
    request,
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 1, title: '出行调查（大批答卷）', subjects: [q1] },
    token,
  );
  await api(request, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token);
  for (let start = 0; start < SHEETS; start += 25) {
    await Promise.all(
      Array.from({ length: Math.min(25, SHEETS - start) }, (_, i) =>
        api(request, 'active/write/submit', {
          questionId,
          submissionId: id(),
          deviceId: id(),
          durationSeconds: 30,
          answers: { [q1.uuid]: { optionIds: [(start + i) % 3 ? 'bus' : 'bike'] } },
        }),
      ),
    );
  }
  await withAxe(page);
  await context.addCookies([{ name: 'token', value: token, url: test.info().project.use.baseURL! }]);
  await page.goto(`/questionnaire/report.html?questionId=${questionId}`);
  const note = page.getByTestId('report-counting');
  await expect(note).toHaveText('正在统计（已统计 1000 / 1010 份）');
  await expect(page.getByTestId('report-total')).toHaveText('有效答卷 1010 份');
  await shooter(test.info().outputPath('shots'), { axe: true })(page, 'report-counting');
  // The job caught up in the background; the page's next ask finds every sheet counted.
  await expect(note).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('report-total')).toHaveText('有效答卷 1010 份');
});
