import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSubmitResult } from '../../../schemas/api/write';
import type { TSubject } from '../../../schemas/subjects/registry';
import { buildApp } from '../../../server/app';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { pick, publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * Each server process keeps what a submit reads about a project (settings, questions, logic, conclusions).
 * Two apps on one database stand for two processes behind a load balancer: what the creator changes through
 * one is in force at once for respondents answering through the other.
 */
let t: TestApp;
let other: FastifyInstance;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp({ database: t.database, clientDir: '/nonexistent', jobs: 'manual' });
  await other.ready();
  owner = await loginNewUser(t);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

type Envelope<T> = { resultCode: string; resultMsg: string; data: T };
/** A call through the second process, as the creator. */
const edit = async <T = unknown>(path: string, body: object): Promise<Envelope<T>> =>
  (await other.inject({ method: 'POST', url: `/api/activity/question/${path}`, payload: body, headers: owner.headers })).json();
/** A question added through the second process: paused, added, published again (spec §4: no live structure edits). */
async function addWhilePausing(questionId: string, subject: TSubject) {
  expect((await edit('getQuestionStatus', { questionId, status: 0 })).resultCode).toBe('200');
  expect((await edit('createSubject', { questionId, subject })).resultCode).toBe('200');
  expect((await edit('getQuestionStatus', { questionId, status: 1 })).resultCode).toBe('200');
}
/** A respondent's submit through the first process. */
const submit = (questionId: string, answers: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  t.call<TSubmitResult>('active/write/submit', { questionId, submissionId: submissionId(), answers, deviceId: 'device-1', durationSeconds: 60, ...extra });

async function published(subjects: TSubject[]) {
  const questionId = await publishProject(t, owner.headers, { subjects });
  // The first answer makes this process remember the project.
  expect((await submit(questionId, { [subjects[0]!.uuid]: pick(subjects[0]!, 0) })).resultCode).toBe('200');
  return questionId;
}

describe(`what one process remembers of a project follows changes made through another, on ${engineName()}`, () => {
  it('a question added elsewhere is demanded at once; answered, the sheet is accepted', async () => {
    const q1 = makeSubject(1, 1, '您的性别');
    const questionId = await published([q1]);
    const q2 = makeSubject(6, 2, '您的姓名');
    await addWhilePausing(questionId, q2);
    expect(await submit(questionId, { [q1.uuid]: pick(q1, 1) })).toMatchObject({
      resultCode: '400',
      resultMsg: expect.stringMatching(new RegExp(`^subjects\\.${q2.uuid}: 第2题：`)),
    });
    expect((await submit(questionId, { [q1.uuid]: pick(q1, 1), [q2.uuid]: '李雷' })).resultCode).toBe('200');
  });

  it('a pause, a new conclusion page and a password set elsewhere apply to the next submit', async () => {
    const q1 = makeSubject(1, 1);
    const questionId = await published([q1]);
    const answers = { [q1.uuid]: pick(q1, 0) };

    expect((await edit('getQuestionStatus', { questionId, status: 0 })).resultCode).toBe('200');
    expect(await submit(questionId, answers)).toMatchObject({ resultCode: '409', resultMsg: '问卷已暂停收集' });
    expect((await edit('getQuestionStatus', { questionId, status: 1 })).resultCode).toBe('200');
    expect((await submit(questionId, answers)).data.conclusion.title).toBe('提交成功');

    // Conclusion pages change without a new project version: the submit notices them all the same.
    expect((await edit('saveOrUpdateConclusion', { questionId, conclusion: { title: '报名成功', content: '请按时到场' } })).resultCode).toBe('200');
    expect((await submit(questionId, answers)).data.conclusion).toMatchObject({ title: '报名成功', content: '请按时到场' });
    // An edited page, then a deleted one, the same.
    const pages = await edit<{ conclusionId: string; title: string }[]>('getConclusionList', { questionId });
    const conclusionId = pages.data.find((c) => c.title === '报名成功')!.conclusionId;
    expect((await edit('saveOrUpdateConclusion', { questionId, conclusion: { conclusionId, title: '报名成功', content: '请带身份证' } })).resultCode).toBe(
      '200',
    );
    expect((await submit(questionId, answers)).data.conclusion).toMatchObject({ title: '报名成功', content: '请带身份证' });
    expect((await edit('delConclusion', { questionId, conclusionId })).resultCode).toBe('200');
    expect((await submit(questionId, answers)).data.conclusion.title).toBe('提交成功');

    expect((await edit('updateWxQuestionSetting', { questionId, settings: { password: '1357' } })).resultCode).toBe('200');
    expect(await submit(questionId, answers)).toMatchObject({ resultCode: '403', resultMsg: '作答密码错误' });
    expect((await submit(questionId, answers, { password: '1357' })).resultCode).toBe('200');
  });

  it('a retried submission answers as the first time even after the project changed; a new one meets the change', async () => {
    const q1 = makeSubject(1, 1);
    const questionId = await published([q1]);
    const body = { questionId, submissionId: submissionId(), answers: { [q1.uuid]: pick(q1, 1) }, deviceId: 'device-2', durationSeconds: 60 };
    const first = await t.call<TSubmitResult>('active/write/submit', body);
    expect(first.resultCode).toBe('200');
    await addWhilePausing(questionId, makeSubject(6, 2, '联系电话'));
    const retried = await t.call<TSubmitResult>('active/write/submit', body);
    expect(retried).toMatchObject({ resultCode: '200', data: { sheetId: first.data.sheetId } });
    expect((await t.call('active/write/submit', { ...body, submissionId: submissionId() })).resultCode).toBe('400');
  });

  it('a project deleted elsewhere is gone for its respondents', async () => {
    const q1 = makeSubject(1, 1);
    const questionId = await published([q1]);
    expect((await edit('getWxQuestionDel', { questionId })).resultCode).toBe('200');
    expect(await submit(questionId, { [q1.uuid]: pick(q1, 0) })).toMatchObject({ resultCode: '404', resultMsg: '问卷不存在或已删除' });
  });
});
