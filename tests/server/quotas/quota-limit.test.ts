import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TQuotaStat } from '../../../schemas/api/report';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
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

const options = (s: TSubject) => (s as { options: { uuid: string; title: string; quota?: number }[] }).options;
const send = (questionId: string, s: TSubject, i: number, device: string) =>
  t.call('active/write/submit', { questionId, submissionId: submissionId(), deviceId: device, durationSeconds: 20, answers: { [s.uuid]: pick(s, i) } });
const statement = async (questionId: string) => (await t.call<TQuotaStat[]>('question/statement/getQuotaStatement', { questionId }, owner.headers)).data;
const update = (questionId: string, quotaId: string, limit: number, headers = owner.headers) =>
  t.call<{ limit: number; used: number }>('activity/question/quota/updateQuota', { questionId, quotaId, limit }, headers);

/** A collecting survey: option A with the shorthand quota 3 (hides when full), and a logic quota on B ending with a message. */
async function collecting() {
  const q1 = makeSubject(1, 1, '选择场次');
  const [a, b] = options(q1);
  a!.quota = 3;
  const logic = {
    quotas: [{ id: 'quota-b', basis: 'option', subject: q1.uuid, option: b!.uuid, limit: 2, onFull: { action: 'end', message: '本场已满，感谢参与' } }],
  };
  const questionId = await publishProject(t, owner.headers, { subjects: [q1], logic });
  return { q1, questionId, shorthandId: `option:${q1.uuid}:${a!.uuid}` };
}

describe(`option quota targets (activity/question/quota/updateQuota) on ${engineName()}`, () => {
  it('the statement lists each quota with its basis, fill and full behaviour', async () => {
    const { q1, questionId, shorthandId } = await collecting();
    expect((await send(questionId, q1, 0, 'd1')).resultCode).toBe('200');
    const rows = await statement(questionId);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'quota-b', used: 0, limit: 2, basis: 'option', onFull: 'end', message: '本场已满，感谢参与', full: false }),
        expect.objectContaining({ id: shorthandId, used: 1, limit: 3, onFull: 'hideOption', full: false }),
      ]),
    );
  });

  it('raises and lowers a target while collecting, and the submit follows the new target at once', async () => {
    const { q1, questionId, shorthandId } = await collecting();
    for (const d of ['d1', 'd2']) expect((await send(questionId, q1, 0, d)).resultCode).toBe('200');
    expect(await update(questionId, shorthandId, 2)).toMatchObject({ resultCode: '200', data: { limit: 2, used: 2 } });
    // The new target holds for the next respondent: option A is full now.
    expect(await send(questionId, q1, 0, 'd3')).toMatchObject({ resultCode: '409', resultMsg: expect.stringMatching(/名额已满/) });
    expect(await update(questionId, 'quota-b', 5)).toMatchObject({ resultCode: '200', data: { limit: 5, used: 0 } });
    const rows = await statement(questionId);
    expect(rows.find((r) => r.id === shorthandId)).toMatchObject({ used: 2, limit: 2, full: true });
    expect(rows.find((r) => r.id === 'quota-b')).toMatchObject({ limit: 5 });
    // The editor reads the same targets (the shorthand in its option, the rule in the logic).
    const doc = await t.call<{ subjects: TSubject[]; logic: { quotas: { id: string; limit: number }[] } }>(
      'activity/question/v2/getSubject',
      { questionId },
      owner.headers,
    );
    expect(options(doc.data.subjects[0]!)[0]!.quota).toBe(2);
    expect(doc.data.logic.quotas.find((q) => q.id === 'quota-b')!.limit).toBe(5);
  });

  it('refuses a target below what is used, naming the use, and changes nothing', async () => {
    const { q1, questionId, shorthandId } = await collecting();
    for (const d of ['d1', 'd2']) expect((await send(questionId, q1, 0, d)).resultCode).toBe('200');
    expect(await update(questionId, shorthandId, 1)).toMatchObject({ resultCode: '409', resultMsg: '配额不能小于已使用的数量（已使用 2）' });
    expect((await statement(questionId)).find((r) => r.id === shorthandId)).toMatchObject({ used: 2, limit: 3 });
  });

  it('an edit-only collaborator (power 2) reads the targets and fill counts and changes a target; nobody else outside', async () => {
    const { q1, questionId, shorthandId } = await collecting();
    expect((await send(questionId, q1, 0, 'd1')).resultCode).toBe('200');
    const editor = await loginNewUser(t);
    const code = await t.call<{ workCode: string }>('activity/question/getTeamWorkCode', { questionId, powerType: 2 }, owner.headers);
    expect((await t.call('code/joinTeamWork', { workCode: code.data.workCode }, editor.headers)).resultCode).toBe('200');
    const seen = await t.call<TQuotaStat[]>('question/statement/getQuotaStatement', { questionId }, editor.headers);
    expect(seen.resultCode).toBe('200');
    expect(seen.data.find((r) => r.id === shorthandId)).toMatchObject({ used: 1, limit: 3, full: false });
    expect(await update(questionId, shorthandId, 1, editor.headers)).toMatchObject({ resultCode: '200', data: { limit: 1, used: 1 } });
    expect(await update(questionId, shorthandId, 0, editor.headers)).toMatchObject({ resultCode: '409', resultMsg: '配额不能小于已使用的数量（已使用 1）' });
    // The report (answers) stays with powers 1 and 3.
    expect((await t.call('question/statement/getStatement', { questionId }, editor.headers)).resultCode).toBe('403');
    const stranger = await loginNewUser(t);
    expect((await t.call('question/statement/getQuotaStatement', { questionId }, stranger.headers)).resultCode).toBe('404');
  });

  it('refuses an unknown quota, a bad target and a caller without edit power', async () => {
    const { questionId } = await collecting();
    expect(await update(questionId, 'no-such-quota', 3)).toMatchObject({ resultCode: '404', resultMsg: '配额不存在或已被删除，请刷新页面' });
    for (const limit of [-1, 1.5, 20_000_000]) expect((await update(questionId, 'quota-b', limit)).resultCode).toBe('400');
    const stranger = await loginNewUser(t);
    expect((await update(questionId, 'quota-b', 3, stranger.headers)).resultCode).toBe('404');
    expect((await t.call('activity/question/quota/updateQuota', { questionId, quotaId: 'quota-b', limit: 3 })).resultCode).not.toBe('200');
  });
});

describe(`what a respondent meets when a quota is full, on ${engineName()}`, () => {
  it("'end' refuses with the creator's message (the page ends the sheet with it)", async () => {
    const { q1, questionId } = await collecting();
    for (const d of ['d1', 'd2']) expect((await send(questionId, q1, 1, d)).resultCode).toBe('200');
    expect(await send(questionId, q1, 1, 'd3')).toMatchObject({ resultCode: '409', resultMsg: '本场已满，感谢参与' });
  });

  it("'message' refuses the sheet with the message as a full option (the respondent chooses again) and accepts another choice", async () => {
    const q1 = makeSubject(1, 1, '选择场次');
    const [a] = options(q1);
    const logic = {
      quotas: [
        { id: 'quota-msg', basis: 'option', subject: q1.uuid, option: a!.uuid, limit: 1, onFull: { action: 'message', message: '上午场已满，请选择其他场次' } },
      ],
    };
    const questionId = await publishProject(t, owner.headers, { subjects: [q1], logic });
    expect((await send(questionId, q1, 0, 'd1')).resultCode).toBe('200');
    expect(await send(questionId, q1, 0, 'd2')).toMatchObject({ resultCode: '409', resultMsg: '上午场已满，请选择其他场次', data: { reason: 'optionFull' } });
    expect((await send(questionId, q1, 1, 'd2')).resultCode).toBe('200');
    expect((await statement(questionId))[0]).toMatchObject({ onFull: 'message', used: 1, full: true });
  });

  it("'hideOption' refuses the hidden option as full", async () => {
    const { q1, questionId } = await collecting();
    for (const d of ['d1', 'd2', 'd3']) expect((await send(questionId, q1, 0, d)).resultCode).toBe('200');
    expect(await send(questionId, q1, 0, 'd4')).toMatchObject({ resultCode: '409', data: { reason: 'optionFull' } });
  });

  it("a 'message' quota needs its message", async () => {
    const q1 = makeSubject(1, 1, '选择场次');
    const created = await t.call<{ questionId: string }>(
      'activity/question/saveOrUpdateWxQuestion',
      { questionType: 1, title: '配额', subjects: [q1] },
      owner.headers,
    );
    const logic = {
      quotas: [{ id: 'q', basis: 'option', subject: q1.uuid, option: options(q1)[0]!.uuid, limit: 1, onFull: { action: 'message', message: ' ' } }],
    };
    const saved = await t.call('activity/question/saveLogic', { questionId: created.data.questionId, logic }, owner.headers);
    expect(saved).toMatchObject({ resultCode: '400', resultMsg: expect.stringContaining('请填写配额已满时的提示语') });
  });
});
