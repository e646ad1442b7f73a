import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKIN_MESSAGES } from '../../../schemas/api/checkin';
import { naiveCheckInTake } from '../../helpers/naive-strategies';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { at, device, publishCheckIn, S } from './checkin-helpers';

const clock = at('2026-12-02', '08:00');
let t: TestApp;
/** The same database through an app whose check-ins look for the day's check-in first, then insert. */
let naiveApp: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  naiveApp = await siblingApp(t, { now: () => clock, strategies: { checkInTake: naiveCheckInTake } });
}, 60_000);
afterAll(async () => {
  await naiveApp.close();
  await t.close();
});

async function race(app: TestApp, questionId: string, deviceId: string) {
  return Promise.all(Array.from({ length: 50 }, (_, i) => app.call(`${S}checkIn`, { questionId, deviceId, name: '小王', text: `第${i + 1}次` })));
}

const stored = (questionId: string) =>
  t.database.query('SELECT r.day FROM checkin_records r JOIN projects p ON p.id = r.project_id WHERE p.public_id = $1', [questionId]);

/** One success, every other answer the clear "already checked in" refusal, one row stored. */
const exactlyOnce = (answers: { resultCode: string; resultMsg: string }[], rows: unknown[]) =>
  answers.filter((a) => a.resultCode === '200').length === 1 &&
  answers.filter((a) => a.resultCode !== '200').every((a) => a.resultCode === '409' && a.resultMsg === CHECKIN_MESSAGES.twice) &&
  rows.length === 1;

describe(`50 parallel check-ins by one person on one day (${engineName()})`, () => {
  it('store exactly one and refuse the other 49 with the clear message', async () => {
    const { questionId } = await publishCheckIn(t, { startDay: '2026-12-01', endDay: '2026-12-31' });
    const answers = await race(t, questionId, device());
    expect(answers.filter((a) => a.resultCode === '200')).toHaveLength(1);
    expect(answers.filter((a) => a.resultCode === '409').map((a) => a.resultMsg)).toEqual(Array(49).fill(CHECKIN_MESSAGES.twice));
    expect(await stored(questionId)).toHaveLength(1);
    expect(exactlyOnce(answers, await stored(questionId))).toBe(true);
  });

  it('is needed: the read-then-insert variant fails some of them with an error instead of the refusal', async () => {
    const { questionId } = await publishCheckIn(t, { startDay: '2026-12-01', endDay: '2026-12-31' });
    const answers = await race(naiveApp, questionId, device());
    expect(exactlyOnce(answers, await stored(questionId))).toBe(false);
  });
});
