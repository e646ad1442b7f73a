import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES, type TDeliveryItem, type TWebhookItem } from '../../../schemas/api/webhooks';
import { WEBHOOK_LIMITS } from '../../../schemas/webhooks/events';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { draftProject, recordAttempt } from '../../helpers/webhook-fixtures';

/** 数据推送 (issue 53 item 3): a project's webhooks, the test event, the delivery log and redelivery. */
let t: TestApp;
let owner: { headers: { token: string } };
let other: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t);
  other = await loginNewUser(t);
}, 60_000);
afterAll(() => t.close());

const W = 'activity/question/webhook/';
const as = <T = unknown>(path: string, body: object, who = owner) => t.call<T>(`${W}${path}`, body, who.headers);
const URL_OK = 'https://example.com/hooks/wenjuan';
const save = (questionId: string, extra: object = {}) => as<TWebhookItem>('saveWebhook', { questionId, url: URL_OK, events: ['sheet.accepted'], ...extra });

describe(`数据推送 on ${engineName()}`, () => {
  it('adds a webhook with a whsec_ secret, lists it, edits it and deletes it', async () => {
    const questionId = await draftProject(t, owner.headers);
    expect((await as<{ list: TWebhookItem[] }>('getWebhookList', { questionId })).data.list).toEqual([]);
    const added = await save(questionId);
    expect(added).toMatchObject({ resultCode: '200', resultMsg: WEBHOOK_MESSAGES.saved });
    expect(added.data).toMatchObject({ url: URL_OK, events: ['sheet.accepted'], enabled: true, disabledReason: null, lastDelivery: null });
    expect(added.data.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    const edited = await save(questionId, { webhookId: added.data.webhookId, url: 'https://example.com/v2', enabled: false });
    expect(edited.data).toMatchObject({ webhookId: added.data.webhookId, url: 'https://example.com/v2', enabled: false, secret: added.data.secret });
    const list = (await as<{ list: TWebhookItem[] }>('getWebhookList', { questionId })).data.list;
    expect(list.map((w) => w.url)).toEqual(['https://example.com/v2']);
    expect(await as('deleteWebhook', { questionId, webhookId: added.data.webhookId })).toMatchObject({
      resultCode: '200',
      resultMsg: WEBHOOK_MESSAGES.deleted,
    });
    expect(await as('deleteWebhook', { questionId, webhookId: added.data.webhookId })).toMatchObject({ resultCode: '404', resultMsg: WEBHOOK_MESSAGES.gone });
    expect((await as<{ list: TWebhookItem[] }>('getWebhookList', { questionId })).data.list).toEqual([]);
  });

  it('refuses a missing or non-http URL, no events, and events the kind never produces', async () => {
    const questionId = await draftProject(t, owner.headers);
    expect(await save(questionId, { url: ' ' })).toMatchObject({ resultCode: '400', resultMsg: expect.stringContaining(WEBHOOK_MESSAGES.urlRequired) });
    expect(await save(questionId, { url: 'ftp://example.com/x' })).toMatchObject({ resultCode: '400', resultMsg: WEBHOOK_MESSAGES.urlInvalid });
    expect(await save(questionId, { url: '不是网址' })).toMatchObject({ resultCode: '400', resultMsg: WEBHOOK_MESSAGES.urlInvalid });
    expect(await save(questionId, { events: [] })).toMatchObject({ resultCode: '400', resultMsg: expect.stringContaining(WEBHOOK_MESSAGES.eventsRequired) });
    expect(await save(questionId, { events: ['order.paid'] })).toMatchObject({ resultCode: '400', resultMsg: '该项目不会产生「订单支付成功」事件' });
    expect(await save(questionId, { events: ['nope'] })).toMatchObject({ resultCode: '400' });
    expect(await save(questionId, { webhookId: 'missing' })).toMatchObject({ resultCode: '404', resultMsg: WEBHOOK_MESSAGES.gone });
  });

  it('offers orders to a payment page and a group-buy, bookings to an appointment project', async () => {
    const online = await draftProject(t, owner.headers, 6);
    expect((await save(online, { events: ['sheet.accepted', 'order.paid'] })).data.events).toEqual(['sheet.accepted', 'order.paid']);
    const groupBuy = await draftProject(t, owner.headers, 5, 2);
    expect((await save(groupBuy, { events: ['order.paid'] })).resultCode).toBe('200');
    const appoint = await draftProject(t, owner.headers, 7);
    expect((await save(appoint, { events: ['booking.created'] })).resultCode).toBe('200');
    expect(await save(appoint, { events: ['ballot.cast'] })).toMatchObject({ resultCode: '400', resultMsg: '该项目不会产生「新投票」事件' });
  });

  it(`keeps at most ${WEBHOOK_LIMITS.perProject} per project`, async () => {
    const questionId = await draftProject(t, owner.headers);
    for (let i = 0; i < WEBHOOK_LIMITS.perProject; i++) expect((await save(questionId, { url: `${URL_OK}/${i}` })).resultCode).toBe('200');
    expect(await save(questionId)).toMatchObject({ resultCode: '409', resultMsg: WEBHOOK_MESSAGES.tooMany });
  });

  it('turning a webhook the platform disabled back on clears its reason and its failures', async () => {
    const questionId = await draftProject(t, owner.headers);
    const hook = (await save(questionId)).data;
    await t.database.query(
      "UPDATE webhooks SET enabled = false, disabled_at = now(), disabled_reason = '连续 5 次推送失败，已自动停用', consecutive_failures = 5 WHERE public_id = $1",
      [hook.webhookId],
    );
    const off = (await as<{ list: TWebhookItem[] }>('getWebhookList', { questionId })).data.list[0]!;
    expect(off).toMatchObject({ enabled: false, disabledReason: '连续 5 次推送失败，已自动停用', consecutiveFailures: 5 });
    const on = await save(questionId, { webhookId: hook.webhookId, enabled: true });
    expect(on.data).toMatchObject({ enabled: true, disabledReason: null, consecutiveFailures: 0 });
  });

  it('resets the secret', async () => {
    const questionId = await draftProject(t, owner.headers);
    const hook = (await save(questionId)).data;
    const reset = await as<TWebhookItem>('resetWebhookSecret', { questionId, webhookId: hook.webhookId });
    expect(reset).toMatchObject({ resultCode: '200', resultMsg: WEBHOOK_MESSAGES.secretReset });
    expect(reset.data.secret).toMatch(/^whsec_/);
    expect(reset.data.secret).not.toBe(hook.secret);
    expect(await as('resetWebhookSecret', { questionId, webhookId: 'missing' })).toMatchObject({ resultCode: '404' });
  });

  it('queues a test event, lists it by state, shows its payload and attempts, and redelivers it', async () => {
    const questionId = await draftProject(t, owner.headers);
    const hook = (await save(questionId)).data;
    const test = await as<{ deliveryId: string }>('sendTestEvent', { questionId, webhookId: hook.webhookId });
    expect(test).toMatchObject({ resultCode: '200', resultMsg: WEBHOOK_MESSAGES.testQueued });
    const page = (body: object = {}) =>
      as<{ list: TDeliveryItem[]; total: number }>('getDeliveryList', { questionId, webhookId: hook.webhookId, ...body }).then((r) => r.data);
    const first = await page();
    expect(first.total).toBe(1);
    expect(first.list[0]).toMatchObject({ deliveryId: test.data.deliveryId, event: 'ping', state: 'queued', attempts: 0, redeliveryOf: null });
    expect((await as<{ list: TWebhookItem[] }>('getWebhookList', { questionId })).data.list[0]!.lastDelivery).toMatchObject({ state: 'queued', status: null });

    await recordAttempt(t, test.data.deliveryId, 500, null);
    const detail = await as<{ payload: Record<string, unknown>; attemptList: unknown[]; state: string }>('getDelivery', {
      questionId,
      deliveryId: test.data.deliveryId,
    });
    expect(detail.data).toMatchObject({
      state: 'failed',
      payload: { type: 'ping', project: { questionId }, data: { message: expect.stringContaining('测试推送') } },
    });
    expect(detail.data.attemptList).toEqual([expect.objectContaining({ attempt: 1, status: 500, durationMs: 42 })]);

    const again = await as<{ deliveryId: string }>('redeliver', { questionId, deliveryId: test.data.deliveryId });
    expect(again).toMatchObject({ resultCode: '200', resultMsg: WEBHOOK_MESSAGES.redelivered });
    const queued = await page({ state: 'queued' });
    expect(queued.total).toBe(1);
    expect(queued.list[0]).toMatchObject({ deliveryId: again.data.deliveryId, event: 'ping', redeliveryOf: test.data.deliveryId });
    const copy = await as<{ payload: unknown }>('getDelivery', { questionId, deliveryId: again.data.deliveryId });
    // The same event, project and data; its own delivery id (the receiver keys "once" on eventId).
    const { id: firstId, createdAt: firstAt, ...sent } = detail.data.payload;
    const { id: copyId, createdAt: copyAt, ...resent } = copy.data.payload as Record<string, unknown>;
    expect(resent).toEqual(sent);
    expect([copyId, typeof copyAt]).toEqual([again.data.deliveryId, 'string']);
    expect([firstId, typeof firstAt]).toEqual([test.data.deliveryId, 'string']);
    expect((await page({ state: 'failed' })).list.map((d) => d.deliveryId)).toEqual([test.data.deliveryId]);
    expect((await page({ state: 'done' })).total).toBe(0);
    expect((await page({ page: 2, pageSize: 1 })).list.map((d) => d.deliveryId)).toEqual([test.data.deliveryId]);
    expect(await as('getDelivery', { questionId, deliveryId: 'missing' })).toMatchObject({ resultCode: '404', resultMsg: WEBHOOK_MESSAGES.deliveryGone });
    expect(await as('redeliver', { questionId, deliveryId: 'missing' })).toMatchObject({ resultCode: '404', resultMsg: WEBHOOK_MESSAGES.deliveryGone });
    expect(await as('getDeliveryList', { questionId, webhookId: hook.webhookId, state: 'lost' })).toMatchObject({ resultCode: '400' });
  });

  it("another project's delivery is not found through this project", async () => {
    const a = await draftProject(t, owner.headers);
    const b = await draftProject(t, owner.headers);
    const hook = (await save(a)).data;
    const test = (await as<{ deliveryId: string }>('sendTestEvent', { questionId: a, webhookId: hook.webhookId })).data;
    expect(await as('getDelivery', { questionId: b, deliveryId: test.deliveryId })).toMatchObject({ resultCode: '404' });
    expect(await as('sendTestEvent', { questionId: b, webhookId: hook.webhookId })).toMatchObject({ resultCode: '404' });
  });

  it('a stranger and a logged-out caller reach nothing', async () => {
    const questionId = await draftProject(t, owner.headers);
    expect(await as('getWebhookList', { questionId }, other)).toMatchObject({ resultCode: '404' });
    expect(await t.call(`${W}getWebhookList`, { questionId })).toMatchObject({ resultCode: '401' });
  });
});
