import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import type { Database } from '../../../server/db/client';
import { readEnv, type TEnv } from '../../../server/env';
import { startBanner } from '../../../server/start-banner';
import { openTestDatabase } from '../../helpers/test-db';

// Issue 16 item 2: with npm start's defaults (NODE_ENV development) anyone who could reach the server read every
// SMS code at POST /api/dev/outbox and reset any account's password. The outbox, the merchant reviewer and the
// test clock now answer loopback clients only, unless their variable opens them.
let database: Database;
let clientDir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'wenjuan-dev-local-'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>问卷通</title><div id="root"></div>');
});
afterAll(async () => {
  await database.close();
  rmSync(clientDir, { recursive: true, force: true });
});

async function withApp(env: Partial<TEnv>, check: (app: FastifyInstance) => Promise<void>): Promise<void> {
  const app = await buildApp({ database, clientDir, env });
  try {
    await check(app);
  } finally {
    await app.close();
  }
}

interface From {
  remoteAddress?: string;
  headers?: Record<string, string>;
}
const post = async (app: FastifyInstance, url: string, from: From, body: object = {}) =>
  (await app.inject({ method: 'POST', url: `/api/${url}`, payload: body, remoteAddress: from.remoteAddress, headers: from.headers })).json() as {
    resultCode: string;
    resultMsg: string;
    data: unknown;
  };
const page = async (app: FastifyInstance, url: string, from: From) => {
  const response = await app.inject({ method: 'GET', url, remoteAddress: from.remoteAddress, headers: from.headers });
  return String(response.headers['content-type']).startsWith('text/html') ? 'app' : (response.json() as { resultCode: string }).resultCode;
};

const LOCAL: From = { remoteAddress: '127.0.0.1' };
const REMOTE: From = { remoteAddress: '203.0.113.9' };
/** A local nginx relaying a remote visitor: the socket is loopback, the header names the visitor. */
const VIA_LOCAL_NGINX: From = { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9', 'x-real-ip': '203.0.113.9' } };

describe('development tools with npm start defaults (NODE_ENV=development)', () => {
  it('a remote client gets no SMS code: outbox call and page refused, with the reason', async () => {
    await withApp({ NODE_ENV: 'development' }, async (app) => {
      expect((await post(app, 'activity/user/sendSms', LOCAL, { phone: '13912345678' })).resultCode).toBe('200');
      const refused = await post(app, 'dev/outbox', REMOTE, { phone: '13912345678' });
      expect(refused).toMatchObject({ resultCode: '403', resultMsg: '开发工具仅限本机访问（如需对其他来源开放，请设置 DEV_OUTBOX=1）', data: null });
      expect(await page(app, '/dev/outbox', REMOTE)).toBe('403');
      expect(await page(app, '/dev/outbox/', REMOTE)).toBe('403');
      expect(await page(app, '/dev/outbox?phone=13912345678', REMOTE)).toBe('403');
      // The same machine still reads it.
      const local = await post(app, 'dev/outbox', LOCAL, { phone: '13912345678' });
      expect(local.resultCode).toBe('200');
      expect((local.data as Array<{ text: string }>)[0]!.text).toMatch(/\d{6}/);
      expect(await page(app, '/dev/outbox', LOCAL)).toBe('app');
      expect((await post(app, 'dev/outbox', { remoteAddress: '::1' })).resultCode).toBe('200');
      expect((await post(app, 'dev/outbox', { remoteAddress: '::ffff:127.0.0.1' })).resultCode).toBe('200');
    });
  });

  it('the merchant reviewer refuses remote clients too; other pages and calls are served as usual', async () => {
    await withApp({ NODE_ENV: 'development' }, async (app) => {
      for (const call of ['list', 'detail', 'approve', 'reject', 'sign'])
        expect((await post(app, `dev/merchant/${call}`, REMOTE)).resultCode, call).toBe('403');
      expect(await page(app, '/dev/merchant-review', REMOTE)).toBe('403');
      expect((await post(app, 'dev/merchant/list', LOCAL)).resultCode).toBe('200');
      expect(await page(app, '/login', REMOTE)).toBe('app');
      expect(await page(app, '/dev/flows', REMOTE)).toBe('app');
      expect((await post(app, 'activity/user/getLoginInfo', REMOTE)).resultCode).toBe('200');
    });
  });

  it('a local reverse proxy does not make its remote visitors local, with or without TRUST_PROXY', async () => {
    for (const TRUST_PROXY of [false, 1, ['127.0.0.1']] as const) {
      await withApp({ NODE_ENV: 'development', TRUST_PROXY: TRUST_PROXY as TEnv['TRUST_PROXY'] }, async (app) => {
        expect((await post(app, 'dev/outbox', VIA_LOCAL_NGINX)).resultCode, String(TRUST_PROXY)).toBe('403');
        expect((await post(app, 'dev/outbox', { remoteAddress: '127.0.0.1', headers: { forwarded: 'for="[2001:db8::7]:4711"' } })).resultCode).toBe('403');
        // nginx relaying a browser on the same machine.
        expect((await post(app, 'dev/outbox', { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } })).resultCode).toBe('200');
      });
    }
  });

  it('a remote client cannot pass for local by writing a forwarding header', async () => {
    for (const TRUST_PROXY of [false, ['127.0.0.1']] as const) {
      await withApp({ NODE_ENV: 'development', TRUST_PROXY: TRUST_PROXY as TEnv['TRUST_PROXY'] }, async (app) => {
        const spoofed = { remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1', forwarded: 'for=127.0.0.1' } };
        expect((await post(app, 'dev/outbox', spoofed)).resultCode).toBe('403');
      });
    }
  });

  it('a remote client cannot reach a tool by escaping a letter of its path (the router decodes it)', async () => {
    await withApp({ NODE_ENV: 'development' }, async (app) => {
      expect((await post(app, 'dev/%6Futbox', REMOTE, { phone: '13912345678' })).resultCode).toBe('403');
      expect((await post(app, 'dev/merchant/%6Cist', REMOTE)).resultCode).toBe('403');
      expect(await page(app, '/dev/%6Futbox', REMOTE)).toBe('403');
      expect((await post(app, 'dev/%6Futbox', LOCAL, { phone: '13912345678' })).resultCode).toBe('200');
    });
  });

  it('DEV_OUTBOX=1 / DEV_MERCHANT=1 open them to every client on purpose', async () => {
    await withApp({ NODE_ENV: 'development', DEV_OUTBOX: '1', DEV_MERCHANT: '1' }, async (app) => {
      expect((await post(app, 'dev/outbox', REMOTE)).resultCode).toBe('200');
      expect((await post(app, 'dev/merchant/list', REMOTE)).resultCode).toBe('200');
    });
  });
});

describe('the test clock (test servers only)', () => {
  it('moves for this machine only, unless DEV_CLOCK=1', async () => {
    await withApp({ NODE_ENV: 'test' }, async (app) => {
      expect((await post(app, 'dev/clock', REMOTE, { offsetDays: 3 })).resultCode).toBe('403');
      expect((await post(app, 'dev/clock', LOCAL, { offsetDays: 0 })).resultCode).toBe('200');
    });
    await withApp({ NODE_ENV: 'test', DEV_CLOCK: '1' }, async (app) => {
      expect((await post(app, 'dev/clock', REMOTE, { offsetDays: 0 })).resultCode).toBe('200');
    });
    await withApp({ NODE_ENV: 'development' }, async (app) => {
      expect((await post(app, 'dev/clock', LOCAL, { offsetDays: 0 })).resultCode).toBe('404');
    });
  });
});

describe('what npm start says', () => {
  it('names each tool, its address and that it is local-only', () => {
    const lines = startBanner(readEnv({ PORT: '8080' }), 'PGlite');
    expect(lines).toContain('    短信发件箱 http://localhost:8080/dev/outbox  (仅限本机访问)');
    expect(lines).toContain('    商户审核　 http://localhost:8080/dev/merchant-review  (仅限本机访问)');
    expect(lines.join('\n')).not.toContain('测试时钟');
    expect(lines).toContain('  演示账号: 13800138000 / demo1234（协作演示的同事账号: 13800138001，密码相同）');
    const open = startBanner(readEnv({ PORT: '8080', DEV_OUTBOX: '1' }), 'PGlite').join('\n');
    expect(open).toContain('/dev/outbox  (DEV_OUTBOX=1：对所有来源开放，勿在公网使用)');
  });

  it('in production: no tools, and a warning when no SMS provider is configured', () => {
    const lines = startBanner(readEnv({ NODE_ENV: 'production' }), 'PostgreSQL').join('\n');
    expect(lines).not.toContain('/dev/');
    expect(lines).toContain('未配置短信服务商（SMS_PROVIDER）');
    expect(lines).not.toContain('demo1234');
  });
});
