import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authorizerAccessToken } from '../../../server/services/wechat/authorizers.service';
import { COMPONENT_MESSAGES, type TAuthInfo, type TAuthInfoList, type TAuthPay } from '../../../schemas/api/component';
import { startFakeWechatOpen, type FakeWechatOpen } from '../../helpers/fake-wechat-open';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * WeChat authorisation (activity/component/*) against a local fake of the Open Platform: the pushed ticket, the
 * component token shared by two app instances on one database, the callback storing the account, the caller's
 * own bindings only, pay settings never answered in full, and the not-configured answer.
 */
let fake: FakeWechatOpen;
let t: TestApp;
let other: TestApp;
let clock = new Date();
const now = () => clock;

beforeAll(async () => {
  fake = await startFakeWechatOpen();
  t = await createTestApp({ jobs: 'manual', env: fake.env, now });
  other = await siblingApp(t, { env: fake.env, now });
}, 60_000);
afterAll(async () => {
  await other.close();
  await t.close();
  await fake.close();
});
beforeEach(async () => {
  // The platform's token and ticket are one shared row: each test starts before WeChat's first push.
  await t.database.query('DELETE FROM wechat_component');
  fake.ticket = `ticket@@@${Math.random().toString(36).slice(2)}`;
  fake.tokenDelayMs = 0;
});

const push = async (app: TestApp, fields: Record<string, string>, options?: Parameters<FakeWechatOpen['push']>[1]) => {
  const { url, body } = fake.push(fields, options);
  return app.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'text/xml' } });
};
const pushTicket = (app: TestApp = t) =>
  push(app, { AppId: fake.env.WECHAT_OPEN_APPID!, CreateTime: '1700000000', InfoType: 'component_verify_ticket', ComponentVerifyTicket: fake.ticket });
const storedTicket = async () => (await t.database.query<{ verify_ticket: string }>('SELECT verify_ticket FROM wechat_component'))[0]?.verify_ticket;

/** A user who scanned and agreed: the callback's auth code handed to getAuthorizerInfo. */
async function bind(headers: { token: string }, appid: string, nickName: string, miniProgram = false) {
  const authCode = `queryauthcode@@@${appid}-${Math.random().toString(36).slice(2)}`;
  fake.scanned(authCode, { appid, nickName, miniProgram });
  return t.call<TAuthInfo>('activity/component/getAuthorizerInfo', { authCode }, headers);
}
let appSeq = 0;
const newAppid = () => `wx${String(process.pid).padStart(8, '0')}${String(appSeq++).padStart(8, '0')}`;

describe(`WeChat authorisation: the pushed ticket (${engineName()})`, () => {
  it('takes a signed, encrypted component_verify_ticket and answers success', async () => {
    const answer = await pushTicket();
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('success');
    expect(await storedTicket()).toBe(fake.ticket);
  });

  it('refuses a push signed with another token, encrypted with another key or for another platform, keeping nothing', async () => {
    const fields = { InfoType: 'component_verify_ticket', ComponentVerifyTicket: 'forged' };
    expect((await push(t, fields, { token: 'not-our-token' })).statusCode).toBe(403);
    expect((await push(t, fields, { aesKey: 'ZYXWVUTSRQPONMLKJIHGFEDCBA9876543210abcdefg' })).statusCode).toBe(400);
    expect((await push(t, fields, { appId: 'wx0000000000000bad' })).statusCode).toBe(400);
    const empty = await t.app.inject({ method: 'POST', url: '/wechat/component/notify', payload: 'junk' });
    expect(empty.statusCode).toBe(400);
    expect(await storedTicket()).toBeUndefined();
  });
});

describe(`WeChat authorisation: the component token (${engineName()})`, () => {
  it('before the first ticket, asking for the authorisation page says what WeChat has not yet sent', async () => {
    const user = await loginNewUser(t);
    const answer = await t.call('activity/component/getPreAuthCode', {}, user.headers);
    expect(answer.resultCode).toBe('409');
    expect(answer.resultMsg).toBe(COMPONENT_MESSAGES.noTicket);
  });

  it('is fetched once and shared by a second app instance until it nears expiry, then refreshed once', async () => {
    const user = await loginNewUser(t);
    await pushTicket();
    const before = fake.calls.api_component_token ?? 0;
    const first = await t.call<{ url: string }>('activity/component/getPreAuthCode', { authType: 1 }, user.headers);
    expect(first.resultCode).toBe('200');
    const page = new URL(first.data.url);
    expect(page.searchParams.get('component_appid')).toBe(fake.env.WECHAT_OPEN_APPID);
    expect(page.searchParams.get('auth_type')).toBe('1');
    expect(page.searchParams.get('redirect_uri')).toMatch(/\/bindingServicer\/index\.html$/);
    expect((await other.call('activity/component/getPreAuthCode', {}, user.headers)).resultCode).toBe('200');
    expect(fake.calls.api_component_token).toBe(before + 1);

    // Two hours later the token is stale: the other instance refreshes it once, and the first uses the new one.
    clock = new Date(clock.getTime() + 2 * 3600_000);
    expect((await other.call('activity/component/getPreAuthCode', {}, user.headers)).resultCode).toBe('200');
    expect((await t.call('activity/component/getPreAuthCode', {}, user.headers)).resultCode).toBe('200');
    expect(fake.calls.api_component_token).toBe(before + 2);
  });

  it('a stale token asked for by both instances at once is refreshed by one of them only', async () => {
    const user = await loginNewUser(t);
    await pushTicket();
    fake.tokenDelayMs = 150;
    const before = fake.calls.api_component_token ?? 0;
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? other : t).call('activity/component/getPreAuthCode', {}, user.headers)));
    expect(answers.map((a) => a.resultCode)).toEqual(Array(6).fill('200'));
    expect(fake.calls.api_component_token).toBe(before + 1);
  });

  it('a ticket WeChat no longer accepts is answered with its refusal, not a fault', async () => {
    const user = await loginNewUser(t);
    await pushTicket();
    fake.ticket = 'a-newer-ticket-we-have-not-received';
    const answer = await t.call('activity/component/getPreAuthCode', {}, user.headers);
    expect(answer.resultCode).toBe('409');
    expect(answer.resultMsg).toContain('61006');
  });
});

describe(`WeChat authorisation: bindings (${engineName()})`, () => {
  it('the callback stores the account for the caller; the list shows it, another user sees nothing of it', async () => {
    const [me, stranger] = [await loginNewUser(t), await loginNewUser(t)];
    await pushTicket();
    const appid = newAppid();
    const bound = await bind(me.headers, appid, '问卷小站');
    expect(bound.resultCode).toBe('200');
    expect(bound.resultMsg).toBe('授权绑定成功');
    expect(bound.data).toMatchObject({ authorizerAppid: appid, kind: 'mp', nickName: '问卷小站', status: 'authorized', hasPay: false });
    const mini = await bind(me.headers, newAppid(), '问卷小程序', true);
    expect(mini.data.kind).toBe('mini');

    const mine = (await t.call<TAuthInfoList>('activity/component/getAuthInfoList', {}, me.headers)).data;
    expect(mine).toMatchObject({ total: 2, configured: true, missingEnv: [] });
    expect(mine.notifyUrl).toMatch(/\/wechat\/component\/notify$/);
    const votes = (await t.call<TAuthInfoList>('activity/component/getVoteAuthInfoList', {}, me.headers)).data;
    expect(votes.list.map((a) => a.nickName)).toEqual(['问卷小站']);
    expect(JSON.stringify(mine)).not.toMatch(/atoken|refresh@@@/);

    expect((await t.call<TAuthInfoList>('activity/component/getAuthInfoList', {}, stranger.headers)).data.total).toBe(0);
    for (const path of ['getVoteAuthInfo', 'getAuthPay', 'delAuthInfo', 'delVoteAuthInfo']) {
      const refused = await t.call(`activity/component/${path}`, { authId: bound.data.authId }, stranger.headers);
      expect(refused.resultCode, path).toBe('404');
      expect(refused.resultMsg).toBe(COMPONENT_MESSAGES.notFound);
    }
    const pay = await t.call('activity/component/upDateAuthPay', { authId: bound.data.authId, mchId: '1900000109', apiKey: 'k'.repeat(32) }, stranger.headers);
    expect(pay.resultCode).toBe('404');
    expect((await t.call<TAuthInfo>('activity/component/getVoteAuthInfo', { authId: bound.data.authId }, me.headers)).data.nickName).toBe('问卷小站');
  });

  it('an expired auth code is refused with WeChat’s reason, and nothing is stored', async () => {
    const me = await loginNewUser(t);
    await pushTicket();
    const answer = await t.call('activity/component/getAuthorizerInfo', { authCode: 'never-scanned' }, me.headers);
    expect(answer.resultCode).toBe('409');
    expect(answer.resultMsg).toContain('61010');
    expect((await t.call<TAuthInfoList>('activity/component/getAuthInfoList', {}, me.headers)).data.total).toBe(0);
  });

  it('delete removes the binding (a second delete is not found); WeChat’s unauthorized push marks the others', async () => {
    const me = await loginNewUser(t);
    await pushTicket();
    const [gone, kept] = [(await bind(me.headers, newAppid(), '要删除的号')).data, (await bind(me.headers, newAppid(), '被取消的号')).data];
    const deleted = await t.call('activity/component/delAuthInfo', { authId: gone.authId }, me.headers);
    expect(deleted).toMatchObject({ resultCode: '200', resultMsg: '已解除绑定' });
    expect((await t.call('activity/component/delVoteAuthInfo', { authId: gone.authId }, me.headers)).resultCode).toBe('404');

    const cancelled = await push(t, { AppId: fake.env.WECHAT_OPEN_APPID!, InfoType: 'unauthorized', AuthorizerAppid: kept.authorizerAppid });
    expect(cancelled.body).toBe('success');
    const list = (await t.call<TAuthInfoList>('activity/component/getAuthInfoList', {}, me.headers)).data.list;
    expect(list.map((a) => [a.nickName, a.status])).toEqual([['被取消的号', 'unauthorized']]);
    expect((await t.call<TAuthInfoList>('activity/component/getVoteAuthInfoList', {}, me.headers)).data.total).toBe(0);
    const [tokens] = await t.database.query<{ access_token: string | null }>('SELECT access_token FROM wechat_authorizers WHERE id = $1', [kept.authId]);
    expect(tokens!.access_token).toBeNull();
  });

  it('an account’s access token is the stored one until near expiry, then renewed once from its refresh token', async () => {
    const me = await loginNewUser(t);
    await pushTicket();
    const appid = newAppid();
    const { authId } = (await bind(me.headers, appid, '发消息的号')).data;
    const userId = (await t.database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [me.phone]))[0]!.id;
    expect(await authorizerAccessToken(t.app.deps, userId, authId)).toEqual({ appid, accessToken: `atoken-${appid}` });
    const before = fake.calls.api_authorizer_token ?? 0;
    clock = new Date(clock.getTime() + 2 * 3600_000);
    const renewed = await authorizerAccessToken(other.app.deps, userId, authId);
    expect(renewed.accessToken).not.toBe(`atoken-${appid}`);
    expect(await authorizerAccessToken(t.app.deps, userId, authId)).toEqual(renewed);
    expect(fake.calls.api_authorizer_token).toBe(before + 1);
    await expect(authorizerAccessToken(t.app.deps, userId + 1, authId)).rejects.toThrow(COMPONENT_MESSAGES.notFound);
  });

  it('pay settings: the key is required the first time, kept sealed, and answered only as its last four characters', async () => {
    const me = await loginNewUser(t);
    await pushTicket();
    const { authId } = (await bind(me.headers, newAppid(), '带支付的号')).data;
    expect((await t.call<TAuthPay>('activity/component/getAuthPay', { authId }, me.headers)).data).toEqual({ authId, mchId: null, apiKeyMasked: null });
    const noKey = await t.call('activity/component/upDateAuthPay', { authId, mchId: '1900000109' }, me.headers);
    expect(noKey).toMatchObject({ resultCode: '400', resultMsg: COMPONENT_MESSAGES.apiKeyRequired });
    const key = 'Abcdefghijklmnopqrstuvwxyz01WXYZ';
    const saved = await t.call<TAuthPay>('activity/component/upDateAuthPay', { authId, mchId: '1900000109', apiKey: key }, me.headers);
    expect(saved).toMatchObject({ resultCode: '200', resultMsg: '支付设置已保存', data: { mchId: '1900000109', apiKeyMasked: '****WXYZ' } });
    const kept = await t.call<TAuthPay>('activity/component/upDateAuthPay', { authId, mchId: '1900000110', apiKey: '' }, me.headers);
    expect(kept.data).toEqual({ authId, mchId: '1900000110', apiKeyMasked: '****WXYZ' });
    const [row] = await t.database.query<{ pay_api_key: string }>('SELECT pay_api_key FROM wechat_authorizers WHERE id = $1', [authId]);
    expect(row!.pay_api_key).not.toContain(key);
    expect((await t.call<TAuthInfo>('activity/component/getVoteAuthInfo', { authId }, me.headers)).data.hasPay).toBe(true);
  });

  it('bad input is refused with clear Chinese messages', async () => {
    const me = await loginNewUser(t);
    const cases: [string, object, string][] = [
      ['upDateAuthPay', { authId: 1, mchId: '12ab', apiKey: 'x'.repeat(32) }, COMPONENT_MESSAGES.mchId],
      ['upDateAuthPay', { authId: 1, mchId: '1900000109', apiKey: 'short' }, COMPONENT_MESSAGES.apiKey],
      ['getAuthPay', { authId: -1 }, COMPONENT_MESSAGES.notFound],
      ['getVoteAuthInfo', { authId: 1.5 }, COMPONENT_MESSAGES.notFound],
      ['getAuthorizerInfo', { authCode: '  ' }, COMPONENT_MESSAGES.authCode],
    ];
    for (const [path, body, message] of cases) {
      const answer = await t.call(`activity/component/${path}`, body, me.headers);
      expect(answer.resultCode, path).toBe('400');
      expect(answer.resultMsg, path).toContain(message);
    }
    expect((await t.call('activity/component/getAuthInfoList', {})).resultCode).toBe('401');
  });
});

describe(`WeChat authorisation without its keys (${engineName()})`, () => {
  it('every call says it is not configured and which variables to set; the push URL is not there', async () => {
    const bare = await siblingApp(t, {});
    try {
      const me = await loginNewUser(bare);
      const list = await bare.call<TAuthInfoList>('activity/component/getAuthInfoList', {}, me.headers);
      expect(list.data).toMatchObject({
        configured: false,
        total: 0,
        missingEnv: ['WECHAT_OPEN_APPID', 'WECHAT_OPEN_APPSECRET', 'WECHAT_OPEN_TOKEN', 'WECHAT_OPEN_AES_KEY'],
      });
      for (const [path, body] of [
        ['getPreAuthCode', {}],
        ['getAuthorizerInfo', { authCode: 'abc' }],
      ] as const) {
        const answer = await bare.call(`activity/component/${path}`, body, me.headers);
        expect(answer.resultCode, path).toBe('409');
        expect(answer.resultMsg).toBe(COMPONENT_MESSAGES.notConfigured);
      }
      const pushed = fake.push({ InfoType: 'component_verify_ticket', ComponentVerifyTicket: 'x' });
      expect((await bare.app.inject({ method: 'POST', url: pushed.url, payload: pushed.body })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
