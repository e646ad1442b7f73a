import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChainEvent, TChainView } from '../../../schemas/api/chain';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { openSse } from '../../helpers/sse';
import { device, publishChain, S } from './chain-helpers';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(() => t.close());

const feed = (origin: string, questionId: string, query = '') => `${origin}/api/${S}events?questionId=${questionId}${query}`;
const join = (app: TestApp, questionId: string, name: string) => app.call(`${S}joinChain`, { questionId, deviceId: device(), name });

describe(`the live feed (${engineName()})`, () => {
  it('streams every change as a server-sent event with an increasing id, the entry and the counts', async () => {
    const { questionId } = await publishChain(t, { cap: 1 });
    const view = await t.call<TChainView>(`${S}getChain`, { questionId });
    const stream = await openSse(feed(base, questionId, `&lastEventId=${view.data.lastEventId}`));
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    await join(t, questionId, '张三');
    await join(t, questionId, '李四');
    const events = await stream.waitFor(2);
    const data = events.map((e) => e.data as TChainEvent);
    expect(data.map((e) => [e.kind, e.entry?.name, e.entry?.state])).toEqual([
      ['join', '张三', 'joined'],
      ['join', '李四', 'waitlisted'],
    ]);
    expect(data[1]!.counts).toEqual({ joinedPeople: 1, joinedCount: 1, waitingCount: 1 });
    expect(events[1]!.id).toBeGreaterThan(events[0]!.id);
    stream.close();
  });

  it("a join's event is the entry its joiner was answered (masked name, number, times, counts); a refused repeat writes none", async () => {
    const { questionId } = await publishChain(t, { maskNames: true });
    const [{ id }] = (await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [questionId])) as [{ id: number }];
    const deviceId = device();
    const joined = await t.call<{ entry: TChainEvent['entry']; counts: TChainEvent['counts'] }>(`${S}joinChain`, { questionId, deviceId, name: '王小明' });
    expect(joined.resultCode).toBe('200');
    const again = await t.call(`${S}joinChain`, { questionId, deviceId, name: '王小明' });
    expect(again.resultCode).not.toBe('200');
    // (Publishing the chain wrote its 'settings' event first.)
    const events = await t.database.query<{ payload: TChainEvent }>(
      "SELECT payload FROM chain_events WHERE project_id = $1 AND kind <> 'settings' ORDER BY id",
      [id],
    );
    expect(events.map((e) => e.payload.kind)).toEqual(['join']);
    expect(events[0]!.payload.entry).toEqual(joined.data.entry);
    expect(events[0]!.payload.entry!.name).not.toBe('王小明');
    expect(events[0]!.payload.counts).toEqual({ joinedPeople: 1, joinedCount: 1, waitingCount: 0 });
    expect(joined.data.counts).toEqual(events[0]!.payload.counts);
    expect(events[0]!.payload.settings.maskNames).toBe(true);
  });

  it('resumes after Last-Event-ID without a gap or a repeat', async () => {
    const { questionId } = await publishChain(t);
    const first = await openSse(feed(base, questionId));
    await join(t, questionId, '一号');
    const [seen] = await first.waitFor(1);
    first.close();
    // Missed while disconnected.
    await join(t, questionId, '二号');
    await join(t, questionId, '三号');
    const again = await openSse(feed(base, questionId), { 'last-event-id': String(seen!.id) });
    await join(t, questionId, '四号');
    const events = await again.waitFor(3);
    expect(events.map((e) => (e.data as TChainEvent).entry?.name)).toEqual(['二号', '三号', '四号']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(again.events).toHaveLength(3);
    again.close();
  });

  it('answers "404" in the envelope for a project that is no chain, and "400" for a malformed position', async () => {
    const missing = await fetch(feed(base, 'no-such-chain-1'));
    expect(await missing.json()).toMatchObject({ resultCode: '404' });
    const { questionId } = await publishChain(t);
    const bad = await fetch(feed(base, questionId, '&lastEventId=abc'));
    expect(await bad.json()).toMatchObject({ resultCode: '400' });
  });

  it('fans out across processes through LISTEN/NOTIFY on PostgreSQL (PGlite, one process, fans out in-process)', async () => {
    if (engineName() === 'pglite') {
      // One PGlite directory belongs to one process (reliability.md): its LISTEN hears only its own session's
      // NOTIFYs (the group-buy's order trigger, 0042); the hub is the fan-out.
      return;
    }
    const other = await siblingApp(t, {});
    const otherBase = await other.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { questionId } = await publishChain(t);
      const stream = await openSse(feed(otherBase, questionId));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = Date.now();
      await join(t, questionId, '跨进程');
      const [event] = await stream.waitFor(1, 3_000);
      expect((event!.data as TChainEvent).entry?.name).toBe('跨进程');
      expect(Date.now() - started).toBeLessThan(1_000);
      stream.close();
    } finally {
      await other.close();
    }
  });
});
