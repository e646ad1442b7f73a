import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { NOW, bookSlot, publishAppointment } from '../appointment/appointment-helpers';
import { buy, buyer, publishShop, sandboxPay, startPay } from '../pay/pay-helpers';
import { startReceiver, type Receiver } from './receiver';
import { addWebhook, deliveriesOf } from './webhook-fixtures';

/** The events besides sheets (issue 53 item 3): an order paid and a booking made reach the webhooks subscribed to them. */
let t: TestApp;
let r: Receiver;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW, env: { WEBHOOK_ALLOW_HOSTS: ['127.0.0.1'] } as never, jobs: 'manual', webhookRunner: { disabled: true } });
  r = await startReceiver();
}, 60_000);
afterAll(async () => {
  await r.close();
  await t.close();
});

/**
 * Deliveries are queued at the database's clock (next_attempt_at defaults to now()), the runner takes the due ones by
 * the app's; this suite's app clock is fixed at NOW (the appointment dates need it), which the real date has passed.
 * The queued deliveries are made due by the suite's clock before each run.
 */
const drain = async () => {
  await t.database.query(`UPDATE webhook_deliveries SET next_attempt_at = $1 WHERE state = 'queued' AND next_attempt_at > $1`, [NOW]);
  while ((await t.app.webhookRunner.runOnce()) > 0);
};
const bodiesOf = (event: string) =>
  r.received
    .filter((x) => x.headers['wenjuan-event'] === event)
    .map((x) => JSON.parse(x.body) as { type: string; project: { questionId: string }; data: Record<string, unknown> });

describe(`webhook events on ${engineName()}`, () => {
  it('order.paid: once when the order is paid, with its number, amount and lines', async () => {
    const shop = await publishShop(t);
    const hook = await addWebhook(t, shop.questionId, r.url, ['order.paid']);
    const me = buyer();
    const bought = await buy(t, shop, me, [
      { productId: shop.ticket, quantity: 2 },
      { productId: shop.shirt, quantity: 1 },
    ]);
    const orderNo = bought.data.order!.orderNo;
    await drain();
    expect(bodiesOf('order.paid')).toHaveLength(0);
    await startPay(t, orderNo, me);
    expect((await sandboxPay(t, orderNo)).resultCode).toBe('200');
    await drain();
    const [paid, ...more] = bodiesOf('order.paid');
    expect(more).toHaveLength(0);
    expect(paid!.project.questionId).toBe(shop.questionId);
    expect(paid!.data).toMatchObject({ orderNo, amountFen: 2 * 2500 + 5990, amountYuan: '109.90' });
    expect(paid!.data.lines).toMatchObject([
      { title: '门票', quantity: 2, amountFen: 5000 },
      { title: '纪念T恤', quantity: 1, amountFen: 5990 },
    ]);
    expect((await deliveriesOf(t, hook.id)).map((d) => d.state)).toEqual(['done']);
  });

  it('booking.created: the slot and the person as booked', async () => {
    const { questionId } = await publishAppointment(t);
    await addWebhook(t, questionId, r.url, ['booking.created']);
    const booked = await bookSlot(t, questionId, '2026-12-08', '09:00', { partySize: 2, name: '王芳', phone: '13800000000' });
    expect(booked.resultCode).toBe('200');
    await drain();
    const [booking] = bodiesOf('booking.created');
    expect(booking!.project.questionId).toBe(questionId);
    expect(booking!.data).toMatchObject({
      slot: { date: '2026-12-08', start: '09:00', end: '10:00' },
      partySize: 2,
      person: { name: '王芳', phone: '13800000000' },
    });
  });
});
