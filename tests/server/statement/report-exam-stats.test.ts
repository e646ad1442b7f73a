import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TScoreStatement, TStatement } from '../../../schemas/api/report';
import type { TSubject } from '../../../schemas/subjects/registry';
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
const q1 = {
  ...makeSubject(1, 1, '1+1=?'),
  score: 5,
  options: [
    { uuid: 'x1', title: '2', isCorrect: true },
    { uuid: 'x2', title: '3' },
  ],
} as TSubject;
const q2 = {
  ...makeSubject(2, 2, '哪些是偶数'),
  score: 4,
  options: [
    { uuid: 'y1', title: '2', isCorrect: true },
    { uuid: 'y2', title: '4', isCorrect: true },
    { uuid: 'y3', title: '5' },
  ],
} as TSubject;
const q3 = {
  ...makeSubject(9, 3, '从小到大排序'),
  required: false,
  score: 6,
  scoring: 'perPosition',
  options: [
    { uuid: 'z1', title: '1' },
    { uuid: 'z2', title: '2' },
    { uuid: 'z3', title: '3' },
  ],
  correctOrder: ['z1', 'z2', 'z3'],
} as TSubject;
const q4 = { ...makeSubject(6, 4, '姓名'), required: false } as TSubject;

/**
 * Three graded sheets: q1 5 / 5 / 0, q2 4 / 0 / 0, q3 6 (exact) / 2 (one position of three) / 0 (unanswered).
 * Correct rate = sheets with full marks on the subject.
 */
const SHEETS = [
  { [q1.uuid]: { optionIds: ['x1'] }, [q2.uuid]: { optionIds: ['y1', 'y2'] }, [q3.uuid]: { optionIds: ['z1', 'z2', 'z3'] }, [q4.uuid]: '甲' },
  { [q1.uuid]: { optionIds: ['x1'] }, [q2.uuid]: { optionIds: ['y1', 'y3'] }, [q3.uuid]: { optionIds: ['z2', 'z1', 'z3'] } },
  { [q1.uuid]: { optionIds: ['x2'] }, [q2.uuid]: { optionIds: ['y3'] } },
];

let questionId = '';

describe(`exam per-subject statistics on ${engineName()}`, () => {
  beforeAll(async () => {
    questionId = await publishProject(t, owner.headers, { subjects: [q1, q2, q3, q4], questionType: 2 });
    for (const answers of SHEETS) {
      const r = await t.call('active/write/submit', { questionId, submissionId: submissionId(), answers, deviceId: 'dev-exam', durationSeconds: 60 });
      expect(r.resultCode, r.resultMsg).toBe('200');
    }
  });

  it('the score statement lists each scored subject with its average and correct rate', async () => {
    const answer = await t.call<TScoreStatement>(`${R}getScoreStatement`, { questionId }, owner.headers);
    expect(answer.resultCode, answer.resultMsg).toBe('200');
    expect(answer.data).toMatchObject({ count: 3, average: 7.33, highest: 15, lowest: 0, maxTotal: 15 });
    expect(
      answer.data.subjects.map(({ uuid, index, maxScore, count, average, fullCount, correctRate }) => ({
        uuid,
        index,
        maxScore,
        count,
        average,
        fullCount,
        correctRate,
      })),
    ).toEqual([
      { uuid: q1.uuid, index: 1, maxScore: 5, count: 3, average: 3.33, fullCount: 2, correctRate: 66.67 },
      { uuid: q2.uuid, index: 2, maxScore: 4, count: 3, average: 1.33, fullCount: 1, correctRate: 33.33 },
      { uuid: q3.uuid, index: 3, maxScore: 6, count: 3, average: 2.67, fullCount: 1, correctRate: 33.33 },
    ]);
  });

  it('the statement carries the same figures on each scored subject card, and follows the filter', async () => {
    const all = await t.call<TStatement>(`${R}getStatement`, { questionId }, owner.headers);
    const exam = (st: TStatement, s: TSubject) => st.subjects.find((x) => x.uuid === s.uuid)!.exam;
    expect(exam(all.data, q1)).toEqual({ maxScore: 5, count: 3, average: 3.33, fullCount: 2, correctRate: 66.67 });
    expect(exam(all.data, q4)).toBeUndefined();
    const rightOnQ1 = await t.call<TStatement>(
      `${R}getStatement`,
      { questionId, filter: { conditions: [{ op: 'chose', subject: q1.uuid, option: 'x1' }] } },
      owner.headers,
    );
    expect(exam(rightOnQ1.data, q1)).toMatchObject({ count: 2, average: 5, correctRate: 100 });
    expect(exam(rightOnQ1.data, q2)).toMatchObject({ count: 2, average: 2, fullCount: 1, correctRate: 50 });
    expect(exam(rightOnQ1.data, q3)).toMatchObject({ average: 4, correctRate: 50 });
  });

  it('a sheet moved to the bin leaves the exam figures', async () => {
    const detail = await t.call<{ list: { sheetId: string; score: number }[] }>(
      `${R}getDataDetail`,
      { questionId, sort: 'score', order: 'asc' },
      owner.headers,
    );
    const zero = detail.data.list[0]!;
    expect(zero.score).toBe(0);
    expect((await t.call(`${R}delAnswerSheet`, { questionId, sheetId: zero.sheetId }, owner.headers)).resultCode).toBe('200');
    const answer = await t.call<TScoreStatement>(`${R}getScoreStatement`, { questionId }, owner.headers);
    expect(answer.data.subjects.map((s) => s.correctRate)).toEqual([100, 50, 50]);
  });
});
