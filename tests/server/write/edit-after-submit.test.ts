import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMyAnswer, TSubmitResult } from '../../../schemas/api/write';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { pick, publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { pngOf, uploadAnswerFile } from '../../helpers/uploads';

let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'wenjuan-edit-after-submit-')) } });
  owner = await loginNewUser(t);
});
afterAll(() => t.close());

type Choice = TSubject & { options: { uuid: string; title: string }[] };
const submit = (questionId: string, answers: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  t.call<TSubmitResult>('active/write/submit', { questionId, submissionId: submissionId(), answers, deviceId: 'edit-device', durationSeconds: 30, ...extra });
const sheetsOf = (questionId: string) =>
  t.database.query<{ public_id: string; answers: Record<string, unknown> }>(
    'SELECT a.public_id, a.answers FROM answer_sheets a JOIN projects p ON p.id = a.project_id WHERE p.public_id = $1',
    [questionId],
  );

describe(`允许提交后修改答案 on ${engineName()}`, () => {
  it("the respondent's own key reads their answers back (files with a view address) and replaces the sheet; counts, quotas and the report follow", async () => {
    const q1 = makeSubject(1, 1, '场次') as Choice;
    const q2 = makeSubject(13, 2, '附件');
    (q2 as { required: boolean }).required = false;
    const logic = { quotas: [{ id: 'quota-a', basis: 'option', subject: q1.uuid, option: q1.options[0]!.uuid, limit: 1, onFull: { action: 'hideOption' } }] };
    const questionId = await publishProject(t, owner.headers, { subjects: [q1, q2], logic, settings: { allowEditAfterSubmit: true, perDeviceLimit: 1 } });
    const upload = await uploadAnswerFile(t, { questionId, subjectId: q2.uuid }, { name: 'a.png', data: await pngOf(20, 20), type: 'image/png' });
    expect(upload.resultCode).toBe('200');
    const first = await submit(questionId, { [q1.uuid]: pick(q1, 0), [q2.uuid]: [{ fileName: 'a.png', fileUrl: upload.data.fileUrl, fileIndex: 0 }] });
    expect(first.resultCode).toBe('200');
    const editToken = first.data.editToken!;
    expect(editToken).toMatch(new RegExp(`^${first.data.sheetId}\\.`));

    const mine = await t.call<TMyAnswer>('active/write/getMyAnswer', { questionId, editToken });
    expect(mine.resultCode).toBe('200');
    expect(mine.data.answers[q1.uuid]).toEqual(pick(q1, 0));
    const file = (mine.data.answers[q2.uuid] as { fileUrl: string; viewUrl: string }[])[0]!;
    expect(file.viewUrl).toMatch(new RegExp(`^${file.fileUrl.replace(/[.]/g, '\\.')}\\?t=`));
    expect((await t.app.inject({ method: 'GET', url: file.viewUrl })).statusCode).toBe(200);

    // Option A's only place is this sheet's: changing to B gives it back, so another respondent can take A.
    const edited = await submit(questionId, { [q1.uuid]: pick(q1, 1), [q2.uuid]: mine.data.answers[q2.uuid] }, { editToken, deviceId: 'edit-device' });
    expect(edited.resultCode).toBe('200');
    expect(edited.data.sheetId).toBe(first.data.sheetId);
    const rows = await sheetsOf(questionId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.answers[q1.uuid]).toEqual(pick(q1, 1));
    const info = await t.call<{ dataCount: number }>('activity/question/getWxQuestion', { questionId }, owner.headers);
    expect(info.data.dataCount).toBe(1);
    const report = await t.call<{ subjects: { uuid: string; options?: { count: number }[] }[] }>(
      'question/statement/getStatement',
      { questionId },
      owner.headers,
    );
    expect(report.data.subjects.find((s) => s.uuid === q1.uuid)!.options!.map((o) => o.count)).toEqual([0, 1]);
    expect((await submit(questionId, { [q1.uuid]: pick(q1, 0) }, { deviceId: 'other-device' })).resultCode).toBe('200');
    // A is full again: the edit back to A is refused with the quota's reason and the sheet stays as it was.
    expect(await submit(questionId, { [q1.uuid]: pick(q1, 0) }, { editToken })).toMatchObject({
      resultCode: '409',
      resultMsg: `选项「${q1.options[0]!.title}」名额已满，请重新选择`,
    });
    expect((await sheetsOf(questionId)).find((r) => r.public_id === first.data.sheetId)!.answers[q1.uuid]).toEqual(pick(q1, 1));
  });

  it('edits moving to a quota option at once: the old places go back and the new one is taken exactly, by the same SQL as the submit', async () => {
    const q1 = makeSubject(1, 1, '场次') as Choice;
    const [a, b] = [q1.options[0]!.uuid, q1.options[1]!.uuid];
    const quota = (id: string, option: string, limit: number) => ({ id, basis: 'option', subject: q1.uuid, option, limit, onFull: { action: 'hideOption' } });
    const logic = { quotas: [quota('quota-a', a, 5), quota('quota-b', b, 2)] };
    const questionId = await publishProject(t, owner.headers, { subjects: [q1], logic, settings: { allowEditAfterSubmit: true } });
    const firsts = [];
    for (let i = 0; i < 5; i++) firsts.push(await submit(questionId, { [q1.uuid]: pick(q1, 0) }, { deviceId: `quota-edit-${i}` }));
    const used = async () =>
      Object.fromEntries(
        (
          await t.database.query<{ quota_id: string; used: number }>(
            'SELECT q.quota_id, q.used FROM quota_counters q JOIN projects p ON p.id = q.project_id WHERE p.public_id = $1',
            [questionId],
          )
        ).map((row) => [row.quota_id, row.used]),
      );
    expect(await used()).toEqual({ 'quota-a': 5 });
    // Five edits to B at once, two places: two are stored, three refused with B's reason, and each refused one keeps A.
    const edits = await Promise.all(firsts.map((first) => submit(questionId, { [q1.uuid]: pick(q1, 1) }, { editToken: first.data.editToken })));
    const stored = edits.filter((e) => e.resultCode === '200');
    expect(stored).toHaveLength(2);
    for (const e of edits.filter((e) => e.resultCode !== '200'))
      expect(e).toMatchObject({ resultCode: '409', resultMsg: `选项「${q1.options[1]!.title}」名额已满，请重新选择` });
    expect(await used()).toEqual({ 'quota-a': 3, 'quota-b': 2 });
    const answers = (await sheetsOf(questionId)).map((row) => row.answers[q1.uuid]);
    expect(answers.filter((x) => JSON.stringify(x) === JSON.stringify(pick(q1, 1)))).toHaveLength(2);
    // And back: B's place is free again, A's taken.
    expect((await submit(questionId, { [q1.uuid]: pick(q1, 0) }, { editToken: stored[0]!.data.editToken })).resultCode).toBe('200');
    expect(await used()).toEqual({ 'quota-a': 4, 'quota-b': 1 });
  });

  it('without the setting there is no key, and a forged or foreign key is refused', async () => {
    const q1 = makeSubject(1, 1) as Choice;
    const closed = await publishProject(t, owner.headers, { subjects: [q1] });
    const sheet = await submit(closed, { [q1.uuid]: pick(q1, 0) });
    expect(sheet.data.editToken).toBeUndefined();
    expect(await t.call('active/write/getMyAnswer', { questionId: closed, editToken: `${sheet.data.sheetId}.${'0'.repeat(40)}` })).toMatchObject({
      resultCode: '403',
      resultMsg: '修改链接无效或已失效',
    });

    const open = await publishProject(t, owner.headers, { subjects: [q1], settings: { allowEditAfterSubmit: true } });
    const mine = await submit(open, { [q1.uuid]: pick(q1, 0) });
    const other = await publishProject(t, owner.headers, { subjects: [q1], settings: { allowEditAfterSubmit: true } });
    expect((await t.call('active/write/getMyAnswer', { questionId: other, editToken: mine.data.editToken })).resultCode).toBe('403');
    // Turned off later: the key stops working.
    await t.call('activity/question/updateWxQuestionSetting', { questionId: open, settings: { allowEditAfterSubmit: false } }, owner.headers);
    expect(await submit(open, { [q1.uuid]: pick(q1, 1) }, { editToken: mine.data.editToken })).toMatchObject({
      resultCode: '403',
      resultMsg: '发布者未允许提交后修改答案',
    });
  });
});
