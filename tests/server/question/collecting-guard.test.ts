import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTING_MESSAGE } from '../../../schemas/api/editor';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject, singleChoices } from '../../helpers/fixtures';
import { pick, publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t, 4); // enterprise: 100 new projects a day
});
afterAll(() => t.close());

type Doc = { subjects: TSubject[]; logic: unknown; version: number };
const read = async (questionId: string) => (await t.call<Doc>('activity/question/v2/getSubject', { questionId }, owner.headers)).data;
const emptyLogic = { jumps: [], display: [], optionLinkage: [], quotas: [], random: [] };

/** Every call that changes what respondents answer, with a body that would succeed on a paused project. */
function structureCalls(doc: Doc): [string, Record<string, unknown>][] {
  const [first] = doc.subjects;
  const uuid = first!.uuid;
  const optionUuid = (first as { options: { uuid: string }[] }).options[0]!.uuid;
  return [
    ['createSubject', { subject: makeSubject(1, 9, '单选题') }],
    ['updateWxQuestionSubject', { subject: { ...first, title: '改过的题目' } }],
    ['updateSubjectOption', { subjectUuid: uuid, option: { uuid: optionUuid, title: '改过的选项' } }],
    ['addSubjectOption', { subjectUuid: uuid, options: [{ uuid: 'new-option', title: '新选项' }] }],
    ['delSubjectOption', { subjectUuid: uuid, optionUuid }],
    ['batchSubjectOption', { subjectUuid: uuid, text: '甲\n乙' }],
    ['getSubjectCopy', { subjectUuid: uuid }],
    ['moveSubject', { subjectUuid: uuid, afterUuid: doc.subjects[1]!.uuid }],
    ['batchRequired', { subjectUuids: [uuid], required: false }],
    ['getSubjectDel', { subjectUuid: uuid }],
    ['batchDelSubject', { subjectUuids: [uuid] }],
    ['saveLogic', { logic: { ...emptyLogic, jumps: [{ id: 'j1', from: uuid, to: { kind: 'end' } }] } }],
    ['saveRandomSubject', { random: [] }],
    ['saveEditorDocument', { version: doc.version, document: { title: '发布测试', subjects: [...doc.subjects, makeSubject(6, 3)], logic: doc.logic } }],
    [
      'saveEditorDocument',
      {
        version: doc.version,
        document: { title: '发布测试', subjects: doc.subjects, logic: { ...emptyLogic, jumps: [{ id: 'j2', from: uuid, to: { kind: 'end' } }] } },
      },
    ],
    ['saveOrUpdateWxQuestion', { questionType: 1, title: '发布测试', version: doc.version, subjects: doc.subjects.slice(1) }],
  ];
}

describe(`subject, logic and structure changes need a paused project (spec §4), on ${engineName()}`, () => {
  it('refuses every structure call on a collecting project with the collecting reason and changes nothing', async () => {
    const questionId = await publishProject(t, owner.headers, { subjects: singleChoices(2) });
    const before = await read(questionId);
    for (const [path, body] of structureCalls(before)) {
      const answer = await t.call(`activity/question/${path}`, { questionId, ...body }, owner.headers);
      expect(answer, path).toMatchObject({ resultCode: '409', resultMsg: COLLECTING_MESSAGE, data: { reason: 'collecting', status: 1, dataCount: 0 } });
    }
    const after = await read(questionId);
    expect(after).toEqual(before);
  });

  it('the refusal tells how many answers were collected (the reminder is worded by it)', async () => {
    const subjects = singleChoices(1);
    const questionId = await publishProject(t, owner.headers, { subjects });
    const sheet = { questionId, submissionId: submissionId(), answers: { [subjects[0]!.uuid]: pick(subjects[0]!, 0) }, deviceId: 'd1', durationSeconds: 30 };
    expect((await t.call('active/write/submit', sheet)).resultCode).toBe('200');
    const refused = await t.call('activity/question/createSubject', { questionId, subject: makeSubject(6, 2) }, owner.headers);
    expect(refused.data).toEqual({ reason: 'collecting', status: 1, dataCount: 1 });
  });

  it('texts, settings and style may change while collecting; an unchanged document saves', async () => {
    const questionId = await publishProject(t, owner.headers, { subjects: singleChoices(2) });
    const doc = await read(questionId);
    const saved = await t.call<{ version: number }>(
      'activity/question/saveEditorDocument',
      { questionId, version: doc.version, document: { title: '新的标题', subtitle: '新的说明', subjects: doc.subjects, logic: doc.logic } },
      owner.headers,
    );
    expect(saved.resultCode).toBe('200');
    const settings = await t.call(
      'activity/question/updateWxQuestionSetting',
      { questionId, version: saved.data.version, settings: { loginRequired: true } },
      owner.headers,
    );
    expect(settings.resultCode).toBe('200');
    expect((await t.call('activity/question/updateWxQuestion', { questionId, shareTitle: '分享标题' }, owner.headers)).resultCode).toBe('200');
    expect((await t.call<{ title: string }>('activity/question/getWxQuestion', { questionId }, owner.headers)).data.title).toBe('新的标题');
  });

  it('an edit-power collaborator is refused the same way; after a pause every call goes through', async () => {
    const questionId = await publishProject(t, owner.headers, { subjects: singleChoices(2) });
    const code = await t.call<{ workCode: string }>('activity/question/getTeamWorkCode', { questionId, powerType: 2 }, owner.headers);
    const editor = await loginNewUser(t);
    expect((await t.call('code/joinTeamWork', { workCode: code.data.workCode }, editor.headers)).resultCode).toBe('200');
    const add = () => t.call('activity/question/createSubject', { questionId, subject: makeSubject(1, 3, '单选题') }, editor.headers);
    expect(await add()).toMatchObject({ resultCode: '409', data: { reason: 'collecting' } });
    expect((await read(questionId)).subjects).toHaveLength(2);

    expect((await t.call('activity/question/getQuestionStatus', { questionId, status: 0 }, editor.headers)).resultCode).toBe('200');
    expect((await add()).resultCode).toBe('200');
    expect((await read(questionId)).subjects).toHaveLength(3);
  });

  it('every one of those calls goes through on a paused project', async () => {
    for (const [i, [path]] of structureCalls(await read(await publishProject(t, owner.headers, { subjects: singleChoices(2) }))).entries()) {
      const questionId = await publishProject(t, owner.headers, { subjects: singleChoices(2) });
      expect((await t.call('activity/question/getQuestionStatus', { questionId, status: 0 }, owner.headers)).resultCode).toBe('200');
      const body = structureCalls(await read(questionId))[i]![1];
      const answer = await t.call(`activity/question/${path}`, { questionId, ...body }, owner.headers);
      expect(answer.resultCode, `${path}: ${answer.resultMsg}`).toBe('200');
    }
  });
});
