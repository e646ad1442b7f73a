import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_TOLERANCE_SECONDS } from '../../../schemas/webhooks/events';
import { claimDeliveries } from '../../../server/jobs/webhook-runner';
import { enqueueWebhookEvent } from '../../../server/services/webhooks/enqueue';
import { verifyWebhookSignature } from '../../../server/services/webhooks/sign';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { startReceiver, type Receiver } from './receiver';
import { addWebhook, attemptsOf, deliveriesOf, publishedSurvey } from './webhook-fixtures';

/**
 * Webhook delivery (issue 53 item 3): a receiver on this machine (allowed by WEBHOOK_ALLOW_HOSTS) gets each new
 * sheet once, signed; failures are tried again and recorded; a webhook failing for good again and again is disabled.
 */
let t: TestApp;
const receivers: Receiver[] = [];
const receiver = async (...args: Parameters<typeof startReceiver>) => {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
};

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOK_ALLOW_HOSTS: ['127.0.0.1'] } as never, jobs: 'manual', webhookRunner: { backoffMs: 0, disabled: true } });
}, 60_000);
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await t.close();
});

/** Run the runner until nothing is due. */
async function drain(app: TestApp = t) {
  while ((await app.app.webhookRunner.runOnce()) > 0);
}

describe(`webhook delivery on ${engineName()}`, () => {
  it('a receiver gets each new sheet exactly once, signed with the webhook secret', async () => {
    const r = await receiver();
    const survey = await publishedSurvey(t);
    const hook = await addWebhook(t, survey.questionId, r.url);
    const sheets = [];
    for (const device of ['d1', 'd2', 'd3']) sheets.push((await survey.submit(device)).data.sheetId);
    await drain();
    await drain();
    expect(r.received).toHaveLength(3);
    const bodies = r.received.map(
      (x) => JSON.parse(x.body) as { type: string; data: { sheetId: string; answers: { title: string; text: string }[] }; project: { questionId: string } },
    );
    expect(bodies.map((b) => b.data.sheetId).sort()).toEqual([...sheets].sort());
    for (const { headers, body } of r.received) {
      expect(headers['content-type']).toBe('application/json');
      expect(headers['wenjuan-event']).toBe('sheet.accepted');
      expect(headers['user-agent']).toMatch(/Wenjuan/);
      const signature = String(headers['wenjuan-signature']);
      expect(verifyWebhookSignature(hook.secret, signature, body, new Date(), WEBHOOK_TOLERANCE_SECONDS)).toEqual({ ok: true });
      // The same check written independently of sign.ts, as a receiver would.
      const [, t0, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature)!;
      expect(createHmac('sha256', hook.secret).update(`${t0}.${body}`).digest('hex')).toBe(v1);
      expect(verifyWebhookSignature('another-secret', signature, body, new Date(), WEBHOOK_TOLERANCE_SECONDS).ok).toBe(false);
      expect(verifyWebhookSignature(hook.secret, signature, `${body} `, new Date(), WEBHOOK_TOLERANCE_SECONDS).ok).toBe(false);
      expect(JSON.parse(body).id).toBe(headers['wenjuan-delivery']);
    }
    expect(bodies[0]!.type).toBe('sheet.accepted');
    expect(bodies[0]!.project.questionId).toBe(survey.questionId);
    expect(bodies[0]!.data.answers[0]).toMatchObject({ title: '你喜欢哪种水果', text: expect.any(String) });
    expect(bodies[0]!.data.answers[0]!.text).not.toBe('');
    const rows = await deliveriesOf(t, hook.id);
    expect(rows.map((d) => d.state)).toEqual(['done', 'done', 'done']);
  });

  it('an event is queued once per webhook however often it is reported', async () => {
    const survey = await publishedSurvey(t);
    const hook = await addWebhook(t, survey.questionId, 'http://127.0.0.1:9/never', ['order.paid']);
    const [project] = await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [survey.questionId]);
    const input = { projectId: project!.id, event: 'order.paid' as const, eventId: 'order-1', payload: { orderNo: 'order-1' } };
    expect(await enqueueWebhookEvent(t.database.query, input)).toBe(1);
    expect(await enqueueWebhookEvent(t.database.query, input)).toBe(0);
    expect(await deliveriesOf(t, hook.id)).toHaveLength(1);
    // A sheet is not an event this webhook subscribed to.
    await survey.submit('d9');
    expect(await deliveriesOf(t, hook.id)).toHaveLength(1);
    await t.database.query('DELETE FROM webhook_deliveries WHERE webhook_id = $1', [hook.id]);
  });

  it('a receiver failing three times gets the sheet on the fourth attempt, each attempt recorded', async () => {
    const r = await receiver((n) => (n <= 3 ? { status: 500, body: '服务暂不可用' } : { status: 200, body: 'ok' }));
    const survey = await publishedSurvey(t);
    const hook = await addWebhook(t, survey.questionId, r.url);
    await survey.submit('r1');
    await drain();
    expect(r.received).toHaveLength(4);
    const [delivery] = await deliveriesOf(t, hook.id);
    expect(delivery).toMatchObject({ state: 'done', attempts: 4 });
    const attempts = await attemptsOf(t, delivery!.id);
    expect(attempts.map((a) => a.status)).toEqual([500, 500, 500, 200]);
    expect(attempts[0]).toMatchObject({ attempt: 1, error: '接收端返回 HTTP 500', response_excerpt: '服务暂不可用' });
    expect(new Set(r.received.map((x) => x.body)).size).toBe(1);
  });

  it('a redirect is not followed, even to a private address', async () => {
    const target = await receiver();
    const r = await receiver(() => ({ status: 302, headers: { location: target.url } }));
    const survey = await publishedSurvey(t);
    const hook = await addWebhook(t, survey.questionId, r.url);
    await survey.submit('x1');
    await t.app.webhookRunner.runOnce();
    expect(r.received).toHaveLength(1);
    expect(target.received).toHaveLength(0);
    const [delivery] = await deliveriesOf(t, hook.id);
    expect(await attemptsOf(t, delivery!.id)).toMatchObject([{ status: 302, error: '接收端返回重定向，未跟随' }]);
  });

  it('a delivery the database stamped later in the same millisecond as the look is due at that look', async () => {
    // wj_submit stamps next_attempt_at with the database's now(), in microseconds; the runner's clock has milliseconds.
    const survey = await publishedSurvey(t);
    const hook = await addWebhook(t, survey.questionId, 'http://127.0.0.1:9/never');
    const look = new Date('2026-03-04T05:06:07.123Z');
    await t.database.query(
      `INSERT INTO webhook_deliveries (public_id, webhook_id, event, event_id, payload, next_attempt_at)
       VALUES ('samems1', $1, 'sheet.accepted', 'same-ms', '{}'::jsonb, '2026-03-04T05:06:07.123456Z'), ('nextms1', $1, 'sheet.accepted', 'next-ms', '{}'::jsonb, '2026-03-04T05:06:07.124Z')`,
      [hook.id],
    );
    const taken = await claimDeliveries(t.database.query, 'same-ms-test', look, 50);
    expect(taken.filter((d) => d.webhook_id === hook.id).map((d) => d.event_id)).toEqual(['same-ms']);
    await t.database.query('DELETE FROM webhook_deliveries WHERE webhook_id = $1', [hook.id]);
  });

  it('two apps on one database deliver each event once', async () => {
    const other = await siblingApp(t, { env: { WEBHOOK_ALLOW_HOSTS: ['127.0.0.1'] } as never, webhookRunner: { disabled: true } });
    try {
      const r = await receiver();
      const survey = await publishedSurvey(t);
      await addWebhook(t, survey.questionId, r.url);
      const ids = [];
      for (let i = 0; i < 12; i++) ids.push((await survey.submit(`two${i}`)).data.sheetId);
      await Promise.all([drain(t), drain(other), drain(t), drain(other)]);
      const got = r.received.map((x) => (JSON.parse(x.body) as { data: { sheetId: string } }).data.sheetId);
      expect(got.sort()).toEqual(ids.sort());
    } finally {
      await other.close();
    }
  });

  it('a webhook whose deliveries fail for good five times in a row is disabled; a success resets the count', async () => {
    let failing = true;
    const r = await receiver(() => (failing ? { status: 503 } : { status: 200 }));
    const survey = await publishedSurvey(t);
    const hook = await addWebhook(t, survey.questionId, r.url);
    const failOnce = async (device: string) => {
      await survey.submit(device);
      await drain();
    };
    for (const d of ['f1', 'f2', 'f3', 'f4']) await failOnce(d);
    const [mid] = await t.database.query<{ consecutive_failures: number; enabled: boolean }>(
      'SELECT consecutive_failures, enabled FROM webhooks WHERE id = $1',
      [hook.id],
    );
    expect(mid).toEqual({ consecutive_failures: 4, enabled: true });
    failing = false;
    await failOnce('ok1');
    failing = true;
    for (const d of ['g1', 'g2', 'g3', 'g4', 'g5']) await failOnce(d);
    const [after] = await t.database.query<{ consecutive_failures: number; enabled: boolean; disabled_reason: string | null; disabled_at: Date | null }>(
      'SELECT consecutive_failures, enabled, disabled_reason, disabled_at FROM webhooks WHERE id = $1',
      [hook.id],
    );
    expect(after).toMatchObject({ consecutive_failures: 5, enabled: false, disabled_reason: '连续 5 次推送失败，已自动停用' });
    expect(after!.disabled_at).not.toBeNull();
    const states = (await deliveriesOf(t, hook.id)).map((d) => d.state);
    expect(states.filter((s) => s === 'failed')).toHaveLength(9);
    // A disabled webhook is queued nothing more.
    await survey.submit('after');
    expect(await deliveriesOf(t, hook.id)).toHaveLength(10);
  });
});
