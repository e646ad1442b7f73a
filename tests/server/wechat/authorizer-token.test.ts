import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuthInfo, TNoticeTemplates } from '../../../schemas/api/component';
import { startFakeWechatOpen, type FakeWechatOpen } from '../../helpers/fake-wechat-open';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * An official account's authorizer access token is renewed by one process at a time (migration 0075): two apps on
 * one database asking for the account's templates when the stored token is about to expire ask WeChat's
 * api_authorizer_token once, and all use the token it gave; a failed renewal releases the claim so the next ask
 * tries again. PGlite, and PostgreSQL with DATABASE_URL.
 */
let fake: FakeWechatOpen;
let t: TestApp;
let other: TestApp;
let seq = 0;

beforeAll(async () => {
  fake = await startFakeWechatOpen();
  t = await createTestApp({ jobs: 'manual', env: fake.env });
  other = await siblingApp(t, { env: fake.env });
  const { url, body } = fake.push({
    AppId: fake.env.WECHAT_OPEN_APPID!,
    CreateTime: '1700000000',
    InfoType: 'component_verify_ticket',
    ComponentVerifyTicket: fake.ticket,
  });
  await t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'text/xml' } });
}, 60_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
  await fake?.close();
});

/** A user who bound an official account whose stored access token has `minutesLeft` to live. */
async function boundAccount(minutesLeft: number) {
  const user = await loginNewUser(t);
  const appid = `wx00000000a7${String(process.pid % 10_000).padStart(4, '0')}${String(seq++).padStart(2, '0')}`;
  fake.scanned(`code-${appid}`, { appid, nickName: '续期公众号' });
  const bound = await t.call<TAuthInfo>('activity/component/getAuthorizerInfo', { authCode: `code-${appid}` }, user.headers);
  expect(bound.resultCode).toBe('200');
  await t.database.query('UPDATE wechat_authorizers SET access_token_expires_at = $2 WHERE id = $1', [
    bound.data.authId,
    new Date(Date.now() + minutesLeft * 60_000),
  ]);
  return { ...user, authId: bound.data.authId, appid };
}

const templates = (app: TestApp, headers: { token: string }, authId: number) =>
  app.call<TNoticeTemplates>('activity/component/getNoticeTemplates', { authId }, headers);

describe(`the authorizer access token, renewed once for every process (${engineName()})`, () => {
  it('keeps a token with more than five minutes left without asking WeChat', async () => {
    const o = await boundAccount(60);
    const before = fake.calls.api_authorizer_token ?? 0;
    expect((await templates(t, o.headers, o.authId)).resultCode).toBe('200');
    expect((fake.calls.api_authorizer_token ?? 0) - before).toBe(0);
  });

  it('asks WeChat once when four requests in two processes find it about to expire, and stores what it gave', async () => {
    const o = await boundAccount(2);
    const before = fake.calls.api_authorizer_token ?? 0;
    fake.authorizerTokenDelayMs = 300;
    try {
      const answers = await Promise.all([t, other, t, other].map((app) => templates(app, o.headers, o.authId)));
      expect(answers.map((a) => a.resultCode)).toEqual(['200', '200', '200', '200']);
    } finally {
      fake.authorizerTokenDelayMs = 0;
    }
    expect((fake.calls.api_authorizer_token ?? 0) - before).toBe(1);
    const [row] = await t.database.query<{ access_token: string; token_claim_until: Date | null; access_token_expires_at: Date }>(
      'SELECT access_token, token_claim_until, access_token_expires_at FROM wechat_authorizers WHERE id = $1',
      [o.authId],
    );
    expect(row!.access_token).toMatch(new RegExp(`^atoken-${o.appid}-\\d+$`));
    expect(row!.token_claim_until).toBeNull();
    expect(new Date(row!.access_token_expires_at).getTime()).toBeGreaterThan(Date.now() + 60 * 60_000);
  });

  it('releases the claim when WeChat refuses the renewal, so the next ask tries again', async () => {
    const o = await boundAccount(1);
    await t.database.query("UPDATE wechat_authorizers SET refresh_token = 'refresh@@@revoked' WHERE id = $1", [o.authId]);
    const refused = await templates(t, o.headers, o.authId);
    expect(refused.resultCode).not.toBe('200');
    expect(refused.resultMsg).toBeTruthy();
    const [row] = await t.database.query<{ token_claim_until: Date | null }>('SELECT token_claim_until FROM wechat_authorizers WHERE id = $1', [o.authId]);
    expect(row!.token_claim_until).toBeNull();
    await t.database.query('UPDATE wechat_authorizers SET refresh_token = $2 WHERE id = $1', [o.authId, `refresh@@@${o.appid}`]);
    expect((await templates(other, o.headers, o.authId)).resultCode).toBe('200');
  });
});
