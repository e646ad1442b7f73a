import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStartExamResult, TSubmitResult } from '../../../schemas/api/write';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { pick, publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
let owner: { headers: { token: string } };
let offset = 0;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(Date.now() + offset) });
  owner = await loginNewUser(t);
});
afterAll(() => t.close());

type Options = { options: { uuid: string; title: string; isCorrect?: boolean; score?: number }[] };

/** An exam carrying every kind of answer key: correct options, option points, accepted texts, blanks, an order, analyses. */
function examSubjects() {
  const single = { ...makeSubject(1, 1, '1+1=?'), score: 5, answerAnalysis: '解析：一加一等于二' } as TSubject & Options;
  single.options = single.options.map((o, i) => ({ ...o, title: `答案${i}`, isCorrect: i === 1, score: i === 0 ? 2 : undefined }));
  const multiple = { ...makeSubject(2, 2, '哪些是偶数'), score: 4, scoring: 'partial', partialScore: 2 } as TSubject & Options;
  multiple.options = multiple.options.map((o, i) => ({ ...o, isCorrect: i !== 1 }));
  const text = { ...makeSubject(6, 3, '首都'), score: 3, acceptedAnswers: ['北京秘钥'], caseSensitive: true } as TSubject;
  const blanks = makeSubject(10, 4, '填空') as TSubject & { blanks: { uuid: string; acceptedAnswers?: string[] }[] };
  blanks.blanks = blanks.blanks.map((b) => ({ ...b, acceptedAnswers: ['填空秘钥'] }));
  (blanks as { score?: number }).score = 2;
  const ranking = makeSubject(9, 5, '排序') as TSubject & Options & { correctOrder?: string[]; score?: number };
  ranking.correctOrder = ranking.options.map((o) => o.uuid).reverse();
  ranking.score = 2;
  return [single, multiple, text, blanks, ranking] as TSubject[];
}

const submit = (questionId: string, answers: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  t.call<TSubmitResult>('active/write/submit', { questionId, submissionId: submissionId(), answers, deviceId: 'device-exam', durationSeconds: 5, ...extra });

describe(`exam integrity on ${engineName()}`, () => {
  it('getQuestion carries no answer key, option points, scoring rule or analysis; the subject points stay', async () => {
    const subjects = examSubjects();
    const questionId = await publishProject(t, owner.headers, { subjects, questionType: 2, settings: { showCorrectAnswers: true, showAnalysis: true } });
    const form = await t.call<{ subjects: Record<string, unknown>[] }>('active/write/getQuestion', { questionId });
    expect(form.resultCode).toBe('200');
    const text = JSON.stringify(form.data.subjects);
    for (const secret of [
      'isCorrect',
      'acceptedAnswers',
      'correctOrder',
      'answerAnalysis',
      'partialScore',
      '"scoring"',
      'caseSensitive',
      '北京秘钥',
      '填空秘钥',
      '解析：',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect((form.data.subjects[0]!.options as { score?: number }[]).every((o) => o.score === undefined)).toBe(true);
    expect(form.data.subjects[0]!.score).toBe(5);
  });

  it('after submitting, the score only when showScore is on; the key and the analysis only when their settings are on', async () => {
    const q1 = { ...makeSubject(1, 1, '1+1=?'), score: 5, answerAnalysis: '解析文本' } as TSubject & Options;
    q1.options = q1.options.map((o, i) => ({ ...o, title: `答案${i}`, isCorrect: i === 1 }));
    const hidden = await publishProject(t, owner.headers, { subjects: [q1], questionType: 2, settings: { showScore: false } });
    const quiet = await submit(hidden, { [q1.uuid]: pick(q1, 1) });
    expect(quiet.resultCode).toBe('200');
    expect(quiet.data.score).toBeNull();
    expect(quiet.data.correct).toBeNull();
    expect(JSON.stringify(quiet.data)).not.toContain('解析文本');
    // The creator's report still has it.
    const stored = await t.database.query<{ score: number }>(
      'SELECT a.score FROM answer_sheets a JOIN projects p ON p.id = a.project_id WHERE p.public_id = $1',
      [hidden],
    );
    expect(stored[0]!.score).toBe(5);

    const open = await publishProject(t, owner.headers, { subjects: [q1], questionType: 2, settings: { showScore: true, showAnalysis: true } });
    const told = await submit(open, { [q1.uuid]: pick(q1, 0) });
    expect(told.data.score).toMatchObject({ total: 0, max: 5 });
    expect(told.data.correct?.[q1.uuid]).toEqual({ answer: '', analysis: '解析文本' });
  });

  it('a timed exam is measured by the server: no recorded start is refused, a late sheet refused, or kept and marked per the setting', async () => {
    const q1 = makeSubject(1, 1) as TSubject & Options;
    const questionId = await publishProject(t, owner.headers, { subjects: [q1], questionType: 2, settings: { examMinutes: 10 } });
    const answers = { [q1.uuid]: pick(q1, 0) };
    // Skipping the start (only the page's timer) is refused.
    expect(await submit(questionId, answers)).toMatchObject({ resultCode: '409', resultMsg: '未找到本次考试的开始记录，请刷新页面后重新开始' });

    const id = submissionId();
    const start = await t.call<TStartExamResult>('active/write/startExam', { questionId, submissionId: id, deviceId: 'device-exam' });
    expect(start.resultCode).toBe('200');
    expect(Date.parse(start.data.deadline) - Date.parse(start.data.startedAt)).toBe(10 * 60_000);
    // Opening the sheet again does not restart the clock.
    offset += 5 * 60_000;
    const again = await t.call<TStartExamResult>('active/write/startExam', { questionId, submissionId: id, deviceId: 'device-exam' });
    expect(again.data.startedAt).toBe(start.data.startedAt);
    // 12 minutes in: past the limit and its grace; the page's own durationSeconds does not matter.
    offset += 7 * 60_000;
    expect(await submit(questionId, answers, { submissionId: id, durationSeconds: 30 })).toMatchObject({
      resultCode: '409',
      resultMsg: '考试时间已到，超时提交的答卷未被接受',
    });

    // On time (another respondent): accepted, the duration is the server's.
    const onTime = submissionId();
    await t.call('active/write/startExam', { questionId, submissionId: onTime, deviceId: 'device-exam-2' });
    offset += 3 * 60_000;
    expect((await submit(questionId, answers, { submissionId: onTime, deviceId: 'device-exam-2', durationSeconds: 1 })).resultCode).toBe('200');
    const rows = await t.database.query<{ duration_seconds: number; suspect: boolean }>(
      'SELECT duration_seconds, suspect FROM answer_sheets WHERE submission_id = $1',
      [onTime],
    );
    expect(rows[0]!.duration_seconds).toBeGreaterThanOrEqual(180);
    expect(rows[0]!.suspect).toBe(false);

    // With 超时交卷仍收下 on, the late sheet is kept and marked.
    await t.call('activity/question/updateWxQuestionSetting', { questionId, settings: { examMinutes: 10, examLateAccepted: true } }, owner.headers);
    offset += 60 * 60_000;
    const late = await submit(questionId, answers, { submissionId: id });
    expect(late.resultCode).toBe('200');
    const marked = await t.database.query<{ suspect: boolean; duration_seconds: number }>(
      'SELECT suspect, duration_seconds FROM answer_sheets WHERE submission_id = $1',
      [id],
    );
    expect(marked[0]).toMatchObject({ suspect: true });
    expect(marked[0]!.duration_seconds).toBeGreaterThan(70 * 60);
  });

  it('startExam answers only timed exams', async () => {
    const q1 = makeSubject(1, 1);
    const survey = await publishProject(t, owner.headers, { subjects: [q1] });
    expect(await t.call('active/write/startExam', { questionId: survey, submissionId: submissionId(), deviceId: 'device-exam' })).toMatchObject({
      resultCode: '400',
      resultMsg: '该问卷没有考试时长',
    });
  });
});
