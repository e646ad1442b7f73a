import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCreateResult } from '../../../schemas/api/question';
import type { TProjectSettings } from '../../../schemas/api/settings';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
let owner: Awaited<ReturnType<typeof loginNewUser>>;
let viewer: Awaited<ReturnType<typeof loginNewUser>>;
let examId: string;
const emptyLogic = { jumps: [], display: [], optionLinkage: [], quotas: [], random: [] };

type Doc = { subjects: TSubject[]; logic: typeof emptyLogic; version: number };
const read = async (questionId: string) => (await t.call<Doc>('activity/question/v2/getSubject', { questionId }, owner.headers)).data;
const settingsOf = async (questionId: string) =>
  (await t.call<{ settings: TProjectSettings }>('activity/question/getWxQuestionSetting', { questionId }, owner.headers)).data.settings;
const info = async (questionId: string) =>
  (await t.call<{ title: string; questionType: number }>('activity/question/getWxQuestion', { questionId }, owner.headers)).data;
const copy = (body: Record<string, unknown>, headers = owner.headers) => t.call<TCreateResult>('activity/question/getQuestionCopy', body, headers);

beforeAll(async () => {
  t = await createTestApp();
  [owner, viewer] = [await loginNewUser(t, 4), await loginNewUser(t, 4)];
  const single = makeSubject(1, 1, '1 + 1 = ?') as TSubject & { options: { isCorrect?: boolean }[] };
  single.options[0]!.isCorrect = true;
  const graded = { ...single, score: 5, answerAnalysis: '基本算术' } as TSubject;
  const created = await t.call<TCreateResult>(
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 2, title: '数学小测', subjects: [graded, makeSubject(6, 2, '姓名')] },
    owner.headers,
  );
  examId = created.data.questionId!;
  const doc = await read(examId);
  const logic = { ...emptyLogic, jumps: [{ id: 'j1', from: doc.subjects[0]!.uuid, to: { kind: 'end' } }] };
  expect((await t.call('activity/question/saveLogic', { questionId: examId, version: doc.version, logic }, owner.headers)).resultCode).toBe('200');
  const saved = await t.call(
    'activity/question/updateWxQuestionSetting',
    { questionId: examId, settings: { password: '2468', examMinutes: 30 } },
    owner.headers,
  );
  expect(saved.resultCode).toBe('200');
  const code = await t.call<{ workCode: string }>('activity/question/getTeamWorkCode', { questionId: examId, powerType: 3 }, owner.headers);
  await t.call('code/joinTeamWork', { workCode: code.data.workCode }, viewer.headers);
});
afterAll(() => t.close());

describe(`getQuestionCopy into another kind on ${engineName()}`, () => {
  it('without options the copy is as before: same kind, settings and logic kept, title with （副本）', async () => {
    const result = await copy({ questionId: examId });
    expect(result.data.isCreate).toBe(1);
    const id = result.data.questionId!;
    expect(await info(id)).toMatchObject({ title: '数学小测（副本）', questionType: 2 });
    expect((await read(id)).subjects[0]).toMatchObject({ score: 5, answerAnalysis: '基本算术' });
    expect((await read(id)).logic.jumps).toHaveLength(1);
    expect(await settingsOf(id)).toMatchObject({ password: '2468', examMinutes: 30 });
  });

  it('an exam copied into a survey without logic drops the answer key, the exam settings and the logic, keeps the rest', async () => {
    const result = await copy({ questionId: examId, toType: 1, withLogic: false, title: '数学兴趣调查' });
    const id = result.data.questionId!;
    expect(await info(id)).toMatchObject({ title: '数学兴趣调查', questionType: 1 });
    const doc = await read(id);
    expect(doc.subjects.map((s) => s.title)).toEqual(['1 + 1 = ?', '姓名']);
    expect(doc.subjects[0]).not.toHaveProperty('score');
    expect(doc.subjects[0]).not.toHaveProperty('answerAnalysis');
    expect((doc.subjects[0] as { options: object[] }).options.some((o) => 'isCorrect' in o)).toBe(false);
    expect(doc.logic.jumps ?? []).toHaveLength(0);
    const settings = await settingsOf(id);
    expect(settings.password).toBe('2468');
    expect(settings.examMinutes).toBeNull();
  });

  it('without settings the copy starts from the defaults', async () => {
    const id = (await copy({ questionId: examId, toType: 4, withSettings: false })).data.questionId!;
    expect(await settingsOf(id)).toMatchObject({ password: '', examMinutes: null });
    expect((await read(id)).logic.jumps).toHaveLength(1);
  });

  it('refuses a kind it does not map onto, and a viewer', async () => {
    const refused = await copy({ questionId: examId, toType: 6 });
    expect(refused).toMatchObject({ resultCode: '400', resultMsg: 'toType: 考试不能复制为在线收款' });
    expect((await copy({ questionId: examId, toType: 1 }, viewer.headers)).resultCode).toBe('403');
  });
});
