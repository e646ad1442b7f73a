import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProjectInfo } from '../../../schemas/api/question';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { pick, publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * Submits of a project without a total cap are counted in shards (no queue on the project row); a capped
 * project's count is one conditional update. Either way the creator sees one number everywhere.
 */
let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t, 4);
});
afterAll(() => t.close());

const submit = (questionId: string, q1: TSubject, i: number) =>
  t.call('active/write/submit', { questionId, submissionId: submissionId(), answers: { [q1.uuid]: pick(q1, i % 2) }, deviceId: `d${i}`, durationSeconds: 30 });
const dataCount = async (questionId: string) => (await t.call<TProjectInfo>('activity/question/getWxQuestion', { questionId }, owner.headers)).data.dataCount;

describe(`answer counts on ${engineName()}`, () => {
  it('parallel answers to an uncapped project: the project, its list row and the count sort all say how many', async () => {
    const q1 = makeSubject(1, 1, '是否参加');
    const busy = await publishProject(t, owner.headers, { subjects: [q1] });
    const quiet = await publishProject(t, owner.headers, { subjects: [q1] });
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => submit(busy, q1, i)));
    expect(answers.every((a) => a.resultCode === '200')).toBe(true);
    expect((await submit(quiet, q1, 0)).resultCode).toBe('200');

    expect(await dataCount(busy)).toBe(24);
    const list = await t.call<{ list: TProjectInfo[] }>(
      'activity/question/getWxQuestionList',
      { questionType: 1, sort: 'dataCount', order: 'desc', page: 1, pageSize: 10 },
      owner.headers,
    );
    expect(list.data.list.slice(0, 2).map((p) => [p.questionId, p.dataCount])).toEqual([
      [busy, 24],
      [quiet, 1],
    ]);
    const ascending = await t.call<{ list: TProjectInfo[] }>(
      'activity/question/getWxQuestionList',
      { questionType: 1, sort: 'dataCount', order: 'asc', page: 1, pageSize: 10 },
      owner.headers,
    );
    expect(ascending.data.list.at(-1)?.questionId).toBe(busy);
  });

  it('a cap set on a project that already has answers counts them: exactly the room left is taken', async () => {
    const q1 = makeSubject(1, 1, '报名场次');
    const questionId = await publishProject(t, owner.headers, { subjects: [q1] });
    for (let i = 0; i < 5; i++) expect((await submit(questionId, q1, i)).resultCode).toBe('200');
    expect((await t.call('activity/question/updateWxQuestionSetting', { questionId, settings: { maxAnswers: 8 } }, owner.headers)).resultCode).toBe('200');

    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => submit(questionId, q1, 10 + i)));
    expect(answers.filter((a) => a.resultCode === '200')).toHaveLength(3);
    expect(answers.filter((a) => a.resultCode === '409').every((a) => a.resultMsg === '答卷数量已达上限，感谢您的关注')).toBe(true);
    expect(await dataCount(questionId)).toBe(8);

    // The cap lifted again: counting goes on from the exact number.
    expect((await t.call('activity/question/updateWxQuestionSetting', { questionId, settings: { maxAnswers: null } }, owner.headers)).resultCode).toBe('200');
    expect((await submit(questionId, q1, 30)).resultCode).toBe('200');
    expect(await dataCount(questionId)).toBe(9);
  });
});
