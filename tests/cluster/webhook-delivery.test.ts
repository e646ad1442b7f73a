/**
 * Webhook delivery on several processes (issue 53 item 3): both processes run the delivery runner on one PostgreSQL;
 * sheets submitted through nginx to either reach the receiver once each, whichever process takes them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCreateResult } from '../../schemas/api/question';
import { makeSubject } from '../helpers/fixtures';
import { startReceiver, type Receiver } from '../server/webhooks/receiver';
import { startCluster, waitFor, type Cluster, type Envelope } from './harness';

let c: Cluster;
let r: Receiver;
beforeAll(async () => {
  r = await startReceiver();
  c = await startCluster({ nodes: 2, env: { WEBHOOK_ALLOW_HOSTS: '127.0.0.1' } });
}, 240_000);
afterAll(async () => {
  await c?.close();
  await r?.close();
});

const ok = <T>(answer: Envelope<T>): T => {
  expect(answer.resultCode, `${answer.resultMsg} (from ${answer.node})`).toBe('200');
  return answer.data;
};

async function login(): Promise<string> {
  const phone = `1595${String(process.pid % 1000).padStart(3, '0')}${String(Date.now() % 10_000).padStart(4, '0')}`;
  ok(await c.call('activity/user/sendSms', { phone }));
  const [row] = await c.query<{ text: string }>('SELECT text FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1', [phone]);
  return ok(await c.call<{ token: string }>('activity/user/login', { phone, code: row!.text.match(/(\d{6})/)![1] })).token;
}

describe('webhook delivery on several processes', () => {
  it('each sheet submitted to either process reaches the receiver exactly once', async () => {
    const token = await login();
    const subject = makeSubject(1, 1, '满意度');
    const questionId = ok(
      await c.call<TCreateResult>('activity/question/saveOrUpdateWxQuestion', { questionType: 1, title: '推送测试', subjects: [subject] }, { token }),
    ).questionId!;
    ok(await c.call('activity/question/getQuestionStatus', { questionId, status: 1 }, { token }));
    await c.query(
      `INSERT INTO webhooks (public_id, project_id, url, secret, events) SELECT 'cluster-hook', id, $2, 'cluster-secret', ARRAY['sheet.accepted'] FROM projects WHERE public_id = $1`,
      [questionId, r.url],
    );
    const option = (subject as unknown as { options: { uuid: string }[] }).options[0]!.uuid;
    const sheets = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        c.call<{ sheetId: string }>('active/write/submit', {
          questionId,
          submissionId: `cluster-${i}`,
          deviceId: `cluster-d${i}`,
          durationSeconds: 20,
          answers: { [subject.uuid]: { optionIds: [option] } },
        }),
      ),
    );
    const ids = sheets.map((s) => ok(s).sheetId).sort();
    await waitFor(async () => {
      const [row] = await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE state = 'done'`);
      return row!.n === 20;
    }, 'all deliveries done');
    const got = r.received.map((x) => (JSON.parse(x.body) as { data: { sheetId: string } }).data.sheetId).sort();
    expect(got).toEqual(ids);
    const attempts = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_attempts');
    expect(attempts[0]!.n).toBe(20);
  });
});
