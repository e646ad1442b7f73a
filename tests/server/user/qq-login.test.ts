import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUserInfo } from '../../../schemas/api/user';
import { ACCOUNT_MESSAGES } from '../../../schemas/api/user-account';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

const APP_ID = '101234567';
/** A local QQ互联: code `good-<openid>` is the user with that openid; anything else is refused like QQ does. */
let fake: Server;
const seen: string[] = [];
let t: TestApp;
let qq: TestApp;

beforeAll(async () => {
  fake = createServer((request, response) => {
    const url = new URL(request.url!, 'http://fake');
    seen.push(url.pathname);
    response.setHeader('content-type', 'application/json');
    if (url.pathname === '/oauth2.0/token') {
      const code = url.searchParams.get('code') ?? '';
      const ok = url.searchParams.get('client_secret') === 'qq-app-key' && code.startsWith('good-');
      response.end(
        JSON.stringify(ok ? { access_token: `at-${code.slice(5)}`, expires_in: 7776000 } : { error: 100019, error_description: 'code to access token error' }),
      );
    } else if (url.pathname === '/oauth2.0/me') {
      response.end(JSON.stringify({ client_id: APP_ID, openid: `OPENID${url.searchParams.get('access_token')!.slice(3).padEnd(8, '0')}` }));
    } else response.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  t = await createTestApp();
  qq = await siblingApp(t, { env: { QQ_APP_ID: APP_ID, QQ_APP_KEY: 'qq-app-key', QQ_API_BASE: `http://127.0.0.1:${(fake.address() as AddressInfo).port}` } });
});
afterAll(async () => {
  await qq.close();
  await t.close();
  await new Promise((resolve) => fake.close(resolve));
});

/** getQQLogin as a browser: the state and the cookie that goes with it. */
async function authorise(token?: string) {
  const response = await qq.app.inject({ method: 'POST', url: '/api/activity/user/getQQLogin', payload: {}, headers: token ? { token } : {} });
  const body = response.json<{ resultCode: string; data: { authorizeUrl: string; state: string } }>();
  const cookie = response.cookies.find((c) => c.name === 'wj_qq_state')!;
  return { ...body.data, cookie: `${cookie.name}=${cookie.value}` };
}
async function callback(body: object, headers: Record<string, string>) {
  const response = await qq.app.inject({ method: 'POST', url: '/api/activity/user/bindingUser', payload: body, headers });
  return response.json<{ resultCode: string; resultMsg: string; data: { result: string; token?: string; userInfo: TUserInfo } }>();
}

describe(`QQ login on ${engineName()}`, () => {
  it('without QQ_APP_ID and QQ_APP_KEY answers what to configure', async () => {
    expect(await t.call('activity/user/getQQLogin', {})).toMatchObject({ resultCode: '400', resultMsg: ACCOUNT_MESSAGES.qqOff });
    expect(await t.call('activity/user/bindingUser', { type: 'qq', code: 'good-x', state: 'a.b.c' })).toMatchObject({
      resultCode: '400',
      resultMsg: ACCOUNT_MESSAGES.qqOff,
    });
  });

  it('binds the authorised QQ to the logged-in account, then logs that account in', async () => {
    const user = await loginNewUser(t);
    const first = await authorise(user.token);
    expect(first.authorizeUrl).toContain('/oauth2.0/authorize?response_type=code');
    expect(new URL(first.authorizeUrl).searchParams.get('client_id')).toBe(APP_ID);
    const bound = await callback({ type: 'qq', code: 'good-alice', state: first.state }, { token: user.token, cookie: first.cookie });
    expect(bound).toMatchObject({ resultCode: '200', data: { result: 'bound' } });
    const second = await authorise();
    const login = await callback({ type: 'qq', code: 'good-alice', state: second.state }, { cookie: second.cookie });
    expect(login).toMatchObject({ resultCode: '200', data: { result: 'login', userInfo: { userId: bound.data.userInfo.userId } } });
    expect((await t.call('activity/user/info', {}, { token: login.data.token! })).resultCode).toBe('200');
  });

  it('refuses a QQ bound elsewhere, an unbound QQ logging in, a refused code and a state from another browser', async () => {
    const alice = await loginNewUser(t);
    const bob = await loginNewUser(t);
    let a = await authorise(alice.token);
    expect((await callback({ type: 'qq', code: 'good-carol', state: a.state }, { token: alice.token, cookie: a.cookie })).resultCode).toBe('200');
    const b = await authorise(bob.token);
    expect(await callback({ type: 'qq', code: 'good-carol', state: b.state }, { token: bob.token, cookie: b.cookie })).toMatchObject({
      resultCode: '400',
      resultMsg: ACCOUNT_MESSAGES.qqTaken,
    });
    a = await authorise(alice.token);
    expect(await callback({ type: 'qq', code: 'good-dave', state: a.state }, { token: alice.token, cookie: a.cookie })).toMatchObject({
      resultCode: '400',
      resultMsg: ACCOUNT_MESSAGES.qqOtherBound,
    });
    const anon = await authorise();
    expect(await callback({ type: 'qq', code: 'good-erin', state: anon.state }, { cookie: anon.cookie })).toMatchObject({
      resultCode: '400',
      resultMsg: ACCOUNT_MESSAGES.qqUnbound,
    });
    const refused = await authorise();
    expect(await callback({ type: 'qq', code: 'stolen', state: refused.state }, { cookie: refused.cookie })).toMatchObject({
      resultCode: '400',
      resultMsg: ACCOUNT_MESSAGES.qqFailed,
    });
    const mine = await authorise();
    const other = await authorise();
    expect(await callback({ type: 'qq', code: 'good-carol', state: mine.state }, { cookie: other.cookie })).toMatchObject({
      resultCode: '400',
      resultMsg: ACCOUNT_MESSAGES.qqStateBad,
    });
    expect(await callback({ type: 'qq', code: 'good-carol', state: `${mine.state}x` }, { cookie: mine.cookie })).toMatchObject({
      resultCode: '400',
      resultMsg: ACCOUNT_MESSAGES.qqStateBad,
    });
  });

  it('a state older than ten minutes by the test clock is refused', async () => {
    const late = await authorise();
    const now = qq.app.deps.now;
    qq.app.deps.now = () => new Date(Date.now() + 11 * 60_000);
    try {
      expect(await callback({ type: 'qq', code: 'good-carol', state: late.state }, { cookie: late.cookie })).toMatchObject({
        resultCode: '400',
        resultMsg: ACCOUNT_MESSAGES.qqStateBad,
      });
    } finally {
      qq.app.deps.now = now;
    }
  });
});
