import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCreateResult } from '../../../schemas/api/question';
import type { TExportProjectResult, TPreviewResult } from '../../../schemas/api/transfer';
import type { TSubject } from '../../../schemas/subjects/registry';
import { plainTitle } from '../../../schemas/result-query';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
let owner: Awaited<ReturnType<typeof loginNewUser>>;
let viewer: Awaited<ReturnType<typeof loginNewUser>>;
let surveyId: string;
let firstUuid: string;
const T = 'activity/question/transfer';
type Doc = { subjects: TSubject[]; logic: Record<string, unknown[]>; version: number };
const read = async (questionId: string) => (await t.call<Doc>('activity/question/v2/getSubject', { questionId }, owner.headers)).data;
const exportAs = (questionId: string, format: string, headers = owner.headers) =>
  t.call<TExportProjectResult>(`${T}/exportProject`, { questionId, format }, headers);
const create = async (title: string, subjects: TSubject[], questionType = 1) =>
  (await t.call<TCreateResult>('activity/question/saveOrUpdateWxQuestion', { questionType, title, subjects }, owner.headers)).data.questionId!;

/** An .xlsx of rows (first row the header) as base64. */
async function xlsx(rows: (string | number)[][]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('题目');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
}

beforeAll(async () => {
  t = await createTestApp();
  [owner, viewer] = [await loginNewUser(t, 4), await loginNewUser(t, 4)];
  const choice = makeSubject(1, 1, '您的年龄段？');
  surveyId = await create('顾客满意度调查', [choice, makeSubject(2, 2, '您常用哪些功能？'), makeSubject(6, 3, '姓名'), makeSubject(15, 4, '说明')]);
  const doc = await read(surveyId);
  firstUuid = doc.subjects[0]!.uuid;
  const option = (doc.subjects[0] as TSubject & { options: { uuid: string }[] }).options[0]!.uuid;
  const logic = {
    jumps: [{ id: 'j1', from: firstUuid, when: { match: 'all', predicates: [{ op: 'chose', subject: firstUuid, option }] }, to: { kind: 'end' } }],
    display: [],
    optionLinkage: [],
    quotas: [],
    random: [],
  };
  expect((await t.call('activity/question/saveLogic', { questionId: surveyId, version: doc.version, logic }, owner.headers)).resultCode).toBe('200');
  const settings = await t.call(
    'activity/question/updateWxQuestionSetting',
    { questionId: surveyId, settings: { password: '2468', maxAnswers: 300 } },
    owner.headers,
  );
  expect(settings.resultCode).toBe('200');
  expect(
    (await t.call('activity/question/saveOrUpdateFormat', { questionId: surveyId, style: { themeId: 'green', primaryColor: '#16a34a' } }, owner.headers))
      .resultCode,
  ).toBe('200');
  const page = { title: '感谢年轻的您', content: '欢迎再来', whenOption: { subjectUuid: firstUuid, optionUuid: option } };
  expect((await t.call('activity/question/saveOrUpdateConclusion', { questionId: surveyId, conclusion: page }, owner.headers)).resultCode).toBe('200');
  const code = await t.call<{ workCode: string }>('activity/question/getTeamWorkCode', { questionId: surveyId, powerType: 3 }, owner.headers);
  await t.call('code/joinTeamWork', { workCode: code.data.workCode }, viewer.headers);
});
afterAll(() => t.close());

describe(`full JSON export and import on ${engineName()}`, () => {
  it('export A → new project B from it → export B is the same file', async () => {
    const a = await exportAs(surveyId, 'wenjuan');
    expect(a.resultCode).toBe('200');
    expect(a.data.fileName).toBe('顾客满意度调查.wenjuan.json');
    const file = JSON.parse(a.data.content);
    expect(file).toMatchObject({ format: 'wenjuan-project', version: 1, project: { title: '顾客满意度调查', questionType: 1 } });
    expect(file.project.settings).toMatchObject({ password: '2468', maxAnswers: 300 });
    expect(file.project.style).toMatchObject({ themeId: 'green' });
    expect(file.project.conclusions).toHaveLength(1);
    expect(file.subjects).toHaveLength(4);

    const made = await t.call<{ questionId: string }>(`${T}/createProjectFromFile`, { format: 'wenjuan', content: a.data.content }, owner.headers);
    expect(made.resultCode).toBe('200');
    expect(made.data.questionId).not.toBe(surveyId);
    const b = await exportAs(made.data.questionId, 'wenjuan');
    expect(JSON.parse(b.data.content)).toEqual(file);
  });

  it('a file whose subjects repeat an id keeps the first and gives the second a new one', async () => {
    const file = JSON.parse((await exportAs(surveyId, 'wenjuan')).data.content);
    file.subjects.push({ ...file.subjects[2], title: '重复的题' });
    const made = await t.call<{ questionId: string }>(`${T}/createProjectFromFile`, { format: 'wenjuan', content: JSON.stringify(file) }, owner.headers);
    expect(made.resultCode).toBe('200');
    const doc = await read(made.data.questionId);
    expect(new Set(doc.subjects.map((s) => s.uuid)).size).toBe(5);
    expect(doc.logic.jumps).toHaveLength(1);
    expect((doc.logic.jumps[0] as { from: string }).from).toBe(firstUuid);
  });

  it('importing into a project appends the subjects with fresh ids and reports the logic and pages left behind', async () => {
    const content = (await exportAs(surveyId, 'wenjuan')).data.content;
    const preview = await t.call<TPreviewResult>(`${T}/previewImport`, { questionId: surveyId, format: 'wenjuan', content }, owner.headers);
    expect(preview.resultCode).toBe('200');
    expect(preview.data.subjects.map((s) => s.typeName)).toEqual(['单选题', '多选题', '单行填空题', '段落说明题']);
    expect(preview.data.report.mapped).toContainEqual({ from: '完整 JSON', to: '单选题', count: 1 });
    expect(preview.data.report.unmapped.map((u) => u.where)).toEqual(['题目逻辑', '结束页']);
    expect((await read(surveyId)).subjects).toHaveLength(4);

    const imported = await t.call<{ added: number }>(`${T}/importSubjects`, { questionId: surveyId, format: 'wenjuan', content }, owner.headers);
    expect(imported.data.added).toBe(4);
    const doc = await read(surveyId);
    expect(doc.subjects).toHaveLength(8);
    expect(new Set(doc.subjects.map((s) => s.uuid)).size).toBe(8);
    expect(doc.subjects.slice(4).map((s) => s.title)).toEqual(doc.subjects.slice(0, 4).map((s) => s.title));
    const undo = await t.call(
      'activity/question/batchDelSubject',
      { questionId: surveyId, subjectUuids: doc.subjects.slice(4).map((s) => s.uuid) },
      owner.headers,
    );
    expect(undo.resultCode).toBe('200');
  });

  it('bad files answer 400 with what is wrong', async () => {
    const call = (format: string, content: string) => t.call(`${T}/previewImport`, { questionId: surveyId, format, content }, owner.headers);
    expect(await call('wenjuan', '{not json')).toMatchObject({ resultCode: '400', resultMsg: '文件不是有效的 JSON' });
    expect((await call('wenjuan', '{"format":"other"}')).resultMsg).toContain('format 应为 "wenjuan-project"');
    const wrongSubject = JSON.stringify({ format: 'wenjuan-project', version: 1, project: { title: 'x', questionType: 1 }, subjects: [{ subjectType: 99 }] });
    expect((await call('wenjuan', wrongSubject)).resultMsg).toMatch(/^文件内容无效：subjects\.0/);
    expect(await call('excel', 'bm90IGEgd29ya2Jvb2s=')).toMatchObject({ resultCode: '400', resultMsg: '无法读取 Excel 文件，请上传 .xlsx 格式' });
    expect(await call('pdf', 'x')).toMatchObject({ resultCode: '400' });
    expect(await call('wenjuan', 'x'.repeat(3_000_001))).toMatchObject({ resultCode: '400', resultMsg: 'content: 文件过大，请控制在 3MB 以内' });
    expect((await call('wenjuan', 'x'.repeat(5_000_000))).resultCode).not.toBe('500');
    expect((await call('surveyjs', '[1,2]')).resultMsg).toContain('SurveyJS');
  });
});

describe(`subjects Excel on ${engineName()}`, () => {
  it('export → import gives the same subjects (type, title, required, options, score and answer key)', async () => {
    const single = makeSubject(1, 1, '1 + 1 = ?') as TSubject & { options: { isCorrect?: boolean }[]; score?: number };
    single.options[1]!.isCorrect = true;
    single.score = 5;
    const examId = await create('算术小测', [single, makeSubject(2, 2, '哪些是偶数？'), makeSubject(7, 3, '写下你的解题思路'), makeSubject(16, 4)], 2);
    const sheet = await exportAs(examId, 'excel');
    expect(sheet.data).toMatchObject({ fileName: '算术小测-题目.xlsx', encoding: 'base64' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(sheet.data.content, 'base64') as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(1).values).toEqual([undefined, '题号', '题型', '题目', '必答', '分值', '选项1', '选项2', '选项3']);
    expect(book.worksheets[0]!.getRow(2).values).toEqual([
      undefined,
      '1',
      '单选题',
      '1 + 1 = ?',
      '是',
      '5',
      expect.any(String),
      expect.stringContaining('【正确】'),
    ]);

    const targetId = await create('空白考试', [], 2);
    const imported = await t.call<{ added: number }>(
      `${T}/importSubjects`,
      { questionId: targetId, format: 'excel', content: sheet.data.content },
      owner.headers,
    );
    expect(imported.data.added).toBe(4);
    const shape = (s: TSubject) => {
      const loose = s as TSubject & { options?: { title: string; isCorrect?: boolean }[]; score?: number };
      return {
        type: s.subjectType,
        title: plainTitle(s.title),
        required: s.required,
        score: loose.score,
        options: loose.options?.map((o) => [o.title, !!o.isCorrect]),
      };
    };
    expect((await read(targetId)).subjects.map(shape)).toEqual((await read(examId)).subjects.map(shape));
  });

  it('refused rows are named with their line and reason; the others come in', async () => {
    const content = await xlsx([
      ['题号', '题型', '题目', '必答', '分值', '选项1', '选项2'],
      [1, '单选题', '你喜欢哪个季节？', '是', '', '春', '秋'],
      [2, '矩阵单选题', '各项满意度', '是', '', '价格', '服务'],
      [3, '魔法题', '不存在的题型', '否'],
      [4, '多选题', '没有选项的多选', '否'],
      [5, '单行填空', '', '否'],
      [6, '多行文本', '建议', '否'],
    ]);
    const preview = await t.call<TPreviewResult>(`${T}/previewImport`, { questionId: surveyId, format: 'excel', content }, owner.headers);
    expect(preview.data.subjects.map((s) => s.title)).toEqual(['你喜欢哪个季节？', '建议']);
    expect(preview.data.report.unmapped).toEqual([
      { where: '第 3 行', what: '各项满意度', reason: '矩阵单选题的结构无法用表格表示，请用完整 JSON 导入' },
      { where: '第 4 行', what: '不存在的题型', reason: '不认识的题型「魔法题」' },
      { where: '第 5 行', what: '没有选项的多选', reason: '缺少选项' },
      { where: '第 6 行', what: '单行填空', reason: '缺少题目' },
    ]);
    expect(preview.data.report.mapped).toEqual([
      { from: 'Excel', to: '单选题', count: 1 },
      { from: 'Excel', to: '多行文本题', count: 1 },
    ]);
  });

  it('a sheet with only a header is refused', async () => {
    const content = await xlsx([['题号', '题型', '题目']]);
    const result = await t.call(`${T}/importSubjects`, { questionId: surveyId, format: 'excel', content }, owner.headers);
    expect(result.resultMsg).toContain('Excel 中没有题目');
  });
});

describe(`transfer powers on ${engineName()}`, () => {
  it('a viewer may export but not preview or import; a stranger may do neither', async () => {
    const stranger = await loginNewUser(t, 1);
    expect((await exportAs(surveyId, 'wenjuan', viewer.headers)).resultCode).toBe('200');
    const content = (await exportAs(surveyId, 'wenjuan')).data.content;
    for (const path of ['previewImport', 'importSubjects']) {
      expect((await t.call(`${T}/${path}`, { questionId: surveyId, format: 'wenjuan', content }, viewer.headers)).resultCode).not.toBe('200');
    }
    expect((await exportAs(surveyId, 'wenjuan', stranger.headers)).resultCode).not.toBe('200');
  });

  it('creating from a file keeps the subject limit of the creator level', async () => {
    const basic = await loginNewUser(t, 1);
    const many = Array.from({ length: 400 }, (_, i) => makeSubject(6, i + 1, `第${i + 1}题`));
    const file = { format: 'wenjuan-project', version: 1, project: { title: '很多题', questionType: 1 }, subjects: many };
    const result = await t.call(`${T}/createProjectFromFile`, { format: 'wenjuan', content: JSON.stringify(file) }, basic.headers);
    expect(result).toMatchObject({ resultCode: '400', resultMsg: '抱歉！当前版本不支持更多题目，请升级版本' });
  });
});
