import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSubmitResult } from '../../../schemas/api/write';
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

const submit = (questionId: string, answers: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  t.call<TSubmitResult>('active/write/submit', { questionId, submissionId: submissionId(), answers, deviceId: 'device-1', durationSeconds: 60, ...extra });
const sheets = async (questionId: string) =>
  t.database.query('SELECT a.* FROM answer_sheets a JOIN projects p ON p.id = a.project_id WHERE p.public_id = $1', [questionId]);

describe(`answering on ${engineName()}`, () => {
  it('accepts a valid sheet, stores its chosen options on its row, and lists it for the creator', async () => {
    const q1 = makeSubject(1, 1, '性别');
    const q2 = makeSubject(6, 2, '姓名');
    const questionId = await publishProject(t, owner.headers, { subjects: [q1, q2] });
    const form = await t.call<{ subjects: unknown[]; locked: boolean }>('active/write/getQuestion', { questionId });
    expect(form.data.subjects).toHaveLength(2);
    const answer = await submit(questionId, { [q1.uuid]: pick(q1, 1), [q2.uuid]: '张三' });
    expect(answer.resultCode).toBe('200');
    expect(answer.data.conclusion.title).toBe('提交成功');
    // The chosen option's keys ride on the sheet's row, pairwise (migration 0098): subject key, option key.
    const choices = await t.database.query<{ subject: string; option: string; subject_key: string }>(
      `SELECT ko.subject_uuid AS subject, ko.option_uuid AS option, ks.subject_uuid || '/' || ks.option_uuid AS subject_key
       FROM answer_sheets a JOIN projects p ON p.id = a.project_id CROSS JOIN LATERAL unnest(a.choice_subjects, a.choice_options) AS c(subject_id, option_id)
       JOIN option_keys ks ON ks.id = c.subject_id JOIN option_keys ko ON ko.id = c.option_id WHERE p.public_id = $1`,
      [questionId],
    );
    expect(choices).toEqual([{ subject: q1.uuid, option: pick(q1, 1).optionIds[0], subject_key: `${q1.uuid}/` }]);
    const list = await t.call<{ list: { sheetId: string }[]; total: number }>('activity/question/getAnswerList', { questionId }, owner.headers);
    expect(list.data.list.map((s) => s.sheetId)).toEqual([answer.data.sheetId]);
    const info = await t.call<{ dataCount: number }>('activity/question/getWxQuestion', { questionId }, owner.headers);
    expect(info.data.dataCount).toBe(1);
  });

  it('a paused project refuses with 问卷已暂停收集', async () => {
    const q1 = makeSubject(1, 1);
    const questionId = await publishProject(t, owner.headers, { subjects: [q1] });
    await t.call('activity/question/getQuestionStatus', { questionId, status: 0 }, owner.headers);
    expect(await submit(questionId, { [q1.uuid]: pick(q1, 0) })).toMatchObject({ resultCode: '409', resultMsg: '问卷已暂停收集' });
    expect((await t.call('active/write/getQuestion', { questionId })).resultMsg).toBe('问卷已暂停收集');
  });

  it('refuses an answer to a hidden subject and a skipped required one, naming the subject', async () => {
    const q1 = makeSubject(1, 1, '是否参加');
    const q2 = makeSubject(6, 2, '参加人数');
    const q3 = makeSubject(6, 3, '联系人');
    const logic = {
      display: [
        {
          id: 'd1',
          target: q2.uuid,
          when: { match: 'all', predicates: [{ op: 'chose', subject: q1.uuid, option: (q1 as { options: { uuid: string }[] }).options[0]!.uuid }] },
        },
      ],
    };
    const questionId = await publishProject(t, owner.headers, { subjects: [q1, q2, q3], logic });
    // 第2题 is shown only to those who chose the first option: answering it after the second is refused.
    const hiddenAnswered = await submit(questionId, { [q1.uuid]: pick(q1, 1), [q2.uuid]: '3', [q3.uuid]: '王' });
    expect(hiddenAnswered).toMatchObject({ resultCode: '400', resultMsg: `subjects.${q2.uuid}: 第2题：此题当前不显示，不能作答` });
    expect(await sheets(questionId)).toHaveLength(0);
    // Left empty (as the respondent page sends it), the same sheet is accepted.
    expect((await submit(questionId, { [q1.uuid]: pick(q1, 1), [q2.uuid]: null, [q3.uuid]: '王' })).resultCode).toBe('200');
    const skipped = await submit(questionId, { [q1.uuid]: pick(q1, 0), [q3.uuid]: '王' });
    expect(skipped.resultCode).toBe('400');
    expect(skipped.resultMsg).toContain('第2题');
    expect(skipped.resultMsg).toContain('此题为必答题');
  });

  it('refuses an answer to a subject that a jump skipped', async () => {
    const q1 = makeSubject(1, 1, '是否吸烟');
    const q2 = makeSubject(6, 2, '每天几支');
    const q3 = makeSubject(6, 3, '年龄');
    const no = (q1 as { options: { uuid: string }[] }).options[1]!.uuid;
    const logic = {
      jumps: [
        {
          id: 'j1',
          from: q1.uuid,
          when: { match: 'all', predicates: [{ op: 'chose', subject: q1.uuid, option: no }] },
          to: { kind: 'subject', subject: q3.uuid },
        },
      ],
    };
    const questionId = await publishProject(t, owner.headers, { subjects: [q1, q2, q3], logic });
    const skipped = await submit(questionId, { [q1.uuid]: pick(q1, 1), [q2.uuid]: '10', [q3.uuid]: '30' });
    expect(skipped).toMatchObject({ resultCode: '400', resultMsg: expect.stringContaining('第2题：此题当前不显示') });
    expect((await submit(questionId, { [q1.uuid]: pick(q1, 1), [q3.uuid]: '30' })).resultCode).toBe('200');
  });

  it('a retried submission id stores one sheet and answers the same; a different body is refused', async () => {
    const q1 = makeSubject(1, 1);
    const questionId = await publishProject(t, owner.headers, { subjects: [q1] });
    const body = { questionId, submissionId: submissionId(), answers: { [q1.uuid]: pick(q1, 0) }, deviceId: 'dev-r', durationSeconds: 30 };
    const first = await t.call<TSubmitResult>('active/write/submit', body);
    const more = await Promise.all([1, 2, 3, 4].map(() => t.call<TSubmitResult>('active/write/submit', body)));
    for (const answer of more) expect(answer).toEqual(first);
    expect(await sheets(questionId)).toHaveLength(1);
    const changed = await t.call('active/write/submit', { ...body, answers: { [q1.uuid]: pick(q1, 1) } });
    expect(changed.resultCode).toBe('409');
    expect(await sheets(questionId)).toHaveLength(1);
  });

  it('password, login and per-device limits', async () => {
    const q1 = makeSubject(1, 1);
    const questionId = await publishProject(t, owner.headers, { subjects: [q1], settings: { password: '2468', perDeviceLimit: 1 } });
    expect((await t.call<{ locked: boolean; subjects: unknown[] }>('active/write/getQuestion', { questionId })).data).toMatchObject({
      locked: true,
      subjects: [],
    });
    expect((await submit(questionId, { [q1.uuid]: pick(q1, 0) })).resultMsg).toBe('作答密码错误');
    expect((await submit(questionId, { [q1.uuid]: pick(q1, 0) }, { password: '2468' })).resultCode).toBe('200');
    expect(await submit(questionId, { [q1.uuid]: pick(q1, 0) }, { password: '2468' })).toMatchObject({
      resultCode: '409',
      resultMsg: '您已提交过，不能重复作答',
    });
    const login = await publishProject(t, owner.headers, { subjects: [q1], settings: { loginRequired: true } });
    expect((await submit(login, { [q1.uuid]: pick(q1, 0) })).resultCode).toBe('401');
  });

  it('a timed exam that ran out accepts unanswered required subjects, but only with timedOut', async () => {
    const q1 = makeSubject(1, 1);
    const q2 = makeSubject(6, 2);
    const questionId = await publishProject(t, owner.headers, { subjects: [q1, q2], questionType: 2, settings: { examMinutes: 10 } });
    const started = async () => {
      const id = submissionId();
      expect((await t.call('active/write/startExam', { questionId, submissionId: id, deviceId: 'device-1' })).resultCode).toBe('200');
      return { submissionId: id };
    };
    expect((await submit(questionId, { [q1.uuid]: pick(q1, 0) }, await started())).resultCode).toBe('400');
    expect((await submit(questionId, { [q1.uuid]: pick(q1, 0) }, { timedOut: true, ...(await started()) })).resultCode).toBe('200');
    const untimed = await publishProject(t, owner.headers, { subjects: [q1, q2] });
    expect((await submit(untimed, { [q1.uuid]: pick(q1, 0) }, { timedOut: true })).resultCode).toBe('400');
  });

  it('grades an exam at submission and shows the score', async () => {
    const q1 = { ...makeSubject(1, 1, '1+1=?'), score: 5 } as ReturnType<typeof makeSubject> & {
      options: { uuid: string; title: string; isCorrect?: boolean }[];
    };
    q1.options = q1.options.map((o, i) => ({ ...o, title: String(i + 1), isCorrect: i === 1 }));
    const q2 = { ...makeSubject(1, 2, '2+2=?'), score: 5 } as typeof q1;
    q2.options = q2.options.map((o, i) => ({ ...o, isCorrect: i === 0 }));
    const questionId = await publishProject(t, owner.headers, { subjects: [q1, q2], questionType: 2, settings: { showScore: true, showCorrectAnswers: true } });
    const answer = await submit(questionId, { [q1.uuid]: pick(q1, 1), [q2.uuid]: pick(q2, 1) });
    expect(answer.data.score).toMatchObject({ total: 5, max: 10 });
    expect(answer.data.showScore).toBe(true);
    expect(answer.data.correct?.[q1.uuid]?.answer).toBe('2');
  });
});
