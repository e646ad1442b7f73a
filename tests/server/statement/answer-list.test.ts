import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDataDetail, TExportLink, TReportFilterInput, TSheetDetail } from '../../../schemas/api/report';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/** Issue 17 item 3: the answer list's content, search, filters, selection export and who may change sheets. */
let t: TestApp;
let owner: { headers: { token: string }; phone: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t, 4);
});
afterAll(() => t.close());

const R = 'question/statement/';
const LIST = 'activity/question/getAnswerList';
const opts = (prefix: string, titles: string[]) => titles.map((title, i) => ({ uuid: `${prefix}${i}`, title }));
const ok = <T>(answer: { resultCode: string; resultMsg: string; data: T }) => {
  expect(answer.resultCode, answer.resultMsg).toBe('200');
  return answer.data;
};

async function seed() {
  const gender = { ...makeSubject(1, 1, '性别'), options: opts('g', ['男', '女']) } as TSubject;
  const advice = { ...makeSubject(7, 2, '建议'), required: false } as TSubject;
  const questionId = await publishProject(t, owner.headers, { subjects: [gender, advice] });
  const rows: [number, string, string][] = [
    [0, '价格太高', 'link'],
    [1, '服务很好', 'qr'],
    [0, '100%满意', 'wechat'],
    [1, '', 'link'],
  ];
  const sheetIds: string[] = [];
  for (const [g, text, source] of rows) {
    const answers = { [gender.uuid]: { optionIds: [`g${g}`] }, ...(text ? { [advice.uuid]: text } : {}) };
    sheetIds.push(
      ok(
        await t.call<{ sheetId: string }>('active/write/submit', {
          questionId,
          submissionId: submissionId(),
          answers,
          deviceId: 'dev-list',
          durationSeconds: 30,
          source,
        }),
      ).sheetId,
    );
  }
  return { questionId, gender, advice, sheetIds };
}

async function member(questionId: string, power: 1 | 2 | 3) {
  const user = await loginNewUser(t);
  const [project] = await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [questionId]);
  const [row] = await t.database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [user.phone]);
  await t.database.query('INSERT INTO project_members (project_id, user_id, power_type) VALUES ($1, $2, $3)', [project!.id, row!.id, power]);
  return user;
}

describe(`answer list on ${engineName()}`, () => {
  let fx: Awaited<ReturnType<typeof seed>>;
  const list = async (filter?: TReportFilterInput, headers = owner.headers) =>
    ok(await t.call<TDataDetail>(LIST, { questionId: fx.questionId, filter }, headers));
  const ids = (d: TDataDetail) => d.list.map((r) => r.sheetId);
  beforeAll(async () => {
    fx = await seed();
  });

  it('lists the answers as the data detail does: same rows, same order, content columns', async () => {
    const answers = await list();
    const detail = ok(await t.call<TDataDetail>(`${R}getDataDetail`, { questionId: fx.questionId }, owner.headers));
    expect(ids(answers)).toEqual(ids(detail));
    expect(ids(answers)).toEqual([...fx.sheetIds].reverse());
    expect(answers.total).toBe(4);
    expect(answers.columns.map((c) => c.title)).toEqual(['性别', '建议']);
    expect(answers.list[3]!.cells).toEqual({ [fx.gender.uuid]: '男', [fx.advice.uuid]: '价格太高' });
  });

  it("searches a chosen option's title, a written answer, a sheet number; wildcards are plain text", async () => {
    expect(ids(await list({ search: '女' }))).toEqual([fx.sheetIds[3], fx.sheetIds[1]]);
    expect(ids(await list({ search: '服务' }))).toEqual([fx.sheetIds[1]]);
    expect(ids(await list({ search: fx.sheetIds[2] }))).toEqual([fx.sheetIds[2]]);
    expect(ids(await list({ search: '100%' }))).toEqual([fx.sheetIds[2]]);
    expect(ids(await list({ search: '%' }))).toEqual([fx.sheetIds[2]]);
    expect((await list({ search: '没有这个词' })).total).toBe(0);
    const tooLong = await t.call(LIST, { questionId: fx.questionId, filter: { search: '字'.repeat(101) } }, owner.headers);
    expect(tooLong).toMatchObject({ resultCode: '400', resultMsg: 'filter.search: 搜索内容最多 100 个字' });
  });

  it('filters by source, time and the invalid flag', async () => {
    expect(ids(await list({ sources: ['link'] }))).toEqual([fx.sheetIds[3], fx.sheetIds[0]]);
    expect((await list({ from: new Date(Date.now() + 3600_000).toISOString() })).total).toBe(0);
    expect((await list({ to: new Date(Date.now() + 3600_000).toISOString() })).total).toBe(4);
    ok(await t.call(`${R}markSuspect`, { questionId: fx.questionId, sheetId: fx.sheetIds[0], suspect: true }, owner.headers));
    expect(ids(await list({ suspect: 'only' }))).toEqual([fx.sheetIds[0]]);
    expect(ids(await list({ suspect: 'exclude' }))).toHaveLength(3);
    ok(await t.call(`${R}markSuspect`, { questionId: fx.questionId, sheetId: fx.sheetIds[0], suspect: false }, owner.headers));
  });

  it('exports exactly the selected sheets', async () => {
    const picked = [fx.sheetIds[0]!, fx.sheetIds[2]!];
    const link = ok(await t.call<TExportLink>(`${R}exportExcel`, { questionId: fx.questionId, filter: { sheetIds: picked } }, owner.headers));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await t.app.inject({ method: 'GET', url: link.url })).rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows.slice(1).map((r) => r[1])).toEqual(picked);
    const tooMany = await t.call(
      `${R}exportExcel`,
      { questionId: fx.questionId, filter: { sheetIds: Array.from({ length: 1001 }, (_, i) => `sheet-${String(i).padStart(6, '0')}`) } },
      owner.headers,
    );
    expect(tooMany).toMatchObject({ resultCode: '400', resultMsg: 'filter.sheetIds: 一次最多选择 1000 份答卷' });
  });

  it('view power reads the list and a sheet but changes nothing; edit power marks invalid and bins', async () => {
    const viewer = await member(fx.questionId, 3);
    const editor = await member(fx.questionId, 2);
    const target = fx.sheetIds[1]!;
    expect((await list(undefined, viewer.headers)).total).toBe(4);
    expect(ok(await t.call<TSheetDetail>(`${R}getAnswerSheetDetail`, { questionId: fx.questionId, sheetId: target }, viewer.headers)).sheetId).toBe(target);
    for (const [path, body] of [
      ['markSuspect', { suspect: true }],
      ['delAnswerSheet', {}],
    ] as const) {
      expect((await t.call(`${R}${path}`, { questionId: fx.questionId, sheetId: target, ...body }, viewer.headers)).resultCode, path).toBe('403');
    }
    expect((await list(undefined, editor.headers)).total).toBe(4);
    ok(await t.call(`${R}markSuspect`, { questionId: fx.questionId, sheetId: target, suspect: true }, editor.headers));
    expect(ids(await list({ suspect: 'only' }))).toEqual([target]);
    ok(await t.call(`${R}delAnswerSheet`, { questionId: fx.questionId, sheetId: target }, editor.headers));
    expect(ids(await list())).not.toContain(target);
    expect(ids(await list({ scope: 'bin' }))).toEqual([target]);
    ok(await t.call(`${R}restoreAnswerSheet`, { questionId: fx.questionId, sheetId: target }, editor.headers));
    expect((await list()).total).toBe(4);
    // The report itself stays with powers 1 and 3 (spec §6).
    expect((await t.call(`${R}getDataDetail`, { questionId: fx.questionId }, editor.headers)).resultCode).toBe('403');
  });
});
