import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInCalls } from '../../../schemas/api/checkin';
import type { Contract } from '../../../schemas/api/contract';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { arbitraryOf } from '../../helpers/zod-arbitrary';
import { at, device, publishCheckIn, S } from './checkin-helpers';

/**
 * Every check-in call with bodies drawn from its own request schema, aimed at a real published check-in with
 * records (so handlers run past validation, the lookup and the power check), as its owner and logged out, then
 * with one field broken at a time. Never a "500". (route-fuzz.test.ts leaves solitaire calls to these files.)
 */
let t: TestApp;
let ctx: { questionId: string; deviceId: string; headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp({ now: () => at('2026-12-03', '09:00') });
  const { questionId, owner } = await publishCheckIn(t, { startDay: '2026-12-01', endDay: '2026-12-10', makeupDays: 2, numberMode: 'optional' });
  const deviceId = device();
  await t.call(`${S}checkIn`, { questionId, deviceId, name: '张三', text: '第一天' });
  ctx = { questionId, deviceId, headers: owner.headers };
}, 60_000);
afterAll(() => t.close());

const JUNK = [
  null,
  1,
  -1,
  1e12,
  'x'.repeat(5_000),
  '',
  '\u0000',
  { a: 1 },
  [1],
  [],
  true,
  '1e400',
  '2026-13-45',
  '0000-01-01',
  '24:61',
  '+275760-09-13T00:00:00Z',
];

async function expectNo500(path: string, body: unknown, headers: Record<string, string> = {}) {
  const answer = await t.call(path, body, headers);
  expect(answer.resultCode, `${path} ${JSON.stringify(body).slice(0, 200)} → ${answer.resultMsg}`).not.toBe('500');
  expect(typeof answer.resultMsg).toBe('string');
}

describe.each(Object.values(checkInCalls).map((c) => [c.path, c] as [string, Contract]))('%s', (path, contract) => {
  it('answers drawn bodies aimed at a real check-in without a "500"', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryOf(contract.request), fc.boolean(), async (drawn, asOwner) => {
        await expectNo500(path, { ...(drawn as object), questionId: ctx.questionId }, asOwner ? ctx.headers : {});
      }),
      { numRuns: 20 },
    );
  });

  it('answers one broken field at a time with a clear refusal', async () => {
    const valid: Record<string, unknown> = {
      questionId: ctx.questionId,
      deviceId: ctx.deviceId,
      name: '张三',
      text: '打卡',
      photos: [],
      amount: 30,
      day: '2026-12-02',
      startDay: '2026-12-01',
      endDay: '2026-12-10',
      weekdays: [1, 2, 3],
      windowStart: '06:00',
      windowEnd: '22:00',
      lateAfter: null,
      textMode: 'optional',
      photoMode: 'optional',
      numberMode: 'optional',
      numberLabel: '时长',
      numberUnit: '分钟',
      makeupDays: 2,
    };
    const shape = (contract.request as unknown as { shape?: Record<string, unknown> }).shape ?? {};
    for (const field of Object.keys(shape)) {
      for (const value of JUNK) {
        await expectNo500(path, { ...valid, [field]: value }, ctx.headers);
      }
    }
  });
});
