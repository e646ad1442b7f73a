import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { openSse } from '../../helpers/sse';
import { cancel, device, order, publishGroupBuy, view } from './groupbuy-helpers';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(() => t.close());

const feed = (questionId: string, query = '') => `${base}/api/activity/question/solitaire/events?questionId=${questionId}${query}`;

describe(`the group-buy's live feed (${engineName()})`, () => {
  it('an order placed through the submit, then cancelled, reaches an open page as two events (the orders trigger)', async () => {
    const ctx = await publishGroupBuy(t, { stock: 5 });
    const page = await view(t, ctx);
    const stream = await openSse(feed(ctx.questionId, `&lastEventId=${page.data.lastEventId}`));
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const placed = await order(t, ctx, device(), [{ productId: ctx.orange, quantity: 2 }]);
    const { orderNo } = placed.data.order!;
    await cancel(t, ctx, orderNo);
    const events = await stream.waitFor(2);
    expect(events.map((e) => e.data)).toEqual([
      { id: events[0]!.id, kind: 'order', orderNo, state: 'created' },
      { id: events[1]!.id, kind: 'order', orderNo, state: 'closed' },
    ]);
    // The page reads again after an event: the list and the stock it shows follow.
    expect((await view(t, ctx)).data.products[0]!.stock).toBe(5);
    stream.close();
  });

  it('answers 404 for a project of another kind and 400 for a bad position', async () => {
    const ctx = await publishGroupBuy(t);
    const bad = await fetch(feed(ctx.questionId, '&lastEventId=abc'));
    expect(await bad.json()).toMatchObject({ resultCode: '400' });
    const missing = await fetch(feed('no-such-project'));
    expect(await missing.json()).toMatchObject({ resultCode: '404' });
  });
});
