import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAiDraft, TAiGeneration } from '../../../schemas/api/ai';
import type { TCreateResult } from '../../../schemas/api/question';
import { QUESTION_TYPE, SOLITAIRE_TYPE } from '../../../schemas/project-kinds';
import type { TSubject } from '../../../schemas/subjects/registry';
import { SUBJECT_TYPE } from '../../../schemas/subjects/subject-types';
import { seedTemplates } from '../../../server/seed/templates/seed-templates';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/** Issue 52 item 4: my stored generations, and the project made from one as edited on /aiIndex.html or /aiResult.html. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
}, 120_000);
afterAll(() => t.close());

type TUser = Awaited<ReturnType<typeof loginNewUser>> & { id: number };
async function newUser(): Promise<TUser> {
  const login = await loginNewUser(t);
  const [row] = await t.database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [login.phone]);
  return { ...login, id: row!.id };
}

const SURVEY_SUBJECTS = (): TSubject[] => [
  makeSubject(SUBJECT_TYPE.singleChoice, 1, '您对目前的薪酬福利是否满意？'),
  makeSubject(SUBJECT_TYPE.singleChoice, 2, '您对直属上级的管理方式是否满意？'),
  makeSubject(SUBJECT_TYPE.multipleChoice, 3, '您希望公司在哪些方面改进？'),
  makeSubject(SUBJECT_TYPE.textarea, 4, '您对公司还有哪些建议？'),
];

let seq = 0;
/** A stored generation, as generateProject stores one (the engines are other helpers' work). */
async function storeGeneration(user: TUser, kind = 'question', draft: Partial<TAiDraft> = {}): Promise<string> {
  const generationId = `gen${++seq}x${user.id}`;
  const full: TAiDraft = {
    questionType: QUESTION_TYPE.survey,
    solitaireType: null,
    title: '员工满意度调查',
    subtitle: '感谢您抽出时间',
    subjects: SURVEY_SUBJECTS(),
    ...draft,
  };
  await t.database.query(
    `INSERT INTO ai_generations (public_id, user_id, brand, kind, prompt, engine, engine_name, draft, sources)
     VALUES ($1, $2, 'wenjuan', $3, '员工满意度调查，10题左右', 'builtin', '内置助手', $4::jsonb, '["员工满意度调查模板"]'::jsonb)`,
    [generationId, user.id, kind, JSON.stringify(full)],
  );
  return generationId;
}

const get = (user: TUser, generationId: string) => t.call<TAiGeneration>('activity/ai/getGeneration', { generationId }, user.headers);
const create = (user: TUser, body: Record<string, unknown>) => t.call<TCreateResult>('activity/ai/createFromGeneration', body, user.headers);
const list = (user: TUser, body: Record<string, unknown> = {}) =>
  t.call<{ list: { generationId: string; title: string; subjectCount: number; questionId: string | null }[]; total: number }>(
    'activity/ai/listGenerations',
    body,
    user.headers,
  );
const projectSubjects = async (user: TUser, questionId: string) =>
  (await t.call<{ subjects: TSubject[] }>('activity/question/getSubject', { questionId }, user.headers)).data.subjects;

describe(`AI generations (${engineName()})`, () => {
  it('lists only my generations, newest first, and reopens one whole; another user’s id reads as not found', async () => {
    const me = await newUser();
    const other = await newUser();
    const first = await storeGeneration(me);
    const second = await storeGeneration(me, 'registrationForm', { questionType: QUESTION_TYPE.form, title: '亲子活动报名表' });
    const theirs = await storeGeneration(other);

    const mine = await list(me);
    expect(mine.data.total).toBe(2);
    expect(mine.data.list.map((r) => [r.generationId, r.title, r.subjectCount, r.questionId])).toEqual([
      [second, '亲子活动报名表', 4, null],
      [first, '员工满意度调查', 4, null],
    ]);
    expect((await list(me, { page: 2, pageSize: 1 })).data.list.map((r) => r.generationId)).toEqual([first]);
    expect((await list(me, { page: 9 })).data).toEqual({ list: [], total: 2 });

    const one = await get(me, first);
    expect(one.data).toMatchObject({ generationId: first, kind: 'question', engine: 'builtin', engineName: '内置助手', questionId: null });
    expect(one.data.draft.subjects.map((s) => s.title)).toEqual(SURVEY_SUBJECTS().map((s) => s.title));

    expect(await get(me, theirs)).toMatchObject({ resultCode: '404', resultMsg: '该生成记录不存在或已删除' });
    expect(await create(me, { generationId: theirs, title: '偷来的', subjects: SURVEY_SUBJECTS() })).toMatchObject({ resultCode: '404' });
    expect(await get(me, 'nope')).toMatchObject({ resultCode: '404' });
  });

  it('creates the project as edited (title, subtitle, one subject removed, two swapped) and the generation then names it', async () => {
    const me = await newUser();
    const generationId = await storeGeneration(me);
    const subjects = (await get(me, generationId)).data.draft.subjects;
    const edited = [{ ...subjects[1]!, title: '您对上级的管理方式满意吗？' }, subjects[0]!, subjects[3]!];
    const made = await create(me, { generationId, title: '2026 年度员工满意度调查', subtitle: '匿名填写', subjects: edited });
    expect(made).toMatchObject({ resultCode: '200', resultMsg: '创建成功', data: { isCreate: 1 } });
    const questionId = made.data.questionId!;

    const info = await t.call<{ title: string; subtitle: string; questionType: number }>('activity/question/getWxQuestion', { questionId }, me.headers);
    expect(info.data).toMatchObject({ title: '2026 年度员工满意度调查', subtitle: '匿名填写', questionType: QUESTION_TYPE.survey });
    const stored = await projectSubjects(me, questionId);
    const titles = stored.map((s) => s.title);
    expect(titles).toEqual(['您对上级的管理方式满意吗？', '您对目前的薪酬福利是否满意？', '您对公司还有哪些建议？']);

    expect((await get(me, generationId)).data.questionId).toBe(questionId);
    expect((await list(me)).data.list[0]!.questionId).toBe(questionId);

    // Created again: another project (counted as another creation), and the generation names the newest.
    const again = await create(me, { generationId, title: '第二份', subjects: edited });
    expect(again.data.isCreate).toBe(1);
    expect(again.data.questionId).not.toBe(questionId);
    expect((await get(me, generationId)).data.questionId).toBe(again.data.questionId);
  });

  it('makes a solitaire generation a 反馈接龙 and a registration form a 表单', async () => {
    const me = await newUser();
    const chain = await storeGeneration(me, 'solitaire', {
      questionType: QUESTION_TYPE.solitaire,
      solitaireType: SOLITAIRE_TYPE.feedback,
      title: '家长会参会反馈',
    });
    const made = await create(me, { generationId: chain, title: '家长会参会反馈', subjects: SURVEY_SUBJECTS().slice(0, 2) });
    const info = await t.call<{ questionType: number; solitaireType: number | null }>(
      'activity/question/getWxQuestion',
      { questionId: made.data.questionId },
      me.headers,
    );
    expect(info.data).toMatchObject({ questionType: QUESTION_TYPE.solitaire, solitaireType: SOLITAIRE_TYPE.feedback });

    const form = await storeGeneration(me, 'registrationForm', { questionType: QUESTION_TYPE.form });
    const formMade = await create(me, { generationId: form, title: '报名表', subjects: SURVEY_SUBJECTS() });
    const formInfo = await t.call<{ questionType: number }>('activity/question/getWxQuestion', { questionId: formMade.data.questionId }, me.headers);
    expect(formInfo.data.questionType).toBe(QUESTION_TYPE.form);
  });

  it('answers the daily limit as the create page knows it (isCreate 0, nothing made, the generation still free)', async () => {
    const me = await newUser();
    const generationId = await storeGeneration(me);
    await t.database.query(`INSERT INTO daily_creations (user_id, day, count) VALUES ($1, (now() AT TIME ZONE 'Asia/Shanghai')::date, 20)`, [me.id]);
    const refused = await create(me, { generationId, title: '员工满意度调查', subjects: SURVEY_SUBJECTS() });
    expect(refused).toMatchObject({ resultCode: '200', data: { isCreate: 0, questionId: null } });
    expect((await get(me, generationId)).data.questionId).toBeNull();
  });

  it('refuses an empty list, a missing title, repeated subject ids and a subject type the kind does not hold', async () => {
    const me = await newUser();
    const generationId = await storeGeneration(me);
    expect(await create(me, { generationId, title: '调查', subjects: [] })).toMatchObject({
      resultCode: '400',
      resultMsg: expect.stringContaining('请至少保留一道题目'),
    });
    expect(await create(me, { generationId, title: '  ', subjects: SURVEY_SUBJECTS() })).toMatchObject({
      resultCode: '400',
      resultMsg: expect.stringContaining('请输入标题'),
    });
    const [a] = SURVEY_SUBJECTS();
    expect(await create(me, { generationId, title: '调查', subjects: [a, a] })).toMatchObject({ resultCode: '400', resultMsg: '题目标识重复' });
    const exam = await storeGeneration(me, 'exam', {
      questionType: QUESTION_TYPE.exam,
      subjects: [makeSubject(SUBJECT_TYPE.singleChoice, 1, '安全帽的作用是？')],
    });
    const refused = await create(me, { generationId: exam, title: '考试', subjects: [makeSubject(SUBJECT_TYPE.matrixSingle, 1, '矩阵')] });
    expect(refused).toMatchObject({ resultCode: '400', resultMsg: '考试测评不支持矩阵单选题' });
    expect(await create(me, { generationId, title: '调查', subjects: [{ subjectType: 1, title: 'x' }] })).toMatchObject({ resultCode: '400' });
  });

  it('a generation by the built-in assistant (the AI base) is listed, reopened whole and made into the project as edited', async () => {
    await seedTemplates(t.database);
    const me = await newUser();
    const made = await t.call<TAiGeneration>('ai/question/ai_question_type', { prompt: '员工满意度调查，10题左右' }, me.headers);
    expect(made).toMatchObject({ resultCode: '200', data: { kind: 'question', engine: 'builtin', engineName: '内置助手', questionId: null } });
    const generation = made.data;
    expect((await list(me)).data.list[0]).toMatchObject({
      generationId: generation.generationId,
      title: generation.draft.title,
      subjectCount: generation.draft.subjects.length,
    });
    expect((await get(me, generation.generationId)).data).toEqual({ ...generation, aiRemaining: null });

    const kept = generation.draft.subjects.slice(1);
    const created = await create(me, {
      generationId: generation.generationId,
      title: generation.draft.title,
      subtitle: generation.draft.subtitle,
      subjects: kept,
    });
    expect(created.data.isCreate).toBe(1);
    expect((await projectSubjects(me, created.data.questionId!)).map((s) => s.title)).toEqual(kept.map((s) => s.title));
  });

  it('asks for a login', async () => {
    expect(await t.call('activity/ai/listGenerations', {})).toMatchObject({ resultCode: '401' });
    expect(await t.call('activity/ai/getGeneration', { generationId: 'x' })).toMatchObject({ resultCode: '401' });
  });
});
