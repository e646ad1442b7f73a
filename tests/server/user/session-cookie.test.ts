import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, lastCode, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

// Issue 16 item 8: the token cookie was written by the page's JavaScript (readable by any script that runs
// there, never Secure). The server now sets it with every login answer: HttpOnly, SameSite=Lax, 7 days, Secure
// over HTTPS or with COOKIE_SECURE=1; a readable flag without a secret tells the page it is logged in; logout
// clears both.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const nextPhone = () => `1363333${String(1000 + n++).padStart(4, '0')}`;

interface Cookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}
function cookiesOf(response: LightMyRequestResponse): Record<string, Cookie> {
  const raw = response.headers['set-cookie'];
  const lines = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const out: Record<string, Cookie> = {};
  for (const line of lines) {
    const [pair, ...attrs] = line.split(/;\s*/);
    const eq = pair!.indexOf('=');
    const attributes: Record<string, string | true> = {};
    for (const attr of attrs) {
      const i = attr.indexOf('=');
      attributes[(i < 0 ? attr : attr.slice(0, i)).toLowerCase()] = i < 0 ? true : attr.slice(i + 1);
    }
    out[pair!.slice(0, eq)] = { name: pair!.slice(0, eq), value: decodeURIComponent(pair!.slice(eq + 1)), attributes };
  }
  return out;
}

async function smsLogin(headers: Record<string, string> = {}, app: TestApp = t) {
  const phone = nextPhone();
  await app.call('activity/user/sendSms', { phone, type: 'login' });
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/activity/user/login',
    payload: { phone, code: await lastCode(app.database, phone) },
    headers,
  });
  await app.database.query('DELETE FROM rate_limits');
  return { phone, response, token: (response.json() as { data: { token: string } }).data.token };
}

const call = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'POST', url: `/api/${url}`, payload: {}, headers });

describe(`session cookie on ${engineName()}`, () => {
  it('a login answer sets the token HttpOnly, SameSite=Lax, for 7 days, on this host only, and a readable flag', async () => {
    const { response, token } = await smsLogin();
    const cookies = cookiesOf(response);
    expect(cookies.token).toEqual({ name: 'token', value: token, attributes: { 'max-age': String(7 * 86_400), path: '/', httponly: true, samesite: 'Lax' } });
    expect(cookies.wj_login).toEqual({ name: 'wj_login', value: '1', attributes: { 'max-age': String(7 * 86_400), path: '/', samesite: 'Lax' } });
    expect(cookies.token!.attributes.domain).toBeUndefined();
    expect(cookies.token!.attributes.secure).toBeUndefined();
  });

  it('every way of logging in sets it: password, register, reset, QR', async () => {
    const phone = nextPhone();
    await t.call('activity/user/sendSms', { phone, type: 'register' });
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/activity/user/register',
      payload: { phone, code: await lastCode(t.database, phone), password: 'abc12345' },
    });
    expect(cookiesOf(register).token!.attributes.httponly).toBe(true);
    const password = await t.app.inject({ method: 'POST', url: '/api/activity/user/userNameLogin', payload: { userName: phone, password: 'abc12345' } });
    expect(cookiesOf(password).token!.value).toBe(password.json().data.token);
    await t.database.query('DELETE FROM rate_limits');
    await t.call('activity/user/sendSms', { phone, type: 'reset' });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/activity/user/resetPwd',
      payload: { phone, code: await lastCode(t.database, phone), password: 'new12345' },
    });
    expect(cookiesOf(reset).token!.value).toBe(reset.json().data.token);
    const qr = (await t.call<{ qrId: string; pollSecret: string }>('activity/user/showLoginQr')).data;
    await t.call('activity/user/loginByQr', { qrId: qr.qrId, confirm: true }, { token: reset.json().data.token });
    const poll = await t.app.inject({ method: 'POST', url: '/api/activity/user/checkCode', payload: qr });
    expect(poll.json().data.status).toBe('confirmed');
    expect(cookiesOf(poll).token!.value).toBe(poll.json().data.token);
    expect(cookiesOf(poll).token!.attributes.httponly).toBe(true);
  });

  it('Secure over HTTPS, and always with COOKIE_SECURE=1', async () => {
    const trusted = await createTestApp({ env: { TRUST_PROXY: ['127.0.0.1'] } });
    try {
      const { response } = await smsLogin({ 'x-forwarded-proto': 'https' }, trusted);
      expect(cookiesOf(response).token!.attributes.secure).toBe(true);
      expect(cookiesOf(response).wj_login!.attributes.secure).toBe(true);
    } finally {
      await trusted.close();
    }
    const forced = await createTestApp({ env: { COOKIE_SECURE: '1' } });
    try {
      expect(cookiesOf((await smsLogin({}, forced)).response).token!.attributes.secure).toBe(true);
    } finally {
      await forced.close();
    }
  });

  it('the cookie alone authenticates a call from this site; one another site started is ignored', async () => {
    const { token } = await smsLogin();
    expect((await call('activity/user/info', { cookie: `token=${token}` })).json().resultCode).toBe('200');
    expect((await call('activity/user/info', { cookie: `token=${token}`, 'sec-fetch-site': 'same-origin' })).json().resultCode).toBe('200');
    expect((await call('activity/user/info', { cookie: `token=${token}`, 'sec-fetch-site': 'cross-site' })).json().resultCode).toBe('401');
    // The header (spec §7, API clients) still works.
    expect((await call('activity/user/info', { token })).json().resultCode).toBe('200');
  });

  it('logout revokes the token and clears both cookies', async () => {
    const { token } = await smsLogin();
    const out = await call('activity/user/logout', { cookie: `token=${token}; wj_login=1` });
    expect(out.json().resultMsg).toBe('退出成功');
    const cookies = cookiesOf(out);
    for (const name of ['token', 'wj_login']) {
      expect(cookies[name]!.value).toBe('');
      expect(new Date(String(cookies[name]!.attributes.expires)).getTime()).toBeLessThan(Date.now());
    }
    expect((await call('activity/user/info', { cookie: `token=${token}` })).json().resultCode).toBe('401');
  });

  it('getLoginInfo drops a cookie the server no longer knows, and re-sets an old script-written one HttpOnly', async () => {
    const stale = await call('activity/user/getLoginInfo', { cookie: 'token=not-a-session; wj_login=1' });
    expect(stale.json().data).toEqual({ loggedIn: false, userInfo: null });
    expect(cookiesOf(stale).token!.value).toBe('');
    expect(cookiesOf(stale).wj_login!.value).toBe('');
    const { token } = await smsLogin();
    const legacy = await call('activity/user/getLoginInfo', { cookie: `token=${token}` });
    expect(legacy.json().data.loggedIn).toBe(true);
    expect(cookiesOf(legacy).token).toMatchObject({ value: token, attributes: { httponly: true, samesite: 'Lax' } });
    expect(cookiesOf(legacy).wj_login!.value).toBe('1');
    // Already upgraded: nothing to set.
    expect(cookiesOf(await call('activity/user/getLoginInfo', { cookie: `token=${token}; wj_login=1` }))).toEqual({});
  });
});
