import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSubject } from '../../../schemas/subjects/registry';
import { collectFacts, factPlan } from '../../../server/services/report/report-facts';
import { Params } from '../../../server/services/report/report-filter';
import { reportSubjects } from '../../../server/services/report/report-subjects';
import { withSheetIndex } from '../../../server/services/report/sheet-index/index-store';
import { factsOf, validSheets } from '../../../server/services/report/sheet-index/sheet-index';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * The filter index (issue 54 item 1) counts what the SQL report counts: the facts of the valid sheets read as
 * bitmap cardinalities equal report-facts' collectFacts over the same sheets, for every kind of fact.
 */
let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t, 4);
});
afterAll(() => t.close());

const parts = (prefix: string, titles: string[]) => titles.map((title, i) => ({ uuid: `${prefix}${i + 1}`, title }));
const loose = (s: TSubject, extra: object = {}) => ({ ...s, required: false, ...extra }) as TSubject;
const single = loose(makeSubject(1, 1, '单选'), { options: parts('s', ['甲', '乙', '丙']) });
const multi = loose(makeSubject(2, 2, '多选'), { options: parts('m', ['一', '二', '三', '四']) });
const nps = loose(makeSubject(22, 3, '推荐'));
const rank = loose(makeSubject(9, 4, '排序'), { options: parts('r', ['甲', '乙', '丙']) });
const sum = loose(makeSubject(20, 5, '分配'), { items: parts('x', ['研发', '市场']), total: 100 });
const mMulti = loose(makeSubject(12, 6, '矩阵多选'), { rows: parts('w', ['上午', '下午']), columns: parts('k', ['茶', '咖啡']) });
const evalu = loose(makeSubject(38, 7, '评价'), { maxScore: 5, labels: parts('l', ['热情', '及时']) });
const SUBJECTS = [single, multi, nps, rank, sum, mMulti, evalu];

function answersOf(i: number): Record<string, unknown> {
  const a: Record<string, unknown> = {
    [single.uuid]: { optionIds: [`s${1 + (i % 3)}`] },
    [multi.uuid]: { optionIds: [`m${1 + (i % 4)}`, ...(i % 3 === 0 ? [`m${1 + ((i + 1) % 4)}`] : [])] },
    [rank.uuid]: { optionIds: i % 2 ? ['r1', 'r2', 'r3'] : ['r3', 'r1', 'r2'] },
    [evalu.uuid]: [{ evaluateType: 1, score: 1 + (i % 5) }],
  };
  if (i % 4 !== 1) a[nps.uuid] = (i * 7) % 11;
  if (i % 3 !== 2) a[sum.uuid] = { x1: (i * 10) % 100, x2: 100 - ((i * 10) % 100) };
  if (i % 5 !== 3) a[mMulti.uuid] = { w1: i % 2 ? ['k1'] : ['k1', 'k2'], ...(i % 3 ? { w2: ['k2'] } : {}) };
  return a;
}

describe(`filter index on ${engineName()}`, () => {
  it('the valid sheets counted through the index equal the SQL facts, with sheets in the bin', async () => {
    const questionId = await publishProject(t, owner.headers, { subjects: SUBJECTS });
    const [{ id: projectId }] = (await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [questionId])) as [{ id: number }];
    const sheets: string[] = [];
    for (let i = 0; i < 24; i++) {
      const r = await t.call<{ sheetId: string }>('active/write/submit', {
        questionId,
        submissionId: submissionId(),
        answers: answersOf(i),
        deviceId: `d-${i}`,
        durationSeconds: 60,
      });
      expect(r.resultCode, r.resultMsg).toBe('200');
      sheets.push(r.data.sheetId);
    }
    for (const sheetId of [sheets[2], sheets[9]])
      expect((await t.call('question/statement/delAnswerSheet', { questionId, sheetId }, owner.headers)).resultCode).toBe('200');
    const plan = factPlan(
      (await reportSubjects(t.database.query, projectId)).map((l) => l.subject),
      false,
    );
    const sql = await collectFacts(t.database.query, { where: 'a.project_id = $1 AND a.status = 1', params: new Params([projectId]) }, plan);
    const indexed = await withSheetIndex(t.database, projectId, plan, (index) => {
      const valid = validSheets(index);
      try {
        return factsOf(index, valid);
      } finally {
        valid.dispose();
      }
    });
    expect(sql.sheets).toBe(22);
    expect(Object.keys(sql.ranks).length).toBeGreaterThan(0);
    expect(Object.keys(sql.sums).length).toBeGreaterThan(0);
    expect(Object.keys(sql.rows).length).toBeGreaterThan(0);
    expect(indexed?.value).toEqual(sql);
  });
});
