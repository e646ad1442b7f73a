import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCheckInEvent, TCheckInView } from '../../../schemas/api/checkin';
import { openSse } from '../../helpers/sse';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { at, device, publishCheckIn, S } from './checkin-helpers';

/** Tuesday 2026-12-01, inside the default window. */
const clock = at('2026-12-01', '09:00');
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(() => t.close());

const feed = (questionId: string, from: number) => `${base}/api/${S}events?questionId=${questionId}&lastEventId=${from}`;
const WEEK = { startDay: '2026-12-01', endDay: '2026-12-07', windowStart: '06:00', windowEnd: '22:00' };

describe(`a check-in's live feed (${engineName()})`, () => {
  it('sends an event for every check-in to the pages open after the view they read, and the board then holds it', async () => {
    const { questionId } = await publishCheckIn(t, WEEK);
    const read = await t.call<TCheckInView>(`${S}getCheckIn`, { questionId, deviceId: device() });
    expect(read.data.board).toEqual([]);
    const stream = await openSse(feed(questionId, read.data.lastEventId));
    expect(stream.status).toBe(200);
    for (const name of ['小王', '小李']) {
      const done = await t.call(`${S}checkIn`, { questionId, deviceId: device(), name });
      expect(done.resultCode).toBe('200');
    }
    const events = await stream.waitFor(2);
    expect(events.map((e) => e.data as TCheckInEvent)).toMatchObject([
      { kind: 'checkin', day: '2026-12-01' },
      { kind: 'checkin', day: '2026-12-01' },
    ]);
    stream.close();
    const again = await t.call<TCheckInView>(`${S}getCheckIn`, { questionId, deviceId: device() });
    expect(again.data.board.map((r) => r.name).sort()).toEqual(['小李', '小王']);
    expect(again.data.lastEventId).toBe(events[1]!.id);
  });

  it('sends nothing for a refused check-in (the second of one person in a day)', async () => {
    const { questionId } = await publishCheckIn(t, WEEK);
    const me = device();
    expect((await t.call(`${S}checkIn`, { questionId, deviceId: me, name: '小张' })).resultCode).toBe('200');
    const read = await t.call<TCheckInView>(`${S}getCheckIn`, { questionId, deviceId: me });
    const stream = await openSse(feed(questionId, read.data.lastEventId));
    expect((await t.call(`${S}checkIn`, { questionId, deviceId: me, name: '小张' })).resultCode).toBe('409');
    expect((await t.call(`${S}checkIn`, { questionId, deviceId: device(), name: '小赵' })).resultCode).toBe('200');
    const [only] = await stream.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stream.events).toHaveLength(1);
    expect(only!.id).toBeGreaterThan(read.data.lastEventId);
    stream.close();
  });
});
