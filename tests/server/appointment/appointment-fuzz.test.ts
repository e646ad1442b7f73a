import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentCalls, type TBooking } from '../../../schemas/api/appointment';
import type { Contract } from '../../../schemas/api/contract';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { arbitraryOf } from '../../helpers/zod-arbitrary';
import { bookSlot, NOW, publishAppointment, weekdaySchedule } from './appointment-helpers';

/**
 * Every appointment call with bodies drawn from its own request schema, aimed at a real published appointment
 * project with bookings (so handlers run past validation, the lookup and the power check), as its owner and
 * logged out, then with one field broken at a time. Never a "500".
 */
let t: TestApp;
let ctx: { questionId: string; bookingId: string; token: string; headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  const { questionId, owner } = await publishAppointment(t, weekdaySchedule(1));
  const first = await bookSlot(t, questionId, '2026-12-08', '09:00');
  await bookSlot(t, questionId, '2026-12-08', '09:00');
  ctx = { questionId, bookingId: (first.data.booking as TBooking).bookingId, token: first.data.token, headers: owner.headers };
}, 60_000);
afterAll(() => t.close());

const JUNK = [null, 1, -1, 1e12, 'x'.repeat(5_000), '', '\u0000', { a: 1 }, [1], true, '1e400', '2026-13-45', '0000-01-01', '25:61', '+275760-09-13T00:00:00Z'];

async function expectNo500(path: string, body: unknown, headers: Record<string, string> = {}) {
  const answer = await t.call(path, body, headers);
  expect(answer.resultCode, `${path} ${JSON.stringify(body).slice(0, 200)} → ${answer.resultMsg}`).not.toBe('500');
  expect(typeof answer.resultMsg).toBe('string');
  return answer.resultCode;
}

describe.each(Object.values(appointmentCalls).map((c) => [c.path, c] as [string, Contract]))('%s', (path, contract) => {
  it('answers drawn bodies aimed at a real appointment project without a "500"', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryOf(contract.request), fc.boolean(), fc.boolean(), async (drawn, asOwner, realToken) => {
        const body: Record<string, unknown> = { ...(drawn as object) };
        if ('questionId' in body) body.questionId = ctx.questionId;
        if ('bookingId' in body) body.bookingId = ctx.bookingId;
        if ('token' in body && realToken) body.token = ctx.token;
        await expectNo500(path, body, asOwner ? ctx.headers : {});
      }),
      { numRuns: 15 },
    );
  });

  it('answers one broken field at a time with a clear refusal', async () => {
    const valid: Record<string, unknown> = {
      questionId: ctx.questionId,
      bookingId: ctx.bookingId,
      token: 'z'.repeat(32),
      date: '2026-12-10',
      start: '14:00',
      resourceKey: '',
      partySize: 1,
      name: '张三',
      phone: '',
      reason: '',
      weeks: 2,
      schedule: weekdaySchedule(1),
    };
    const shape = (contract.request as unknown as { shape?: Record<string, unknown> }).shape ?? {};
    for (const field of Object.keys(shape)) {
      for (const value of JUNK) {
        await expectNo500(path, { ...valid, [field]: value }, ctx.headers);
      }
    }
  });
});
