import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCreateResult } from '../../../schemas/api/question';
import type { TSubject } from '../../../schemas/subjects/registry';
import { ZSubject } from '../../../schemas/subjects/registry';
import { PREPARED_SUBJECTS } from '../../../server/seed/prepared-subjects';
import { loginNewUser, makeSubject, singleChoices } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Doc = { subjects: TSubject[]; version: number };
async function project(subjects: TSubject[], memberLevel = 1) {
  const u = await loginNewUser(t, memberLevel);
  const created = await t.call<TCreateResult>('activity/question/saveOrUpdateWxQuestion', { questionType: 1, title: '编辑器测试', subjects }, u.headers);
  const questionId = created.data.questionId!;
  const read = async () => (await t.call<Doc>('activity/question/v2/getSubject', { questionId }, u.headers)).data;
  return { u, questionId, read, call: <T = unknown>(path: string, body: object) => t.call<T>(`activity/question/${path}`, { questionId, ...body }, u.headers) };
}

describe(`editor calls on ${engineName()}`, () => {
  it('adds, copies, moves, deletes subjects and edits options, bumping the version each time', async () => {
    const p = await project(singleChoices(2));
    const [a, b] = (await p.read()).subjects;
    expect((await p.call<Doc>('createSubject', { subject: makeSubject(6, 9, '您的姓名'), afterUuid: a!.uuid })).data.subjects.map((s) => s.title)).toEqual([
      '第1题',
      '您的姓名',
      '第2题',
    ]);
    const copied = (await p.call<Doc>('getSubjectCopy', { subjectUuid: b!.uuid })).data.subjects;
    expect(copied.map((s) => s.title)).toEqual(['第1题', '您的姓名', '第2题', '第2题']);
    expect(copied[3]!.uuid).not.toBe(b!.uuid);
    const moved = (await p.call<Doc>('moveSubject', { subjectUuid: a!.uuid, afterUuid: copied[3]!.uuid })).data.subjects;
    expect(moved.map((s) => s.indexSort)).toEqual([1, 2, 3, 4]);
    expect(moved[3]!.uuid).toBe(a!.uuid);
    const lines = (await p.call<Doc>('batchSubjectOption', { subjectUuid: a!.uuid, text: '北京\n\n上海\n其他' })).data.subjects;
    const options = (lines.find((s) => s.uuid === a!.uuid) as { options: { title: string; fillIn?: boolean }[] }).options;
    expect(options.map((o) => o.title)).toEqual(['北京', '上海', '其他']);
    expect(options[2]!.fillIn).toBe(true);
    const required = (await p.call<Doc>('batchRequired', { subjectUuids: [a!.uuid, b!.uuid], required: false })).data.subjects;
    expect(required.filter((s) => !s.required)).toHaveLength(2);
    const after = (await p.call<Doc>('batchDelSubject', { subjectUuids: [a!.uuid, b!.uuid] })).data;
    expect(after.subjects.map((s) => s.title)).toEqual(['您的姓名', '第2题']);
    expect((await p.read()).version).toBe(after.version);
    expect(after.version).toBe(7);
  });

  it('a stale save is a "409" conflict naming who changed it, never a silent overwrite', async () => {
    const p = await project(singleChoices(1));
    const { version, subjects } = await p.read();
    const first = await p.call<{ version: number }>('saveEditorDocument', { version, document: { title: '第一个人', subjects, logic: {} } });
    expect(first.data.version).toBe(version + 1);
    const stale = await p.call('saveEditorDocument', { version, document: { title: '第二个人', subjects: [], logic: {} } });
    expect(stale.resultCode).toBe('409');
    expect(stale.resultMsg).toMatch(/^项目已被.+修改，请刷新后再编辑$/);
    expect(stale.data).toMatchObject({ version: version + 1, updatedBy: expect.any(String) });
    expect((await p.read()).subjects).toHaveLength(1);
    expect((await p.call<{ title: string }>('getWxQuestion', {})).data.title).toBe('第一个人');
  });

  it('parallel saves from one version: exactly one wins', async () => {
    const p = await project(singleChoices(1));
    const { version, subjects } = await p.read();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => p.call('saveEditorDocument', { version, document: { title: `保存${i}`, subjects, logic: {} } })),
    );
    expect(answers.filter((a) => a.resultCode === '200')).toHaveLength(1);
    expect(answers.filter((a) => a.resultCode === '409')).toHaveLength(7);
  });

  it('the owner level subject limit holds on every add', async () => {
    const p = await project(singleChoices(200));
    const added = await p.call('createSubject', { subject: makeSubject(6, 201) });
    expect(added).toMatchObject({ resultCode: '400', resultMsg: '抱歉！当前版本不支持更多题目，请升级版本' });
    expect((await p.call('createSubject', { subject: makeSubject(15, 201) })).resultCode).toBe('200');
    const { version, subjects } = await p.read();
    const doc = await p.call('saveEditorDocument', { version, document: { title: 'x', subjects: [...subjects, makeSubject(1, 300)], logic: {} } });
    expect(doc.resultCode).toBe('400');
  });

  it('getWxQuestion tells the editor the owner level and its subject limit', async () => {
    for (const [memberLevel, subjectLimit] of [
      [1, 200],
      [2, 400],
      [4, 800],
    ] as const) {
      const p = await project(singleChoices(1), memberLevel);
      expect((await p.call('getWxQuestion', {})).data).toMatchObject({ ownerLevel: memberLevel, subjectLimit });
    }
  });

  it('publishing is refused with no questions or while a logic error stands', async () => {
    const empty = await project([]);
    expect((await empty.call('getQuestionStatus', { status: 1 })).resultMsg).toBe('请先添加题目再发布');
    const subjects = singleChoices(3);
    const p = await project(subjects);
    const cycle = {
      jumps: [{ id: 'j1', from: subjects[2]!.uuid, to: { kind: 'subject', subject: subjects[0]!.uuid } }],
    };
    const saved = await p.call<{ findings: { severity: string }[] }>('saveLogic', { logic: cycle });
    expect(saved.data.findings.some((f) => f.severity === 'error')).toBe(true);
    const refused = await p.call('getQuestionStatus', { status: 1 });
    expect(refused.resultCode).toBe('400');
    expect(refused.resultMsg).toMatch(/^逻辑设置有错误/);
    await p.call('saveLogic', { logic: {} });
    expect((await p.call<{ status: number }>('getQuestionStatus', { status: 1 })).data.status).toBe(1);
  });

  it('settings, style and conclusions round-trip', async () => {
    const p = await project(singleChoices(1));
    expect((await p.call('updateWxQuestionSetting', { settings: { maxAnswers: 120, password: '8888', perIpLimit: 1 } })).resultCode).toBe('200');
    expect((await p.call('updateWxQuestionSetting', { settings: { maxAnswers: -1 } })).resultCode).toBe('400');
    await p.call('saveOrUpdateFormat', { style: { themeId: 'green', primaryColor: '#16a34a' } });
    const read = await p.call<{ settings: Record<string, unknown>; style: Record<string, unknown> }>('getWxQuestionSetting', {});
    expect(read.data.settings).toMatchObject({ maxAnswers: 120, password: '8888', perIpLimit: 1, loginRequired: false });
    expect(read.data.style).toMatchObject({ themeId: 'green', primaryColor: '#16a34a' });
    const list = await p.call<{ conclusionId: string; title: string }[]>('saveOrUpdateConclusion', {
      conclusion: { title: '感谢参与', content: '我们会尽快联系您' },
    });
    expect(list.data.map((c) => c.title)).toEqual(['感谢参与']);
    const edited = await p.call<{ title: string }[]>('saveOrUpdateConclusion', { conclusion: { conclusionId: list.data[0]!.conclusionId, title: '提交成功' } });
    expect(edited.data.map((c) => c.title)).toEqual(['提交成功']);
    expect((await p.call<unknown[]>('delConclusion', { conclusionId: list.data[0]!.conclusionId })).data).toEqual([]);
  });

  it('question bank: save mine, list, insert; the built-in bank parses', async () => {
    for (const p of PREPARED_SUBJECTS) expect(ZSubject.safeParse(p.subject).success, p.title).toBe(true);
    const p = await project(singleChoices(1));
    const { subjects } = await p.read();
    const saved = await t.call<{ bankId: string }>('activity/question/saveSubjectBank', { subject: subjects[0] }, p.u.headers);
    expect(saved.resultCode).toBe('200');
    const mine = await t.call<{ list: { title: string }[]; total: number }>('activity/question/getSubjectBankList', { keyword: '第1' }, p.u.headers);
    expect(mine.data.total).toBe(1);
    const builtin = await t.call<{ list: unknown[] }>('activity/question/getSubjectBankList', { source: 'builtin' }, p.u.headers);
    expect(builtin.data.list.length).toBeGreaterThan(10);
    expect((await t.call('activity/question/delSubjectBank', saved.data, p.u.headers)).resultCode).toBe('200');
    const other = await loginNewUser(t);
    expect((await t.call('activity/question/delSubjectBank', saved.data, other.headers)).resultCode).toBe('404');
  });
});
