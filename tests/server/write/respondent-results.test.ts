import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRespondentResults, TSubmitResult } from '../../../schemas/api/write';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { pick, publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t);
});
afterAll(() => t.close());

const submit = (questionId: string, answers: Record<string, unknown>, i: number) =>
  t.call<TSubmitResult>('active/write/submit', { questionId, submissionId: submissionId(), answers, deviceId: `res-${i}`, durationSeconds: 30 });

describe(`向答题者展示统计结果 on ${engineName()}`, () => {
  it("with the setting on, a respondent reads the choice statistics with their sheet id, never other people's texts", async () => {
    const q1 = makeSubject(1, 1, '喜欢的季节');
    const q2 = makeSubject(6, 2, '理由');
    const questionId = await publishProject(t, owner.headers, { subjects: [q1, q2], settings: { showResults: true } });
    await submit(questionId, { [q1.uuid]: pick(q1, 0), [q2.uuid]: '别人的秘密理由' }, 1);
    await submit(questionId, { [q1.uuid]: pick(q1, 0), [q2.uuid]: '另一个' }, 2);
    const mine = await submit(questionId, { [q1.uuid]: pick(q1, 1), [q2.uuid]: '我的' }, 3);
    expect(mine.data.showResults).toBe(true);
    const results = await t.call<TRespondentResults>('active/write/getResults', { questionId, sheetId: mine.data.sheetId });
    expect(results.resultCode).toBe('200');
    expect(results.data.total).toBe(3);
    expect(results.data.subjects).toHaveLength(1);
    expect(results.data.subjects[0]!.options.map((o) => [o.count, o.percent])).toEqual([
      [2, 66.67],
      [1, 33.33],
    ]);
    expect(JSON.stringify(results.data)).not.toContain('秘密');
    // No sheet, no statistics.
    expect(await t.call('active/write/getResults', { questionId, sheetId: 'not-a-sheet' })).toMatchObject({
      resultCode: '404',
      resultMsg: '答卷不存在或已删除',
    });
  });

  it('with the setting off (or turned off later) the statistics are refused and the submit does not offer them', async () => {
    const q1 = makeSubject(1, 1);
    const questionId = await publishProject(t, owner.headers, { subjects: [q1] });
    const mine = await submit(questionId, { [q1.uuid]: pick(q1, 0) }, 1);
    expect(mine.data.showResults).toBe(false);
    expect(await t.call('active/write/getResults', { questionId, sheetId: mine.data.sheetId })).toMatchObject({
      resultCode: '403',
      resultMsg: '发布者未公开统计结果',
    });
  });
});
