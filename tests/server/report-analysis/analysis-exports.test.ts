import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TExportJob } from '../../../schemas/api/export-jobs';
import type { TExportLink } from '../../../schemas/api/report';
import type { TSubject } from '../../../schemas/subjects/registry';
import { spssDateTime } from '../../../server/services/report/analysis/analysis-variables';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { readCsv } from './csv-read';
import { readSav } from './sav-read';

const R = 'question/statement/';
const Q = 'activity/question/';
const dataDir = mkdtempSync(path.join(tmpdir(), 'wj-analysis-'));
let t: TestApp;
let owner: { headers: { token: string }; phone: string };

beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual', env: { DATA_DIR: dataDir }, exportRunner: { worker: 'main', progressIntervalMs: 0 } });
  owner = await loginNewUser(t, 4);
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const ok = <T>(answer: { resultCode: string; resultMsg: string; data: T }) => {
  expect(answer.resultCode, answer.resultMsg).toBe('200');
  return answer.data;
};
const parts = (prefix: string, titles: string[]) => titles.map((title, i) => ({ uuid: `${prefix}${i}`, title }));
const GENDER = ['男', '女', '<b>保密</b>'];
const HOBBIES = ['阅读', '运动', '音乐'];
const LEVELS = ['很不满意', '不满意', '一般', '满意', '很满意'];
const LONG = '中'.repeat(100);

/** The 5 subjects: single choice, multiple choice, text, NPS, matrix single. */
function subjects(): TSubject[] {
  return [
    { ...makeSubject(1, 1, '您的<i>性别</i>'), options: parts('g', GENDER) },
    { ...makeSubject(2, 2, '爱好'), options: parts('h', HOBBIES) },
    makeSubject(6, 3, '意见'),
    makeSubject(22, 4, '推荐意愿'),
    { ...makeSubject(11, 5, '满意度'), rows: parts('r', ['服务', '价格']), columns: parts('c', LEVELS) },
  ] as TSubject[];
}

/** Sheet i's answers: some subjects left empty so missing values are tested too. */
function answersOf(i: number, s: TSubject[]): Record<string, unknown> {
  const a: Record<string, unknown> = {};
  if (i % 10 !== 0) a[s[0]!.uuid] = { optionIds: [`g${i % 3}`] };
  const hobbies = HOBBIES.map((_, k) => `h${k}`).filter((_, k) => (i >> k) & 1);
  if (hobbies.length) a[s[1]!.uuid] = { optionIds: hobbies };
  if (i % 4 !== 0) a[s[2]!.uuid] = i === 7 ? LONG : `第${i}位：很好，继续加油！`;
  a[s[3]!.uuid] = i % 11;
  a[s[4]!.uuid] = { r0: `c${i % 5}`, r1: `c${(i + 2) % 5}` };
  return a;
}

async function surveyWithSheets(n: number) {
  const list = subjects();
  const questionId = await publishProject(t, owner.headers, { subjects: list });
  const [project] = await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [questionId]);
  const answers = Array.from({ length: n }, (_, k) => answersOf(k + 1, list));
  await t.database.query(
    `INSERT INTO answer_sheets (public_id, project_id, submission_id, body_hash, device_id, ip, source, answers, result, duration_seconds)
     SELECT 'ae-' || $1::int || '-' || x.i, $1::int, 'sub-' || x.i, 'h', 'd' || x.i, '127.0.0.1', 'link', x.answers, '{}'::jsonb, 20 + x.i
     FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS x(answers, i)`,
    [project!.id, JSON.stringify(answers)],
  );
  await t.database.query('UPDATE projects SET data_count = $2 WHERE id = $1', [project!.id, n]);
  const sheets = await t.database.query<{ public_id: string; created_at: Date }>(
    'SELECT public_id, created_at FROM answer_sheets WHERE project_id = $1 ORDER BY id',
    [project!.id],
  );
  return { questionId, sheets };
}

/** Queue an export job, run it, download its file. */
async function exportFile(questionId: string, kind: string): Promise<{ job: TExportJob; body: Buffer; type: string }> {
  const job = ok(await t.call<TExportJob>(`${R}createExportJob`, { questionId, kind }, owner.headers));
  expect(await t.app.exportRunner.runOnce()).toBe(job.jobId);
  const link = ok(await t.call<TExportLink>(`${Q}getDownloadUrl`, { jobId: job.jobId }, owner.headers));
  const response = await t.app.inject({ method: 'GET', url: link.url });
  expect(response.statusCode).toBe(200);
  const done = ok(await t.call<TExportJob>(`${Q}getDownload`, { jobId: job.jobId }, owner.headers));
  return { job: done, body: response.rawPayload, type: String(response.headers['content-type']) };
}

describe(`analysis exports on ${engineName()}`, () => {
  let survey: Awaited<ReturnType<typeof surveyWithSheets>>;
  beforeAll(async () => {
    survey = await surveyWithSheets(100);
  }, 60_000);

  it('the .sav of a 5-subject survey with 100 sheets reads back with the same labels and every cell', async () => {
    const { job, body, type } = await exportFile(survey.questionId, 'sav');
    expect(job.fileName).toMatch(/_SPSS\.sav$/);
    expect(type).toContain('application/x-spss-sav');
    const sav = await readSav(body);
    expect(sav.meta.header.n_cases).toBe(100);
    expect(sav.variables.map((v) => [v.name, v.label])).toEqual([
      ['sheet_no', '序号'],
      ['sheet_id', '答卷编号'],
      ['submit_time', '提交时间（北京时间 UTC+8）'],
      ['duration_s', '用时（秒）'],
      ['Q1', '您的性别'],
      ['Q2_1', '爱好：阅读'],
      ['Q2_2', '爱好：运动'],
      ['Q2_3', '爱好：音乐'],
      ['Q3', '意见'],
      ['Q4', '推荐意愿'],
      ['Q5_1', '满意度：服务'],
      ['Q5_2', '满意度：价格'],
    ]);
    expect(sav.valueLabels('Q1')).toEqual({ 1: '男', 2: '女', 3: '保密' });
    for (const name of ['Q2_1', 'Q2_2', 'Q2_3']) expect(sav.valueLabels(name)).toEqual({ 0: '未选', 1: '选中' });
    expect(sav.valueLabels('Q5_2')).toEqual({ 1: '很不满意', 2: '不满意', 3: '一般', 4: '满意', 5: '很满意' });
    expect(sav.valueLabels('Q4')).toEqual({});

    const expected = survey.sheets.map((sheet, k) => {
      const i = k + 1;
      const hobbies = [0, 1, 2].map((b) => ((i >> b) & 1 ? 1 : 0));
      const anyHobby = hobbies.some(Boolean);
      return {
        sheet_no: i,
        sheet_id: sheet.public_id,
        submit_time: spssDateTime(new Date(sheet.created_at)),
        duration_s: 20 + i,
        Q1: i % 10 === 0 ? null : (i % 3) + 1,
        Q2_1: anyHobby ? hobbies[0] : null,
        Q2_2: anyHobby ? hobbies[1] : null,
        Q2_3: anyHobby ? hobbies[2] : null,
        // 255 bytes hold 85 whole Chinese characters.
        Q3: i % 4 === 0 ? '' : i === 7 ? '中'.repeat(85) : `第${i}位：很好，继续加油！`,
        Q4: i % 11,
        Q5_1: (i % 5) + 1,
        Q5_2: ((i + 2) % 5) + 1,
      };
    });
    expect(sav.rows).toEqual(expected);
  });

  it('the long CSV has one row per sheet × subject × value, and none for unanswered subjects', async () => {
    const { job, body } = await exportFile(survey.questionId, 'longcsv');
    expect(job.fileName).toMatch(/_长格式\.csv$/);
    expect(body.subarray(0, 3).toString('hex')).not.toBe('efbbbf');
    const rows = readCsv(body.toString('utf8'));
    expect(Object.keys(rows[0]!)).toEqual([
      'sheet_id',
      'sheet_no',
      'submit_time',
      'subject_no',
      'subject_id',
      'subject_title',
      'subject_type',
      'variable',
      'row',
      'value',
      'value_label',
    ]);
    const first = rows.filter((r) => r.sheet_no === '1');
    expect(first.map((r) => [r.variable, r.row, r.value, r.value_label])).toEqual([
      ['Q1', '', '2', '女'],
      ['Q2_1', '阅读', '1', '阅读'],
      ['Q3', '', '第1位：很好，继续加油！', ''],
      ['Q4', '', '1', ''],
      ['Q5_1', '服务', '2', '不满意'],
      ['Q5_2', '价格', '4', '满意'],
    ]);
    expect(first[0]).toMatchObject({ subject_no: '1', subject_title: '您的性别', subject_type: '单选' });
    // Sheet 7 keeps its whole long text (only the .sav cuts at 255 bytes).
    expect(rows.find((r) => r.sheet_no === '7' && r.variable === 'Q3')?.value).toBe(LONG);
    // Sheet 10: no 性别, only 运动 chosen. Sheet 8: no hobby (an empty multiple choice), no 意见.
    expect(rows.filter((r) => r.sheet_no === '10').map((r) => r.variable)).toEqual(['Q2_2', 'Q3', 'Q4', 'Q5_1', 'Q5_2']);
    expect(rows.filter((r) => r.sheet_no === '8').map((r) => r.variable)).toEqual(['Q1', 'Q4', 'Q5_1', 'Q5_2']);
  });

  it('the codebook lists every variable with its type, measure and value labels, and the long CSV columns', async () => {
    const { job, body } = await exportFile(survey.questionId, 'codebook');
    expect(job.fileName).toMatch(/_数据字典\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(body as unknown as ArrayBuffer);
    const vars = book.getWorksheet('变量')!;
    const rows = vars.getSheetValues().slice(2) as unknown[][];
    const q1 = rows.find((r) => r[1] === 'Q1')!;
    expect(q1.slice(1, 9)).toEqual(['Q1', '您的性别', '数值（编码）', '名义 nominal', '1 = 男；2 = 女；3 = 保密', '1', '您的性别', '单选']);
    expect(rows.find((r) => r[1] === 'Q3')?.[3]).toBe('字符串（≤ 255 字节）');
    expect(rows.find((r) => r[1] === 'submit_time')?.[3]).toBe('日期时间（SPSS DATETIME）');
    expect(rows).toHaveLength(12);
    const long = book.getWorksheet('长格式列')!;
    expect((long.getSheetValues().slice(2) as unknown[][]).map((r) => r[1])).toContain('value_label');
  });

  it('refuses an unknown kind and a viewer-less stranger with a clear message', async () => {
    const bad = await t.call(`${R}createExportJob`, { questionId: survey.questionId, kind: 'spss' }, owner.headers);
    expect(bad.resultCode).not.toBe('200');
    expect(bad.resultMsg).toMatch(/kind/);
    const stranger = await loginNewUser(t, 4);
    const refused = await t.call(`${R}createExportJob`, { questionId: survey.questionId, kind: 'sav' }, stranger.headers);
    expect(refused.resultCode).not.toBe('200');
    expect(refused.resultMsg).toMatch(/[\u4e00-\u9fa5]/);
  });
});
