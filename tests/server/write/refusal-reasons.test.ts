import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITE_MESSAGES } from '../../../schemas/api/write';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { pick, publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

// Refusals keep the spec's resultCode and resultMsg and add a machine-readable data.reason (schemas/refusals.ts),
// which the respondent page switches on instead of the wording.
let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t);
});
afterAll(() => t.close());

const q = makeSubject(1, 1);
let device = 0;
const sheet = (questionId: string, extra: Record<string, unknown> = {}) => ({
  questionId,
  submissionId: submissionId(),
  answers: { [q.uuid]: pick(q, 0) },
  deviceId: `reason-device-${++device}`,
  durationSeconds: 30,
  ...extra,
});
const hour = 3_600_000;

describe(`refusal reasons on ${engineName()}`, () => {
  it('paused, not started and ended: getQuestion and submit say why in data.reason', async () => {
    const paused = await publishProject(t, owner.headers, { subjects: [q] });
    await t.call('activity/question/getQuestionStatus', { questionId: paused, status: 0 }, owner.headers);
    const soon = await publishProject(t, owner.headers, { subjects: [q], settings: { startTime: new Date(Date.now() + hour).toISOString() } });
    const over = await publishProject(t, owner.headers, { subjects: [q], settings: { endTime: new Date(Date.now() - hour).toISOString() } });
    for (const [questionId, reason] of [
      [paused, 'paused'],
      [soon, 'notStarted'],
      [over, 'ended'],
    ] as const) {
      const expected = { resultCode: '409', resultMsg: WRITE_MESSAGES[reason], data: { reason } };
      expect(await t.call('active/write/getQuestion', { questionId })).toEqual(expected);
      expect(await t.call('active/write/submit', sheet(questionId))).toEqual(expected);
    }
  });

  it('full, and the per-device limit', async () => {
    const capped = await publishProject(t, owner.headers, { subjects: [q], settings: { maxAnswers: 1 } });
    expect((await t.call('active/write/submit', sheet(capped))).resultCode).toBe('200');
    expect(await t.call('active/write/submit', sheet(capped))).toEqual({ resultCode: '409', resultMsg: WRITE_MESSAGES.full, data: { reason: 'full' } });

    const once = await publishProject(t, owner.headers, { subjects: [q], settings: { perDeviceLimit: 1 } });
    expect((await t.call('active/write/submit', sheet(once, { deviceId: 'one-phone' }))).resultCode).toBe('200');
    expect(await t.call('active/write/submit', sheet(once, { deviceId: 'one-phone' }))).toEqual({
      resultCode: '409',
      resultMsg: WRITE_MESSAGES.deviceLimit,
      data: { reason: 'deviceLimit' },
    });
  });

  it("an option's full quota is optionFull", async () => {
    const a = (q as { options: { uuid: string; title: string }[] }).options[0]!;
    const logic = { quotas: [{ id: 'quota-a', basis: 'option', subject: q.uuid, option: a.uuid, limit: 1, onFull: { action: 'hideOption' } }] };
    const questionId = await publishProject(t, owner.headers, { subjects: [q], logic });
    expect((await t.call('active/write/submit', sheet(questionId))).resultCode).toBe('200');
    expect(await t.call('active/write/submit', sheet(questionId))).toEqual({
      resultCode: '409',
      resultMsg: WRITE_MESSAGES.optionFull(a.title),
      data: { reason: 'optionFull' },
    });
  });
});
