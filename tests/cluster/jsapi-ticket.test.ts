/**
 * Share cards across processes (issue 47 item 2): several server processes on one PostgreSQL are asked for the
 * JS-SDK signature of one project's page at the same moment; WeChat (a local fake of getticket, slowed so the asks
 * overlap) is asked for the jsapi_ticket once, and every process signs with that one ticket from the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCreateResult } from '../../schemas/api/question';
import type { TJsSdkConfig } from '../../schemas/api/share';
import { jsSdkSignature } from '../../server/services/share/jssdk-signature';
import { startFakeWechatOpen, type FakeWechatOpen } from '../helpers/fake-wechat-open';
import { startCluster, type Cluster, type Envelope } from './harness';

let c: Cluster;
let fake: FakeWechatOpen;
beforeAll(async () => {
  fake = await startFakeWechatOpen();
  const env = Object.fromEntries(Object.entries(fake.env).map(([key, value]) => [key, value === undefined ? undefined : String(value)]));
  c = await startCluster({ nodes: 3, env });
}, 240_000);
afterAll(async () => {
  await c?.close();
  await fake?.close();
});

const ok = <T>(answer: Envelope<T>): T => {
  expect(answer.resultCode, `${answer.resultMsg} (from ${answer.node})`).toBe('200');
  return answer.data;
};

/** A published sign-up chain whose owner bound an official account (its access token still live). */
async function boundChain(appid: string): Promise<string> {
  const phone = `1593${String(process.pid % 1000).padStart(3, '0')}${String(Date.now() % 10_000).padStart(4, '0')}`;
  ok(await c.call('activity/user/sendSms', { phone }));
  const [row] = await c.query<{ text: string }>('SELECT text FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1', [phone]);
  const { token } = ok(await c.call<{ token: string }>('activity/user/login', { phone, code: row!.text.match(/(\d{6})/)![1] }));
  const { questionId } = ok(
    await c.call<TCreateResult>('activity/question/saveOrUpdateWxQuestion', { questionType: 5, solitaireType: 4, title: '集群分享' }, { token }),
  );
  await c.query(
    `INSERT INTO wechat_authorizers (user_id, authorizer_appid, kind, access_token, access_token_expires_at, refresh_token, created_at, updated_at)
     SELECT id, $2, 'mp', $3, now() + interval '2 hours', $4, now(), now() FROM users WHERE phone = $1`,
    [phone, appid, `atoken-${appid}`, `refresh@@@${appid}`],
  );
  return questionId!;
}

describe('the jsapi_ticket across processes', () => {
  it('is fetched from WeChat once while every process asks at once, and all of them sign with it', async () => {
    const questionId = await boundChain('wxc1u5te000000001');
    const url = `https://jielong.example.test/s/${questionId}`;
    fake.ticketDelayMs = 800;
    const answers = await Promise.all(
      [...c.nodes, ...c.nodes].map((node) => c.callNode<TJsSdkConfig>(node, 'activity/share/getJsSdkConfig', { questionId, url })),
    );
    const configs = answers.map(ok);
    expect(new Set(answers.map((a) => a.node))).toEqual(new Set(c.nodes.map((n) => n.name)));
    expect(fake.calls.getticket).toBe(1);
    const [ticket] = fake.jsapiTickets;
    for (const config of configs) {
      expect(config.appId).toBe('wxc1u5te000000001');
      expect(config.signature).toBe(jsSdkSignature({ ticket: ticket!, nonceStr: config.nonceStr, timestamp: config.timestamp, url }));
    }
    const [stored] = await c.query<{ ticket: string; claim_until: Date | null }>('SELECT ticket, claim_until FROM wechat_jsapi_tickets');
    expect(stored).toEqual({ ticket, claim_until: null });
  });
});
