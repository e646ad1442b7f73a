import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStatement } from '../../../schemas/api/report';
import type { TSubject } from '../../../schemas/subjects/registry';
import { factPlan } from '../../../server/services/report/report-facts';
import { rollUp } from '../../../server/services/report/report-rollup';
import { reportSubjects } from '../../../server/services/report/report-subjects';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * The unfiltered report reads a rollup up to a watermark plus the sheets past it (report-rollup.ts). Each test
 * compares it with the same report computed directly over the sheets (a time filter that keeps every sheet is
 * not "plain", so it skips the rollup), after submits, rollups, bin moves, restores and edits.
 */
let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t, 4);
});
afterAll(() => t.close());

const R = 'question/statement/';
const parts = (prefix: string, titles: string[]) => titles.map((title, i) => ({ uuid: `${prefix}${i + 1}`, title }));
const loose = (s: TSubject, extra: object = {}) => ({ ...s, required: false, ...extra }) as TSubject;

const single = loose(makeSubject(1, 1, '单选'), { options: parts('s', ['甲', '乙', '丙']) });
const multi = loose(makeSubject(2, 2, '多选'), { options: parts('m', ['一', '二', '三', '四']) });
const nps = loose(makeSubject(22, 3, '推荐'));
const rank = loose(makeSubject(9, 4, '排序'), { options: parts('r', ['甲', '乙', '丙']) });
const sum = loose(makeSubject(20, 5, '分配'), { items: parts('x', ['研发', '市场']), total: 100 });
const slide = loose(makeSubject(24, 6, '滑动'), { min: 0, max: 100, step: 1 });
const mMulti = loose(makeSubject(12, 7, '矩阵多选'), { rows: parts('w', ['上午', '下午']), columns: parts('k', ['茶', '咖啡']) });
const evalu = loose(makeSubject(38, 8, '评价'), { maxScore: 5, labels: parts('l', ['热情', '及时']) });
const SUBJECTS = [single, multi, nps, rank, sum, slide, mMulti, evalu];

/** The i-th sheet: every subject answered from i, some left out, so no two neighbours look alike. */
function answersOf(i: number): Record<string, unknown> {
  const a: Record<string, unknown> = {
    [single.uuid]: { optionIds: [`s${1 + (i % 3)}`] },
    [multi.uuid]: { optionIds: [`m${1 + (i % 4)}`, ...(i % 3 === 0 ? [`m${1 + ((i + 1) % 4)}`] : [])] },
    [rank.uuid]: { optionIds: i % 2 ? ['r1', 'r2', 'r3'] : ['r3', 'r1', 'r2'] },
    [slide.uuid]: (i * 37) % 101,
    [evalu.uuid]: [{ evaluateType: 1, score: 1 + (i % 5) }, ...(i % 2 ? [{ evaluateType: 2, labelTitle: '热情' }] : [])],
  };
  if (i % 4 !== 1) a[nps.uuid] = (i * 7) % 11;
  if (i % 3 !== 2) a[sum.uuid] = { x1: (i * 10) % 100, x2: 100 - ((i * 10) % 100) };
  if (i % 5 !== 3) a[mMulti.uuid] = { w1: i % 2 ? ['k1'] : ['k1', 'k2'], ...(i % 3 ? { w2: ['k2'] } : {}) };
  return a;
}

let questionId = '';
let projectId = 0;
let next = 0;
const submit = async (device = 'dev') => {
  const i = next++;
  const r = await t.call<{ sheetId: string }>('active/write/submit', {
    questionId,
    submissionId: submissionId(),
    answers: answersOf(i),
    deviceId: `${device}-${i}`,
    durationSeconds: 60,
  });
  expect(r.resultCode, r.resultMsg).toBe('200');
  return r.data.sheetId;
};
const statement = async (filter?: object) => {
  const answer = await t.call<TStatement>(`${R}getStatement`, { questionId, filter }, owner.headers);
  expect(answer.resultCode, answer.resultMsg).toBe('200');
  return answer.data;
};
const EVERY_SHEET = { from: '2000-01-01T00:00:00.000Z' };
const rollup = async () =>
  (await t.database.query<{ watermark: number; sheets: number }>('SELECT watermark, sheets FROM report_rollups WHERE project_id = $1', [projectId]))[0];
const roll = async () =>
  rollUp(
    t.database,
    projectId,
    factPlan(
      (await reportSubjects(t.database.query, projectId)).map((l) => l.subject),
      false,
    ),
  );

/** The rolled-up report equals the direct one in every statistic. */
async function expectSameAsDirect() {
  const [rolled, direct] = [await statement(), await statement(EVERY_SHEET)];
  expect(rolled.filtered).toBe(false);
  expect(direct.filtered).toBe(true);
  expect(rolled.total).toBe(direct.total);
  expect(rolled.subjects).toEqual(direct.subjects);
  return rolled;
}

describe(`report rollup on ${engineName()}`, () => {
  beforeAll(async () => {
    questionId = await publishProject(t, owner.headers, { subjects: SUBJECTS });
    projectId = (await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [questionId]))[0]!.id;
  });

  it('the first report rolls the sheets up; later sheets are read past the watermark until the next rollup', async () => {
    for (let i = 0; i < 12; i++) await submit();
    const first = await expectSameAsDirect();
    expect(first.total).toBe(12);
    const built = await rollup();
    expect(built?.sheets).toBe(12);
    for (let i = 0; i < 5; i++) await submit();
    const later = await expectSameAsDirect();
    expect(later.total).toBe(17);
    expect((await rollup())?.watermark).toBe(built?.watermark);
    const singleCounts = later.subjects.find((s) => s.uuid === single.uuid)!.options!.map((o) => o.count);
    expect(singleCounts).toEqual([6, 6, 5]);
    await roll();
    expect((await rollup())?.sheets).toBe(17);
    await expectSameAsDirect();
  });

  it('binning and restoring sheets on both sides of the watermark keeps the report exact without a rebuild', async () => {
    const rolledSheet = (
      await t.database.query<{ public_id: string }>('SELECT public_id FROM answer_sheets WHERE project_id = $1 ORDER BY id LIMIT 1 OFFSET 3', [projectId])
    )[0]!.public_id;
    const tail = await submit();
    const before = await rollup();
    for (const sheetId of [rolledSheet, tail]) {
      const r = await t.call(`${R}delAnswerSheet`, { questionId, sheetId }, owner.headers);
      expect(r.resultCode, r.resultMsg).toBe('200');
    }
    // Binning twice changes nothing.
    expect((await t.call(`${R}delAnswerSheet`, { questionId, sheetId: rolledSheet }, owner.headers)).resultCode).toBe('200');
    expect(await rollup()).toEqual({ watermark: before!.watermark, sheets: before!.sheets - 1 });
    expect((await expectSameAsDirect()).total).toBe(16);
    expect((await t.call(`${R}restoreAnswerSheet`, { questionId, sheetId: rolledSheet }, owner.headers)).resultCode).toBe('200');
    expect((await rollup())?.sheets).toBe(before!.sheets);
    expect((await expectSameAsDirect()).total).toBe(17);
  });

  it('a subject added after the rollup: the report rebuilds for the new subjects and stays exact', async () => {
    const text = loose(makeSubject(4, 9, '建议'));
    const number = loose(makeSubject(21, 10, '年龄'), { decimals: 0 });
    await t.database.query(
      `INSERT INTO subjects (project_id, uuid, subject_type, index_sort, config) SELECT $1, s->>'uuid', (s->>'subjectType')::int, (s->>'indexSort')::int, s FROM jsonb_array_elements($2::jsonb) s`,
      [projectId, JSON.stringify([text, number])],
    );
    await t.database.query('UPDATE projects SET version = version + 1 WHERE id = $1', [projectId]);
    const st = await expectSameAsDirect();
    expect(st.subjects.map((s) => s.uuid)).toContain(number.uuid);
  });

  it('parallel submits, rollups and bin moves: the report still equals the sheets', async () => {
    const questionIdNow = questionId;
    const binned = (
      await t.database.query<{ public_id: string }>('SELECT public_id FROM answer_sheets WHERE project_id = $1 AND status = 1 ORDER BY id LIMIT 3', [projectId])
    ).map((r) => r.public_id);
    await Promise.all([
      ...Array.from({ length: 40 }, () => submitFresh(questionIdNow)),
      ...Array.from({ length: 4 }, () => roll()),
      ...binned.map((sheetId) => t.call(`${R}delAnswerSheet`, { questionId: questionIdNow, sheetId }, owner.headers)),
      ...Array.from({ length: 40 }, () => submitFresh(questionIdNow)),
      ...Array.from({ length: 4 }, () => roll()),
    ]);
    await roll();
    const [valid] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM answer_sheets WHERE project_id = $1 AND status = 1', [projectId]);
    expect((await rollup())?.sheets).toBe(valid!.n);
    expect((await expectSameAsDirect()).total).toBe(valid!.n);
  });
});

/** A submit that does not share the test's counter with parallel calls (each takes its own index first). */
async function submitFresh(id: string) {
  const i = next++;
  const r = await t.call('active/write/submit', {
    questionId: id,
    submissionId: submissionId(),
    answers: answersOf(i),
    deviceId: `par-${i}`,
    durationSeconds: 60,
  });
  expect(r.resultCode, r.resultMsg).toBe('200');
}
