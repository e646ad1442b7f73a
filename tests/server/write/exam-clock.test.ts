import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStartExamResult, TSubmitResult } from '../../../schemas/api/write';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { naiveExamClock } from '../../helpers/naive-strategies';
import { pick, publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * One exam clock per respondent (issue 42): the start of a timed exam belongs to the respondent — their device,
 * and their account when logged in — not to a sheet's submission id, so a fresh id (a cleared draft, another tab)
 * does not restart the timer; it lives in the database, so another process reads the same start.
 */
let t: TestApp;
let owner: { headers: { token: string } };
let offset = 0;
/** Moves the clock a second at each reading (the concurrency test: every start asks at its own moment). */
let ticking = false;
let ticks = 0;
/** A still clock (moved by the tests), so the minutes between starts are exact. */
const base = Date.now();
const now = () => new Date(base + offset + (ticking ? ticks++ * 1_000 : 0));
beforeAll(async () => {
  t = await createTestApp({ now });
  owner = await loginNewUser(t);
}, 60_000);
afterAll(() => t.close());

const minutes = (n: number) => (offset += n * 60_000);
const q1 = makeSubject(1, 1) as TSubject;
const answers = { [q1.uuid]: pick(q1, 0) };
let deviceSeq = 0;
const newDevice = () => `exam-device-${process.pid}-${deviceSeq++}`;

const exam = (settings: Record<string, unknown> = {}) =>
  publishProject(t, owner.headers, { subjects: [q1], questionType: 2, settings: { examMinutes: 10, ...settings } });
const start = (app: TestApp, questionId: string, deviceId: string, id = submissionId(), headers: Record<string, string> = {}) =>
  app.call<TStartExamResult>('active/write/startExam', { questionId, submissionId: id, deviceId }, headers);
const submit = (questionId: string, deviceId: string, id: string, headers: Record<string, string> = {}) =>
  t.call<TSubmitResult>('active/write/submit', { questionId, submissionId: id, deviceId, answers, durationSeconds: 5 }, headers);
const clocks = (questionId: string) =>
  t.database.query<{ respondent: string }>(
    'SELECT c.respondent FROM answer_starts c JOIN projects p ON p.id = c.project_id WHERE p.public_id = $1 ORDER BY c.respondent',
    [questionId],
  );

describe(`one exam clock per respondent (${engineName()})`, () => {
  it('a fresh submission id does not restart the timer: at +12 minutes of a 10-minute exam the new sheet is late', async () => {
    const questionId = await exam();
    const device = newDevice();
    const first = await start(t, questionId, device);
    expect(first.resultCode).toBe('200');
    minutes(5);
    // A cleared draft (a new submission id) resumes the same clock.
    const second = submissionId();
    expect((await start(t, questionId, device, second)).data.startedAt).toBe(first.data.startedAt);
    minutes(7);
    expect(await submit(questionId, device, second)).toMatchObject({ resultCode: '409', resultMsg: '考试时间已到，超时提交的答卷未被接受' });
    // Nor does a third id open a new sheet: the time is up.
    expect(await start(t, questionId, device)).toMatchObject({ resultCode: '409', resultMsg: '考试时间已到，不能再开始作答', data: { reason: 'examOver' } });
    expect(await clocks(questionId)).toHaveLength(1);
  });

  it('follows the account to another device; another respondent has a clock of their own', async () => {
    const questionId = await exam();
    const student = await loginNewUser(t);
    const phone = await start(t, questionId, newDevice(), submissionId(), student.headers);
    minutes(4);
    const laptop = newDevice();
    expect((await start(t, questionId, laptop, submissionId(), student.headers)).data.startedAt).toBe(phone.data.startedAt);
    const other = await start(t, questionId, newDevice());
    expect(Date.parse(other.data.startedAt) - Date.parse(phone.data.startedAt)).toBe(4 * 60_000);
    minutes(8);
    // Past the limit on the account's clock, though the laptop opened its sheet only 8 minutes ago.
    expect((await submit(questionId, laptop, submissionId(), student.headers)).resultMsg).toBe('考试时间已到，超时提交的答卷未被接受');
  });

  it('startExam for a sheet already handed in is refused; the next attempt (where the project takes one) has a new clock', async () => {
    const questionId = await exam();
    const device = newDevice();
    const id = submissionId();
    const first = await start(t, questionId, device, id);
    minutes(3);
    expect((await submit(questionId, device, id)).resultCode).toBe('200');
    expect(await start(t, questionId, device, id)).toMatchObject({
      resultCode: '409',
      resultMsg: '这份答卷已提交，不能重新开始计时',
      data: { reason: 'sheetSubmitted' },
    });
    minutes(30);
    const next = submissionId();
    const retake = await start(t, questionId, device, next);
    expect(Date.parse(retake.data.startedAt) - Date.parse(first.data.startedAt)).toBe(33 * 60_000);
    minutes(12);
    // The first sheet sent again is answered from the store, and does not end the running attempt.
    expect((await submit(questionId, device, id)).resultCode).toBe('200');
    expect((await start(t, questionId, device)).data).toMatchObject({ reason: 'examOver' });
    expect((await submit(questionId, device, next)).resultMsg).toBe('考试时间已到，超时提交的答卷未被接受');
  });

  it('with 超时交卷仍收下, a late sheet is kept and marked, timed from the first start', async () => {
    const questionId = await exam({ examLateAccepted: true });
    const device = newDevice();
    await start(t, questionId, device);
    minutes(20);
    const late = submissionId();
    expect((await start(t, questionId, device, late)).resultCode).toBe('200');
    expect((await submit(questionId, device, late)).resultCode).toBe('200');
    const [sheet] = await t.database.query<{ suspect: boolean; suspect_reason: string | null; duration_seconds: number }>(
      'SELECT suspect, suspect_reason, duration_seconds FROM answer_sheets WHERE submission_id = $1',
      [late],
    );
    expect(sheet).toMatchObject({ suspect: true, suspect_reason: '超时提交', duration_seconds: 20 * 60 });
  });

  it('lives in the database: another process answers the same start, and a clock from before the change still times its sheet', async () => {
    const questionId = await exam();
    const device = newDevice();
    const first = await start(t, questionId, device);
    const other = await siblingApp(t, { now });
    try {
      minutes(2);
      expect((await start(other, questionId, device)).data.startedAt).toBe(first.data.startedAt);
    } finally {
      await other.close();
    }
    // Recorded by the old code under the sheet's submission id (migration 0048 keeps such clocks as s:<id>).
    const legacy = submissionId();
    await t.database.query(
      `INSERT INTO answer_starts (project_id, respondent, submission_id, started_at) SELECT id, $2, $3, $4 FROM projects WHERE public_id = $1`,
      [questionId, `s:${legacy}`, legacy, new Date(now().getTime() - 3 * 60_000)],
    );
    expect((await submit(questionId, newDevice(), legacy)).resultCode).toBe('200');
    const [sheet] = await t.database.query<{ duration_seconds: number }>('SELECT duration_seconds FROM answer_sheets WHERE submission_id = $1', [legacy]);
    expect(sheet!.duration_seconds).toBe(180);
  });

  it('twelve starts at once with twelve submission ids record one start; a read-then-write clock hands out several', async () => {
    const naiveApp = await siblingApp(t, { now, strategies: { examClock: naiveExamClock } });
    const race = async (app: TestApp) => {
      const questionId = await exam();
      const device = newDevice();
      ticking = true;
      try {
        const answers = await Promise.all(Array.from({ length: 12 }, () => start(app, questionId, device)));
        return { questionId, starts: new Set(answers.map((a) => a.data.startedAt)), codes: answers.map((a) => a.resultCode) };
      } finally {
        ticking = false;
      }
    };
    try {
      const exact = await race(t);
      expect(exact.codes).toEqual(Array(12).fill('200'));
      expect(exact.starts.size).toBe(1);
      const [stored] = await t.database.query<{ started_at: Date }>(
        'SELECT c.started_at FROM answer_starts c JOIN projects p ON p.id = c.project_id WHERE p.public_id = $1',
        [exact.questionId],
      );
      expect(new Date(stored!.started_at).toISOString()).toBe([...exact.starts][0]);

      const naive = await race(naiveApp);
      expect(naive.starts.size).toBeGreaterThan(1);
    } finally {
      await naiveApp.close();
    }
  });
});
