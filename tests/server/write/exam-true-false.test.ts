import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TScoreStatement } from '../../../schemas/api/report';
import type { TSubmitResult } from '../../../schemas/api/write';
import { createTrueFalse } from '../../../schemas/subjects/presets';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser } from '../../helpers/fixtures';
import { pick, publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t, 4);
});
afterAll(() => t.close());

let seq = 0;
/** A 判断题 as the editor's palette adds it (a single choice 正确 / 错误, 正确 correct), with points and a statement. */
function trueFalse(title: string, score: number, answerIsFalse = false): TSubject {
  const uuid = `tf${++seq}`;
  const subject = {
    ...createTrueFalse({
      uuid,
      indexSort: seq,
      newId: (() => {
        let n = 0;
        return () => `${uuid}-${++n}`;
      })(),
    }),
    title,
    score,
  };
  if (answerIsFalse) subject.options = subject.options.map((o) => ({ ...o, isCorrect: o.title === '错误' }));
  return subject;
}

const submit = (questionId: string, answers: Record<string, unknown>) =>
  t.call<TSubmitResult>('active/write/submit', { questionId, submissionId: submissionId(), answers, deviceId: 'device-tf', durationSeconds: 30 });

// Issue 17 item 13: a 判断题 is a single choice, so it is scored, shown and reported like one.
describe(`判断题 in an exam on ${engineName()}`, () => {
  it('scores the right pick and not the wrong one, whichever of 正确 / 错误 is the answer', async () => {
    const isTrue = trueFalse('火警电话是 119。', 10);
    const isFalse = trueFalse('机器运转时可以用手清理物料。', 5, true);
    const questionId = await publishProject(t, owner.headers, {
      subjects: [isTrue, isFalse],
      questionType: 2,
      settings: { showScore: true, showCorrectAnswers: true },
    });

    const right = await submit(questionId, { [isTrue.uuid]: pick(isTrue, 0), [isFalse.uuid]: pick(isFalse, 1) });
    expect(right.resultCode, right.resultMsg).toBe('200');
    expect(right.data.score).toMatchObject({ total: 15, max: 15 });
    expect(right.data.score!.subjects[isTrue.uuid]).toMatchObject({ score: 10, max: 10, status: 'correct' });

    const wrong = await submit(questionId, { [isTrue.uuid]: pick(isTrue, 1), [isFalse.uuid]: pick(isFalse, 0) });
    expect(wrong.resultCode, wrong.resultMsg).toBe('200');
    expect(wrong.data.score).toMatchObject({ total: 0, max: 15 });
    expect(wrong.data.score!.subjects[isFalse.uuid]).toMatchObject({ score: 0, max: 5, status: 'wrong' });
    // The respondent is told the right answer by its option title.
    expect(wrong.data.correct?.[isTrue.uuid]?.answer).toBe('正确');
    expect(wrong.data.correct?.[isFalse.uuid]?.answer).toBe('错误');

    const report = await t.call<TScoreStatement>('question/statement/getScoreStatement', { questionId }, owner.headers);
    expect(report.resultCode, report.resultMsg).toBe('200');
    expect(report.data).toMatchObject({ count: 2, highest: 15, lowest: 0, maxTotal: 15 });
    expect(report.data.subjects.map(({ uuid, fullCount, correctRate }) => ({ uuid, fullCount, correctRate }))).toEqual([
      { uuid: isTrue.uuid, fullCount: 1, correctRate: 50 },
      { uuid: isFalse.uuid, fullCount: 1, correctRate: 50 },
    ]);
  });
});
