// 从文件导入 on the 新建 pages (issue 53, helper import-new): previewFile reads a file as createProjectFromFile would,
// with login only, and saves nothing.
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPreviewFileResult } from '../../../schemas/api/transfer';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
let user: Awaited<ReturnType<typeof loginNewUser>>;
let storeVisit: string;
const T = 'activity/question/transfer';
const preview = (body: Record<string, unknown>) => t.call<TPreviewFileResult>(`${T}/previewFile`, body, user.headers);
const count = async () => (await t.call<{ questionCount: number }>('activity/question/getQuestionCount', {}, user.headers)).data.questionCount;

async function xlsx(rows: (string | number)[][]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('题目');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
}

beforeAll(async () => {
  t = await createTestApp();
  user = await loginNewUser(t, 4);
  storeVisit = await readFile(new URL('../../fixtures/surveyjs/store-visit.json', import.meta.url), 'utf8');
});
afterAll(() => t.close());

describe(`previewFile on ${engineName()}`, () => {
  it('previews the SurveyJS store visit: title, subjects, 已转换 counts and what cannot come, saving nothing', async () => {
    const before = await count();
    const result = await preview({ format: 'surveyjs', content: storeVisit });
    expect(result.resultCode).toBe('200');
    expect(result.data.title).toBe('门店到访体验调查');
    expect(result.data.questionType).toBe(1);
    expect(result.data.subjects.map((s) => s.title)).toContain('您是通过什么渠道了解到我们门店的？');
    expect(result.data.subjects.find((s) => s.title === '本次购买了哪些商品？')?.typeName).toBe('多选题');
    expect(result.data.report.mapped.reduce((n, m) => n + m.count, 0)).toBeGreaterThan(5);
    expect(result.data.report.unmapped.length).toBeGreaterThan(0);
    expect(result.data.report.unmapped.every((u) => u.where && u.reason)).toBe(true);
    expect(await count()).toBe(before);
  });

  it('the same file previews as createProjectFromFile then makes it, of the 新建 page kind', async () => {
    const asExam = await preview({ format: 'surveyjs', content: storeVisit, questionType: 2 });
    expect(asExam.data.questionType).toBe(2);
    const made = await t.call<{ questionId: string }>(`${T}/createProjectFromFile`, { format: 'surveyjs', content: storeVisit, questionType: 2 }, user.headers);
    expect(made.resultCode).toBe('200');
    const doc = await t.call<{ subjects: { title: string }[] }>('activity/question/v2/getSubject', { questionId: made.data.questionId }, user.headers);
    expect(doc.data.subjects).toHaveLength(asExam.data.subjects.length);
    const info = await t.call<{ questionType: number; title: string }>('activity/question/getWxQuestion', { questionId: made.data.questionId }, user.headers);
    expect(info.data).toMatchObject({ questionType: 2, title: '门店到访体验调查' });
  });

  it('previews our complete JSON with its own title and kind', async () => {
    const source = await t.call<{ questionId: string }>(
      'activity/question/saveOrUpdateWxQuestion',
      { questionType: 4, title: '员工信息登记', subjects: [] },
      user.headers,
    );
    const file = await t.call<{ content: string }>(`${T}/exportProject`, { questionId: source.data.questionId, format: 'wenjuan' }, user.headers);
    const result = await preview({ format: 'wenjuan', content: file.data.content, questionType: 1 });
    expect(result.resultCode).toBe('200');
    expect(result.data).toMatchObject({ title: '员工信息登记', questionType: 4, subjects: [] });
  });

  it('previews a subjects Excel sheet row by row, naming the rows it cannot read', async () => {
    const content = await xlsx([
      ['题号', '题型', '题目', '必答', '分值', '选项1', '选项2'],
      [1, '单选题', '您每周来店几次？', '是', '', '1 次', '2 次以上'],
      [2, '矩阵单选题', '各项满意度', '是', '', '价格', '服务'],
      [3, '多行文本', '还有什么建议？', '否'],
    ]);
    const result = await preview({ format: 'excel', content });
    expect(result.resultCode).toBe('200');
    expect(result.data.title).toBe('从 Excel 导入的问卷');
    expect(result.data.subjects.map((s) => [s.title, s.typeName])).toEqual([
      ['您每周来店几次？', '单选题'],
      ['还有什么建议？', '多行文本题'],
    ]);
    expect(result.data.report.unmapped).toEqual([expect.objectContaining({ where: '第 3 行' })]);
  });

  it('refuses a bad file, a bad kind and a stranger with a clear message', async () => {
    expect(await preview({ format: 'surveyjs', content: '{oops' })).toMatchObject({ resultCode: '400', resultMsg: '文件不是有效的 JSON' });
    expect(await preview({ format: 'surveyjs', content: '{"title":"x"}' })).toMatchObject({ resultCode: '400' });
    expect(await preview({ format: 'wenjuan', content: '{"format":"other"}' })).toMatchObject({ resultCode: '400' });
    expect(await preview({ format: 'excel', content: 'bm90IGFuIHhsc3g=' })).toMatchObject({
      resultCode: '400',
      resultMsg: '无法读取 Excel 文件，请上传 .xlsx 格式',
    });
    expect(await preview({ format: 'excel', content: await xlsx([['题号', '题型', '题目']]) })).toMatchObject({ resultCode: '400' });
    expect(await preview({ format: 'surveyjs', content: '' })).toMatchObject({ resultCode: '400', resultMsg: expect.stringContaining('文件内容为空') });
    expect(await preview({ format: 'surveyjs', content: storeVisit, questionType: 5 })).toMatchObject({
      resultCode: '400',
      resultMsg: expect.stringContaining('项目类型应为问卷'),
    });
    expect((await t.call(`${T}/previewFile`, { format: 'surveyjs', content: storeVisit })).resultCode).toBe('401');
  });
});
