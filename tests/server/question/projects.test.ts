import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCreateResult, TProjectInfo, TProjectList } from '../../../schemas/api/question';
import { loginNewUser, makeSubject, singleChoices } from '../../helpers/fixtures';
import { PROJECT_CALLS } from '../../helpers/project-calls';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const create = (headers: { token: string }, body: Record<string, unknown> = {}) =>
  t.call<TCreateResult>('activity/question/saveOrUpdateWxQuestion', { questionType: 1, title: '客户满意度调查', ...body }, headers);

describe(`projects on ${engineName()}`, () => {
  it('creates a survey with subjects and reads it back with owner power', async () => {
    const u = await loginNewUser(t);
    const subjects = [makeSubject(1, 1, '您的性别'), makeSubject(15, 2), makeSubject(6, 3, '您的姓名')];
    const created = await create(u.headers, { subjects });
    expect(created.data.isCreate).toBe(1);
    const info = await t.call<TProjectInfo>('activity/question/getWxQuestion', { questionId: created.data.questionId }, u.headers);
    expect(info.data).toMatchObject({ title: '客户满意度调查', questionType: 1, status: 0, powerType: 1, isTeamWork: 0, subjectCount: 2 });
    const read = await t.call<{ subjects: { title: string }[] }>('activity/question/getSubject', { questionId: created.data.questionId }, u.headers);
    expect(read.data.subjects.map((s) => s.title)).toEqual(['您的性别', expect.any(String), '您的姓名']);
  });

  it('sanitises rich text when saving', async () => {
    const u = await loginNewUser(t);
    const evil = { ...makeSubject(1, 1), title: '<b>ok</b><img src=x onerror=alert(1)><script>alert(2)</script>' };
    const { data } = await create(u.headers, { subjects: [evil] });
    const read = await t.call<{ subjects: { title: string }[] }>('activity/question/getSubject', { questionId: data.questionId }, u.headers);
    expect(read.data.subjects[0]!.title).toContain('<b>ok</b>');
    expect(read.data.subjects[0]!.title).not.toMatch(/onerror|script/);
  });

  it('ids are opaque: not numeric, not sequential', async () => {
    const u = await loginNewUser(t);
    const a = (await create(u.headers)).data.questionId!;
    const b = (await create(u.headers)).data.questionId!;
    for (const id of [a, b]) {
      expect(id).toMatch(/^[\w-]{16}$/);
      expect(Number.isNaN(Number(id))).toBe(true);
    }
    expect(a.slice(0, 8)).not.toBe(b.slice(0, 8));
  });

  it('the 21st project of a free user in a day gets isCreate 0', async () => {
    const u = await loginNewUser(t);
    for (let i = 0; i < 20; i++) expect((await create(u.headers)).data.isCreate).toBe(1);
    expect((await create(u.headers)).data).toEqual({ isCreate: 0, questionId: null });
    const count = await t.call<{ questionCount: number; maxNumber: number; levelName: string }>('activity/question/getQuestionCount', {}, u.headers);
    expect(count.data).toMatchObject({ questionCount: 20, maxNumber: 20, levelName: '免费版' });
  });

  it('a project over 200 subjects gets isCreate 2 and uses none of the daily limit', async () => {
    const u = await loginNewUser(t);
    expect((await create(u.headers, { subjects: singleChoices(201) })).data).toEqual({ isCreate: 2, questionId: null });
    expect((await create(u.headers, { subjects: singleChoices(200) })).data.isCreate).toBe(1);
    expect((await t.call<{ questionCount: number }>('activity/question/getQuestionCount', {}, u.headers)).data.questionCount).toBe(1);
  });

  it('an enterprise user gets 100 projects a day and 800 subjects', async () => {
    const u = await loginNewUser(t, 4);
    expect((await create(u.headers, { subjects: singleChoices(801) })).data.isCreate).toBe(2);
    expect((await create(u.headers, { subjects: singleChoices(800) })).data.isCreate).toBe(1);
    for (let i = 1; i < 100; i++) expect((await create(u.headers)).data.isCreate).toBe(1);
    expect((await create(u.headers)).data.isCreate).toBe(0);
  });

  it('parallel creations never pass the daily limit', async () => {
    const u = await loginNewUser(t);
    const results = await Promise.all(Array.from({ length: 40 }, () => create(u.headers)));
    expect(results.filter((r) => r.data.isCreate === 1)).toHaveLength(20);
    expect(results.filter((r) => r.data.isCreate === 0)).toHaveLength(20);
    const lists = await t.call<TProjectList>('activity/question/getWxQuestionList', { questionType: 1, pageSize: 100 }, u.headers);
    expect(lists.data.total).toBe(20);
  });

  it('copy, bin, restore and delete-for-good keep counts right', async () => {
    const u = await loginNewUser(t);
    const { questionId } = (await create(u.headers, { title: '员工考试', questionType: 2, subjects: singleChoices(3) })).data;
    const list = async (path: string) => (await t.call<TProjectList>(`activity/question/${path}`, { questionType: 2 }, u.headers)).data;
    const copy = await t.call<TCreateResult>('activity/question/getQuestionCopy', { questionId }, u.headers);
    expect(copy.data.isCreate).toBe(1);
    expect((await list('getWxQuestionList')).list.map((p) => p.title).sort()).toEqual(['员工考试', '员工考试（副本）']);
    expect((await list('getWxQuestionList')).list.every((p) => p.subjectCount === 3)).toBe(true);
    await t.call('activity/question/getWxQuestionDel', { questionId }, u.headers);
    expect((await list('getWxQuestionList')).total).toBe(1);
    expect((await list('getWxQuestionDelList')).list.map((p) => p.questionId)).toEqual([questionId]);
    expect((await t.call('activity/question/getWxQuestion', { questionId }, u.headers)).resultCode).toBe('404');
    await t.call('activity/question/getRetrieveWxQuestion', { questionId }, u.headers);
    expect((await list('getWxQuestionList')).total).toBe(2);
    expect((await list('getWxQuestionDelList')).total).toBe(0);
    await t.call('activity/question/getWxQuestionDel', { questionId: copy.data.questionId }, u.headers);
    await t.call('activity/question/getWxQuestionDel', { questionId }, u.headers);
    expect((await t.call('activity/question/getWxQuestionCompletelyDel', { questionId }, u.headers)).data).toEqual({ deleted: 1 });
    expect((await list('getWxQuestionDelList')).total).toBe(1);
    expect((await t.call('activity/question/getWxQuestionCompletelyDel', { all: true, questionType: 2 }, u.headers)).data).toEqual({ deleted: 1 });
    expect((await list('getWxQuestionDelList')).total).toBe(0);
    expect((await list('getWxQuestionList')).total).toBe(0);
  });

  it('lists search by title, filter by status, sort, and page', async () => {
    const u = await loginNewUser(t);
    for (const title of ['课程评价', '活动报名', '课程反馈 100%']) await create(u.headers, { title, subjects: singleChoices(1) });
    const call = (body: object) => t.call<TProjectList>('activity/question/getWxQuestionList', { questionType: 1, ...body }, u.headers);
    expect((await call({ keyword: '课程' })).data.total).toBe(2);
    expect((await call({ keyword: '100%' })).data.list.map((p) => p.title)).toEqual(['课程反馈 100%']);
    const first = (await call({})).data.list[0]!;
    await t.call('activity/question/getQuestionStatus', { questionId: first.questionId, status: 1 }, u.headers);
    expect((await call({ status: 1 })).data.list.map((p) => p.questionId)).toEqual([first.questionId]);
    expect((await call({ sort: 'createTime', order: 'asc', pageSize: 1, page: 2 })).data.list.map((p) => p.title)).toEqual(['活动报名']);
  });

  it('a stranger gets "404" on every project call; logged out gets "401"', async () => {
    const owner = await loginNewUser(t);
    const stranger = await loginNewUser(t);
    const subjects = singleChoices(2);
    const { questionId } = (await create(owner.headers, { subjects })).data;
    const ctx = {
      questionId: questionId!,
      memberUserId: 'no-such-member',
      conclusionId: 'no-such',
      subjectUuid: subjects[0]!.uuid,
      optionUuid: (subjects[0] as { options: { uuid: string }[] }).options[0]!.uuid,
      webhookId: 'no-such-webhook',
      deliveryId: 'no-such-delivery',
    };
    // The table is complete (tests/server/team/permission-matrix.test.ts checks it against the app's routes).
    for (const [path, entry] of Object.entries(PROJECT_CALLS).filter(([, each]) => !each.anyone)) {
      expect((await t.call(path, entry.body(ctx), stranger.headers)).resultCode, path).toBe('404');
      expect((await t.call(path, entry.body(ctx))).resultCode, path).toBe('401');
    }
    const info = await t.call<TProjectInfo>('activity/question/getWxQuestion', { questionId }, owner.headers);
    expect(info.data.title).not.toBe('改名');
    expect(info.data.version).toBe(1);
  });
});
