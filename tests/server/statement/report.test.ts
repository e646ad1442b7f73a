import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCrossTab, TDataDetail, TExportLink, TScoreStatement, TSheetDetail, TStatement, TSubjectStat } from '../../../schemas/api/report';
import type { TSubject } from '../../../schemas/subjects/registry';
import { safeCell } from '../../../server/services/report/report-export';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t, 4);
});
afterAll(() => t.close());

const R = 'question/statement/';
const opts = (prefix: string, titles: string[]) => titles.map((title, i) => ({ uuid: `${prefix}${i}`, title }));

/** The fixture survey: a paragraph between subjects checks that numbering skips layout blocks. */
function surveySubjects() {
  const q1 = { ...makeSubject(1, 1, '性别'), options: opts('g', ['男', '女', '保密']) } as TSubject;
  const intro = makeSubject(15, 2);
  const q2 = { ...makeSubject(2, 3, '常用渠道'), options: opts('m', ['门店', '网店', '电话']) } as TSubject;
  const q3 = makeSubject(22, 4, '推荐意愿');
  const q4 = { ...makeSubject(21, 5, '=1+1'), decimals: 0 } as TSubject;
  const q5 = { ...makeSubject(7, 6, '建议'), required: false } as TSubject;
  const q6 = { ...makeSubject(11, 7, '满意度'), rows: opts('r', ['服务', '价格']), columns: opts('c', ['1', '2', '3', '4', '5']) } as TSubject;
  const q7 = { ...makeSubject(23, 8, '评分'), stars: 5 } as TSubject;
  return { q1, intro, q2, q3, q4, q5, q6, q7, all: [q1, intro, q2, q3, q4, q5, q6, q7] };
}

type Row = [
  gender: number,
  channels: number[],
  nps: number,
  n: number,
  text: string | null,
  matrix: [number, number],
  stars: number,
  source: string,
  duration: number,
];
/** Six hand-counted sheets (see the expectations below). */
const SHEETS: Row[] = [
  [0, [0, 1], 10, 5, '服务很好，价格实惠', [4, 3], 5, 'link', 300],
  [0, [0], 9, 8, '=1+1', [3, 3], 4, 'qr', 120],
  [1, [1, 2], 7, 10, '价格实惠', [2, 3], 3, 'link', 200],
  [1, [2], 3, 2, null, [0, 3], 1, 'link', 90],
  [2, [0, 2], 0, 4, '一般', [1, 3], 2, 'wechat', 400],
  [0, [0], 9, 9, '＋很好', [4, 3], 5, 'link', 60],
];

async function seedSurvey() {
  const s = surveySubjects();
  const questionId = await publishProject(t, owner.headers, {
    subjects: s.all,
    logic: { quotas: [{ id: 'qa', basis: 'option', subject: s.q1.uuid, option: 'g0', limit: 10, onFull: { action: 'hideOption' } }] },
  });
  const sheetIds: string[] = [];
  for (const [g, ch, nps, n, text, [m1, m2], stars, source, duration] of SHEETS) {
    const answers: Record<string, unknown> = {
      [s.q1.uuid]: { optionIds: [`g${g}`] },
      [s.q2.uuid]: { optionIds: ch.map((c) => `m${c}`) },
      [s.q3.uuid]: nps,
      [s.q4.uuid]: n,
      [s.q6.uuid]: { r0: `c${m1}`, r1: `c${m2}` },
      [s.q7.uuid]: stars,
    };
    if (text) answers[s.q5.uuid] = text;
    const answer = await t.call<{ sheetId: string }>('active/write/submit', {
      questionId,
      submissionId: submissionId(),
      answers,
      deviceId: 'dev-report',
      durationSeconds: duration,
      source,
    });
    expect(answer.resultCode, answer.resultMsg).toBe('200');
    sheetIds.push(answer.data.sheetId);
  }
  return { ...s, questionId, sheetIds };
}

const statement = async (questionId: string, filter?: object) => {
  const answer = await t.call<TStatement>(`${R}getStatement`, { questionId, filter }, owner.headers);
  expect(answer.resultCode, answer.resultMsg).toBe('200');
  return answer.data;
};
const subjectOf = (st: TStatement, uuid: string) => st.subjects.find((x) => x.uuid === uuid)!;
const counts = (x: TSubjectStat) => x.options!.map((o) => o.count);

let fx: Awaited<ReturnType<typeof seedSurvey>>;

describe(`reports on ${engineName()}`, () => {
  beforeAll(async () => {
    fx = await seedSurvey();
  });

  it('the unfiltered statement matches the hand-counted fixture', async () => {
    const st = await statement(fx.questionId);
    expect(st.total).toBe(6);
    expect(st.filtered).toBe(false);
    expect(st.subjects.map((x) => [x.index, x.kind])).toEqual([
      [1, 'choice'],
      [2, 'choice'],
      [3, 'number'],
      [4, 'number'],
      [5, 'text'],
      [6, 'matrix'],
      [7, 'number'],
    ]);
    const q1 = subjectOf(st, fx.q1.uuid);
    expect(q1.options).toEqual([
      { uuid: 'g0', title: '男', count: 3, percent: 50 },
      { uuid: 'g1', title: '女', count: 2, percent: 33.33 },
      { uuid: 'g2', title: '保密', count: 1, percent: 16.67 },
    ]);
    expect(q1.base).toBe(6);
    const q2 = subjectOf(st, fx.q2.uuid);
    expect(q2.multiple).toBe(true);
    expect(q2.options!.map((o) => [o.count, o.percent])).toEqual([
      [4, 66.67],
      [2, 33.33],
      [3, 50],
    ]);
    const nps = subjectOf(st, fx.q3.uuid);
    expect(nps.nps).toEqual({ promoters: 3, passives: 1, detractors: 2, count: 6, score: 16.7 });
    expect(nps.number).toMatchObject({ count: 6, avg: 6.33, min: 0, max: 10 });
    expect(nps.distribution!.map((d) => d.count)).toEqual([1, 0, 0, 1, 0, 0, 0, 1, 0, 2, 1]);
    expect(subjectOf(st, fx.q4.uuid).number).toEqual({ count: 6, avg: 6.33, min: 2, max: 10, sum: 38, sd: 3.14 });
    expect(subjectOf(st, fx.q4.uuid).distribution!.reduce((a, d) => a + d.count, 0)).toBe(6);
    const matrix = subjectOf(st, fx.q6.uuid);
    expect(matrix.rows!.map((r) => r.cells.map((c) => c.count))).toEqual([
      [1, 1, 1, 1, 2],
      [0, 0, 0, 6, 0],
    ]);
    expect(matrix.rows![0]!.cells[4]!.percent).toBe(33.33);
    const stars = subjectOf(st, fx.q7.uuid);
    expect(stars.number!.avg).toBe(3.33);
    expect(stars.distribution!.map((d) => d.count)).toEqual([1, 1, 1, 1, 2]);
    const text = subjectOf(st, fx.q5.uuid);
    expect(text.texts!.map((x) => x.text)).toEqual(['＋很好', '一般', '价格实惠', '=1+1', '服务很好，价格实惠']);
    expect(text.words!.slice(0, 2)).toEqual([
      { word: '价格', count: 2 },
      { word: '实惠', count: 2 },
    ]);
  });

  it('filters: an answer condition, a number comparison, a source and the time range change the counts', async () => {
    const choseMale = await statement(fx.questionId, { conditions: [{ op: 'chose', subject: fx.q1.uuid, option: 'g0' }] });
    expect(choseMale.total).toBe(3);
    expect(choseMale.filtered).toBe(true);
    expect(counts(subjectOf(choseMale, fx.q1.uuid))).toEqual([3, 0, 0]);
    expect(counts(subjectOf(choseMale, fx.q2.uuid))).toEqual([3, 1, 0]);
    expect(subjectOf(choseMale, fx.q2.uuid).options![0]!.percent).toBe(100);

    const above7 = await statement(fx.questionId, { conditions: [{ op: 'greater', subject: fx.q4.uuid, value: 7 }] });
    expect(above7.total).toBe(3);
    expect(counts(subjectOf(above7, fx.q1.uuid))).toEqual([2, 1, 0]);
    expect(subjectOf(above7, fx.q4.uuid).number).toMatchObject({ count: 3, min: 8, max: 10, avg: 9 });

    const either = await statement(fx.questionId, {
      match: 'any',
      conditions: [
        { op: 'chose', subject: fx.q1.uuid, option: 'g2' },
        { op: 'less', subject: fx.q3.uuid, value: 4 },
      ],
    });
    expect(either.total).toBe(2);
    const notMale = await statement(fx.questionId, { conditions: [{ op: 'notChose', subject: fx.q1.uuid, option: 'g0' }] });
    expect(notMale.total).toBe(3);

    const qr = await statement(fx.questionId, { sources: ['qr'] });
    expect(qr.total).toBe(1);
    expect(subjectOf(qr, fx.q5.uuid).texts!.map((x) => x.text)).toEqual(['=1+1']);
    const future = await statement(fx.questionId, { from: new Date(Date.now() + 3600_000).toISOString() });
    expect(future.total).toBe(0);
    expect(counts(subjectOf(future, fx.q1.uuid))).toEqual([0, 0, 0]);
  });

  it('cross-tab: counts with row and column percentages', async () => {
    const answer = await t.call<TCrossTab>(`${R}getCrossTab`, { questionId: fx.questionId, rowSubject: fx.q1.uuid, colSubject: fx.q2.uuid }, owner.headers);
    expect(answer.resultCode).toBe('200');
    const x = answer.data;
    expect(x.cells.map((r) => r.map((c) => c.count))).toEqual([
      [3, 1, 0],
      [0, 1, 2],
      [1, 0, 1],
    ]);
    expect(x.rowTotals).toEqual([4, 3, 2]);
    expect(x.colTotals).toEqual([4, 2, 3]);
    expect(x.total).toBe(9);
    expect(x.cells[0]![0]).toEqual({ count: 3, rowPercent: 75, colPercent: 75 });
    expect(x.cells[1]![2]).toEqual({ count: 2, rowPercent: 66.67, colPercent: 66.67 });
    const filtered = await t.call<TCrossTab>(
      `${R}getCrossTab`,
      { questionId: fx.questionId, rowSubject: fx.q1.uuid, colSubject: fx.q2.uuid, filter: { sources: ['link'] } },
      owner.headers,
    );
    expect(filtered.data.cells.map((r) => r.map((c) => c.count))).toEqual([
      [2, 1, 0],
      [0, 1, 2],
      [0, 0, 0],
    ]);
    const bad = await t.call(`${R}getCrossTab`, { questionId: fx.questionId, rowSubject: fx.q1.uuid, colSubject: fx.q5.uuid }, owner.headers);
    expect(bad.resultCode).toBe('400');
  });

  it('data detail pages and sorts on the server with formatted cells', async () => {
    const page = await t.call<TDataDetail>(`${R}getDataDetail`, { questionId: fx.questionId, pageSize: 4, sort: 'duration', order: 'asc' }, owner.headers);
    expect(page.data.total).toBe(6);
    expect(page.data.list.map((r) => r.durationSeconds)).toEqual([60, 90, 120, 200]);
    expect(page.data.columns.map((c) => c.index)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const second = page.data.list[2]!;
    expect(second.cells[fx.q1.uuid]).toBe('男');
    expect(second.cells[fx.q5.uuid]).toBe('=1+1');
    expect(second.cells[fx.q6.uuid]).toBe('4, 4');
    const next = await t.call<TDataDetail>(
      `${R}getDataDetail`,
      { questionId: fx.questionId, cursor: page.data.nextCursor, pageSize: 4, sort: 'duration', order: 'asc' },
      owner.headers,
    );
    expect(next.data.list.map((r) => r.durationSeconds)).toEqual([300, 400]);
    expect(next.data.nextCursor).toBeNull();
    const tooBig = await t.call(`${R}getDataDetail`, { questionId: fx.questionId, pageSize: 101 }, owner.headers);
    expect(tooBig.resultCode).toBe('400');
  });

  it('sheet detail with neighbours; bin, restore and suspect keep counts and counters right', async () => {
    const [first, second, third] = fx.sheetIds;
    const detail = await t.call<TSheetDetail>(`${R}getAnswerSheetDetail`, { questionId: fx.questionId, sheetId: second }, owner.headers);
    expect(detail.data.prevSheetId).toBe(third);
    expect(detail.data.nextSheetId).toBe(first);
    expect(detail.data.answers.find((a) => a.uuid === fx.q5.uuid)!.text).toBe('=1+1');

    expect((await t.call(`${R}delAnswerSheet`, { questionId: fx.questionId, sheetId: first }, owner.headers)).resultCode).toBe('200');
    let st = await statement(fx.questionId);
    expect(st.total).toBe(5);
    expect(counts(subjectOf(st, fx.q1.uuid))).toEqual([2, 2, 1]);
    expect(counts(subjectOf(st, fx.q2.uuid))).toEqual([3, 1, 3]);
    // The filtered path (choice_options) agrees with the counters.
    const viaChoices = await statement(fx.questionId, { suspect: 'exclude' });
    expect(counts(subjectOf(viaChoices, fx.q1.uuid))).toEqual([2, 2, 1]);
    const bin = await statement(fx.questionId, { scope: 'bin' });
    expect(bin.total).toBe(1);
    const again = await t.call(`${R}delAnswerSheet`, { questionId: fx.questionId, sheetId: first }, owner.headers);
    expect(again.resultCode).toBe('200');
    expect((await statement(fx.questionId)).total).toBe(5);

    expect((await t.call(`${R}restoreAnswerSheet`, { questionId: fx.questionId, sheetId: first }, owner.headers)).resultCode).toBe('200');
    st = await statement(fx.questionId);
    expect(st.total).toBe(6);
    expect(counts(subjectOf(st, fx.q1.uuid))).toEqual([3, 2, 1]);
    const info = await t.call<{ dataCount: number }>('activity/question/getWxQuestion', { questionId: fx.questionId }, owner.headers);
    expect(info.data.dataCount).toBe(6);

    expect((await t.call(`${R}markSuspect`, { questionId: fx.questionId, sheetId: third, suspect: true }, owner.headers)).resultCode).toBe('200');
    const onlySuspect = await statement(fx.questionId, { suspect: 'only' });
    expect(onlySuspect.total).toBe(1);
    expect(counts(subjectOf(onlySuspect, fx.q1.uuid))).toEqual([0, 1, 0]);
    await t.call(`${R}markSuspect`, { questionId: fx.questionId, sheetId: third, suspect: false }, owner.headers);
    expect((await t.call(`${R}getAnswerSheetDetail`, { questionId: fx.questionId, sheetId: 'no-such-sheet' }, owner.headers)).resultCode).toBe('404');
  });

  it('quota statement reads used vs limit', async () => {
    const answer = await t.call<{ id: string; used: number; limit: number; label: string }[]>(
      `${R}getQuotaStatement`,
      { questionId: fx.questionId },
      owner.headers,
    );
    expect(answer.data).toEqual([
      { id: 'qa', label: '第1题 性别：男', used: 3, limit: 10, full: false, basis: 'option', condition: null, onFull: 'hideOption', message: '' },
    ]);
  });

  it('a view-only collaborator reads reports; an edit-only one cannot read them (the quota counts yes); a viewer never changes sheets', async () => {
    const viewer = await loginNewUser(t);
    const editor = await loginNewUser(t);
    const project = (await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [fx.questionId]))[0]!;
    for (const [u, power] of [
      [viewer, 3],
      [editor, 2],
    ] as const) {
      const id = (await t.database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [u.phone]))[0]!.id;
      await t.database.query('INSERT INTO project_members (project_id, user_id, power_type) VALUES ($1, $2, $3)', [project.id, id, power]);
    }
    const asViewer = await t.call<TStatement>(`${R}getStatement`, { questionId: fx.questionId }, viewer.headers);
    expect(asViewer.resultCode).toBe('200');
    expect(asViewer.data.total).toBe(6);
    expect((await t.call(`${R}getDataDetail`, { questionId: fx.questionId }, viewer.headers)).resultCode).toBe('200');
    expect((await t.call(`${R}exportExcel`, { questionId: fx.questionId }, viewer.headers)).resultCode).toBe('200');
    expect((await t.call(`${R}delAnswerSheet`, { questionId: fx.questionId, sheetId: fx.sheetIds[0] }, viewer.headers)).resultCode).toBe('403');
    for (const path of ['getStatement', 'getDataDetail', 'exportExcel']) {
      expect((await t.call(`${R}${path}`, { questionId: fx.questionId }, editor.headers)).resultCode, path).toBe('403');
    }
    // The quota statement is counts, not answers: the editor reads it to change targets (docs/decisions.md).
    expect((await t.call(`${R}getQuotaStatement`, { questionId: fx.questionId }, editor.headers)).resultCode).toBe('200');
  });

  it('the Excel export opens with exceljs, holds every sheet and no formula; triggers come out as text', async () => {
    const link = await t.call<TExportLink>(`${R}exportExcel`, { questionId: fx.questionId, mode: 'subject' }, owner.headers);
    expect(link.resultCode).toBe('200');
    const response = await t.app.inject({ method: 'GET', url: link.data.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toHaveLength(7);
    const header = rows[0] as string[];
    expect(header.slice(0, 6)).toEqual(['序号', '答卷编号', '提交时间（北京时间 UTC+8）', '用时(秒)', '来源', '可疑答卷']);
    expect(header.slice(6)).toEqual(['1. 性别', '2. 常用渠道', '3. 推荐意愿', '4. =1+1', '5. 建议', '6. 满意度 - 服务', '6. 满意度 - 价格', '7. 评分']);
    const textColumn = header.indexOf('5. 建议');
    expect(rows.map((r) => r[textColumn])).toEqual(['5. 建议', '服务很好，价格实惠', "'=1+1", '价格实惠', undefined, '一般', "'＋很好"]);
    expect(rows[1]![header.indexOf('1. 性别')]).toBe('男');
    expect(rows.slice(1).map((r) => r[3])).toEqual([300, 120, 200, 90, 400, 60]);
    let formulas = 0;
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (cell.type === ExcelJS.ValueType.Formula || cell.formula) formulas += 1;
      }),
    );
    expect(formulas).toBe(0);

    const byOption = await t.call<TExportLink>(
      `${R}exportExcel`,
      { questionId: fx.questionId, mode: 'option', filter: { conditions: [{ op: 'chose', subject: fx.q1.uuid, option: 'g0' }] } },
      owner.headers,
    );
    const optionBook = new ExcelJS.Workbook();
    await optionBook.xlsx.load((await t.app.inject({ method: 'GET', url: byOption.data.url })).rawPayload as unknown as ArrayBuffer);
    const optionRows: unknown[][] = [];
    optionBook.worksheets[0]!.eachRow((row) => optionRows.push((row.values as unknown[]).slice(1)));
    expect(optionRows).toHaveLength(4);
    const optionHeader = optionRows[0] as string[];
    const male = optionHeader.indexOf('1. 性别 - 男');
    expect(optionRows.slice(1).map((r) => r[male])).toEqual([1, 1, 1]);
    expect(optionHeader).toContain('6. 满意度 - 服务:5');
  });

  it('a title that is itself a formula trigger is neutralised in the header', async () => {
    const s = { ...makeSubject(6, 1, '=HYPERLINK("http://x")'), required: false } as TSubject;
    const questionId = await publishProject(t, owner.headers, { subjects: [s] });
    await t.database.query(`UPDATE subjects SET config = jsonb_set(config, '{isStemIndex}', 'false') WHERE config->>'uuid' = $1`, [s.uuid]);
    await t.call('active/write/submit', { questionId, submissionId: submissionId(), answers: { [s.uuid]: '-2+3' }, deviceId: 'dev-x', durationSeconds: 5 });
    const link = await t.call<TExportLink>(`${R}exportExcel`, { questionId }, owner.headers);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await t.app.inject({ method: 'GET', url: link.data.url })).rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]![6]).toBe(`'=HYPERLINK("http://x")`);
    expect(rows[1]![6]).toBe("'-2+3");
  });

  it('CSV export: UTF-8 with BOM, neutralised cells; a stale or forged link is refused', async () => {
    const link = await t.call<TExportLink>(`${R}exportCsv`, { questionId: fx.questionId, mode: 'subject' }, owner.headers);
    const response = await t.app.inject({ method: 'GET', url: link.data.url });
    expect(response.statusCode).toBe(200);
    const text = response.body;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split('\n');
    expect(lines).toHaveLength(7);
    expect(lines[2]).toContain(",'=1+1,");
    expect(lines[6]).toContain(",'＋很好,");
    const forged = await t.app.inject({ method: 'GET', url: link.data.url.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')) });
    expect(forged.json().resultCode).toBe('401');
  });

  it('safeCell covers every trigger, full-width forms included', () => {
    for (const v of ['=1', '+1', '-1', '@x', '\t1', '\r1', '＝1', '＋1', '－1', '＠x']) expect(safeCell(v)).toBe(`'${v}`);
    for (const v of ['1', 'a=1', '', '中文']) expect(safeCell(v)).toBe(v);
  });

  it('exam scores: statement, rank and highest', async () => {
    const a = {
      ...makeSubject(1, 1, '1+1=?'),
      score: 5,
      options: [
        { uuid: 'x1', title: '2', isCorrect: true },
        { uuid: 'x2', title: '3' },
      ],
    } as TSubject;
    const b = {
      ...makeSubject(1, 2, '2+2=?'),
      score: 5,
      options: [
        { uuid: 'y1', title: '4', isCorrect: true },
        { uuid: 'y2', title: '5' },
      ],
    } as TSubject;
    const questionId = await publishProject(t, owner.headers, { subjects: [a, b], questionType: 2 });
    for (const [pa, pb] of [
      ['x1', 'y1'],
      ['x1', 'y2'],
      ['x2', 'y2'],
    ]) {
      const r = await t.call('active/write/submit', {
        questionId,
        submissionId: submissionId(),
        answers: { [a.uuid]: { optionIds: [pa] }, [b.uuid]: { optionIds: [pb] } },
        deviceId: 'dev-e',
        durationSeconds: 30,
      });
      expect(r.resultCode).toBe('200');
    }
    const st = await t.call<TScoreStatement>(`${R}getScoreStatement`, { questionId }, owner.headers);
    expect(st.data).toMatchObject({ count: 3, average: 5, highest: 10, lowest: 0, maxTotal: 10 });
    expect(st.data.buckets.map((x) => x.count)).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 1]);
    const rank = await t.call<{ list: { rank: number; score: number }[]; total: number }>(`${R}getScoreRank`, { questionId }, owner.headers);
    expect(rank.data.list.map((r) => [r.rank, r.score])).toEqual([
      [1, 10],
      [2, 5],
      [3, 0],
    ]);
    const top = await t.call<{ highest: number }>(`${R}getHighestScore`, { questionId }, owner.headers);
    expect(top.data.highest).toBe(10);
  });

  it('an empty project answers an empty statement', async () => {
    const s = makeSubject(1, 1, '空');
    const questionId = await publishProject(t, owner.headers, { subjects: [s] });
    const st = await statement(questionId);
    expect(st.total).toBe(0);
    expect(counts(st.subjects[0]!)).toEqual([0, 0]);
  });
});
