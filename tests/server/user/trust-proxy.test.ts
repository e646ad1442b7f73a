import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv, type TEnv } from '../../../server/env';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

// Issue 16 item 3: TRUST_PROXY=1 used to trust every hop, so the client-written leftmost X-Forwarded-For entry
// became the client address and every per-address limit could be reset by changing it. nginx's
// `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for` appends the peer it saw to whatever the client
// sent: only the entries our own proxies added may be believed.
const NGINX = '127.0.0.1';
const REAL_CLIENT = '198.51.100.23';

/** What the app receives from nginx on this machine when the client itself sent `X-Forwarded-For: <spoof>`. */
const throughNginx = (spoof?: string) => ({
  remoteAddress: NGINX,
  headers: { 'x-forwarded-for': spoof ? `${spoof}, ${REAL_CLIENT}` : REAL_CLIENT, 'x-real-ip': REAL_CLIENT, 'x-forwarded-proto': 'https' },
});

const apps: TestApp[] = [];
async function appWith(trust: string): Promise<TestApp> {
  const t = await createTestApp({ env: { TRUST_PROXY: readEnv({ TRUST_PROXY: trust }).TRUST_PROXY } as Partial<TEnv> });
  apps.push(t);
  return t;
}
afterAll(async () => {
  for (const t of apps) await t.close();
});

async function seenAddress(t: TestApp, from: ReturnType<typeof throughNginx>): Promise<string> {
  // The per-address password limit is keyed on the client address the server settled on.
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/activity/user/userNameLogin',
    payload: { userName: 'nobody-here', password: 'x1' },
    ...from,
  });
  expect(response.json().resultCode).toBe('400');
  const [row] = await t.database.query<{ key: string }>(`SELECT key FROM rate_limits WHERE key LIKE 'pw:ip:%' ORDER BY window_start DESC, key LIMIT 1`);
  await t.database.query(`DELETE FROM rate_limits`);
  return row!.key.slice('pw:ip:'.length);
}

describe(`client address behind nginx on ${engineName()}`, () => {
  let hops: TestApp;
  let listed: TestApp;
  beforeAll(async () => {
    hops = await appWith('1');
    listed = await appWith('127.0.0.1,10.0.0.0/8');
  });

  it('is the address nginx appended, whatever the client wrote before it', async () => {
    for (const t of [hops, listed]) {
      expect(await seenAddress(t, throughNginx())).toBe(REAL_CLIENT);
      expect(await seenAddress(t, throughNginx('203.0.113.77'))).toBe(REAL_CLIENT);
      expect(await seenAddress(t, throughNginx('203.0.113.78, 10.9.9.9'))).toBe(REAL_CLIENT);
    }
  });

  it('a client changing its X-Forwarded-For on every try still meets the per-address password limit (30 in 15 minutes)', async () => {
    for (const t of [hops, listed]) {
      const codes: string[] = [];
      for (let i = 0; i < 32; i++) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/activity/user/userNameLogin',
          payload: { userName: `13600000${String(i).padStart(3, '0')}`, password: 'guess1234' },
          ...throughNginx(`203.0.113.${i}`),
        });
        codes.push(response.json().resultCode);
      }
      expect(codes.slice(0, 30).every((c) => c === '400')).toBe(true);
      expect(codes.slice(30)).toEqual(['429', '429']);
      await t.database.query('DELETE FROM rate_limits');
    }
  });

  it('a client changing its X-Forwarded-For still meets the per-address SMS limit (50 a day)', async () => {
    const results: string[] = [];
    for (let i = 0; i < 51; i++) {
      const response = await listed.app.inject({
        method: 'POST',
        url: '/api/activity/user/sendSms',
        payload: { phone: `1370000${String(i).padStart(4, '0')}` },
        ...throughNginx(`192.0.2.${i}`),
      });
      results.push(response.json().resultCode);
    }
    expect(results.filter((c) => c === '200')).toHaveLength(50);
    expect(results.at(-1)).toBe('429');
    expect(await listed.database.query(`SELECT 1 FROM rate_limits WHERE key = $1`, [`sms:ip:${REAL_CLIENT}`])).toHaveLength(1);
    await listed.database.query('DELETE FROM rate_limits');
  });

  it('with a list, a client reaching the server directly cannot name another address', async () => {
    const direct = { remoteAddress: '203.0.113.5', headers: { 'x-forwarded-for': '198.51.100.99' } };
    expect(await seenAddress(listed, direct as ReturnType<typeof throughNginx>)).toBe('203.0.113.5');
  });

  it('X-Forwarded-Proto is believed from a trusted proxy only (it makes the session cookie Secure)', async () => {
    const phone = '13700009999';
    await listed.call('activity/user/sendSms', { phone });
    const [row] = await listed.database.query<{ text: string }>('SELECT text FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1', [phone]);
    const code = /\d{6}/.exec(row!.text)![0];
    const login = await listed.app.inject({ method: 'POST', url: '/api/activity/user/login', payload: { phone, code }, ...throughNginx() });
    expect(String(login.headers['set-cookie'])).toMatch(/token=[^;]+;.*Secure/);
    await listed.database.query('DELETE FROM rate_limits');
    await listed.call('activity/user/sendSms', { phone });
    const [again] = await listed.database.query<{ text: string }>('SELECT text FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1', [phone]);
    const direct = await listed.app.inject({
      method: 'POST',
      url: '/api/activity/user/login',
      payload: { phone, code: /\d{6}/.exec(again!.text)![0] },
      remoteAddress: '203.0.113.5',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(direct.json().resultCode).toBe('200');
    expect(String(direct.headers['set-cookie'])).not.toMatch(/Secure/);
  });
});

describe('TRUST_PROXY values', () => {
  it('takes a number of proxies or their addresses; refuses "true", which would believe the client', () => {
    expect(readEnv({}).TRUST_PROXY).toBe(false);
    expect(readEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(readEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(readEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => readEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true would trust a client-written X-Forwarded-For/);
    expect(() => readEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY must be 0, a number of proxies, or proxy addresses/);
    expect(() => readEnv({ TRUST_PROXY: 'nginx' })).toThrow(/not nginx/);
  });
});
