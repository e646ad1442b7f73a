import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import type { Database } from '../../../server/db/client';
import type { TEnv } from '../../../server/env';
import { openTestDatabase } from '../../helpers/test-db';

// The development tools: the SMS outbox (/dev/outbox + dev/outbox), the sandbox merchant reviewer
// (/dev/merchant-review + dev/merchant/*) and the flow simulator's switch (dev/config). On by default, off when
// NODE_ENV=production unless their variable says 1.
let database: Database;
let clientDir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'wenjuan-dev-pages-'));
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

const post = async (app: FastifyInstance, url: string, body: object = {}) =>
  (await app.inject({ method: 'POST', url: `/api/${url}`, payload: body })).json() as { resultCode: string; data: unknown };

/** What a browser opening the page gets: the client app, or the envelope of an unknown address. */
async function page(app: FastifyInstance, url: string): Promise<'app' | string> {
  const response = await app.inject({ method: 'GET', url });
  if (response.headers['content-type']?.toString().startsWith('text/html')) return response.body.includes('id="root"') ? 'app' : response.body;
  return response.json().resultCode;
}

describe('development tools outside production', () => {
  it('serve the outbox and the merchant reviewer, page and calls', async () => {
    await withApp({ NODE_ENV: 'development' }, async (app) => {
      expect(await page(app, '/dev/outbox')).toBe('app');
      expect((await post(app, 'dev/outbox')).resultCode).toBe('200');
      expect(await page(app, '/dev/mailbox')).toBe('app');
      expect((await post(app, 'dev/mailbox')).resultCode).toBe('200');
      expect(await page(app, '/dev/merchant-review')).toBe('app');
      expect((await post(app, 'dev/merchant/list')).resultCode).toBe('200');
      expect((await post(app, 'dev/config')).data).toEqual({ flows: true });
    });
  });

  it('switch off one by one with 0', async () => {
    await withApp({ NODE_ENV: 'development', DEV_OUTBOX: '0', DEV_MERCHANT: '0', DEV_FLOWS: '0' }, async (app) => {
      expect(await page(app, '/dev/outbox')).toBe('404');
      expect((await post(app, 'dev/outbox')).resultCode).toBe('404');
      expect(await page(app, '/dev/merchant-review')).toBe('404');
      expect((await post(app, 'dev/merchant/list')).resultCode).toBe('404');
      expect((await post(app, 'dev/config')).data).toEqual({ flows: false });
    });
  });
});

describe('development tools in production (NODE_ENV=production)', () => {
  it('are off: no outbox page or call, no merchant reviewer, the flow simulator says it is off', async () => {
    await withApp({ NODE_ENV: 'production' }, async (app) => {
      expect(await page(app, '/dev/outbox')).toBe('404');
      expect(await page(app, '/dev/outbox/')).toBe('404');
      expect(await page(app, '/dev/outbox?phone=13800138000')).toBe('404');
      expect((await post(app, 'dev/outbox', { phone: '13800138000' })).resultCode).toBe('404');
      expect(app.calls.some((c) => c.path === 'dev/outbox')).toBe(false);
      // No SMTP_HOST in production: no mail outbox either (e-mail sends are refused instead).
      expect(await page(app, '/dev/mailbox')).toBe('404');
      expect((await post(app, 'dev/mailbox')).resultCode).toBe('404');
      expect(await page(app, '/dev/merchant-review')).toBe('404');
      for (const call of ['list', 'detail', 'approve', 'reject', 'sign']) expect((await post(app, `dev/merchant/${call}`)).resultCode, call).toBe('404');
      expect((await post(app, 'dev/config')).data).toEqual({ flows: false });
      // The simulator page ships in every build and asks dev/config before showing anything.
      expect(await page(app, '/dev/flows')).toBe('app');
      // Everything else is served as usual.
      expect(await page(app, '/login')).toBe('app');
      expect((await post(app, 'activity/user/sendSms', { phone: '13800138000' })).resultCode).toBe('200');
    });
  });

  it('DEV_OUTBOX=1 keeps the outbox, page and call, and only the outbox', async () => {
    await withApp({ NODE_ENV: 'production', DEV_OUTBOX: '1' }, async (app) => {
      expect(await page(app, '/dev/outbox')).toBe('app');
      const outbox = await post(app, 'dev/outbox', { phone: '13800138000' });
      expect(outbox.resultCode).toBe('200');
      expect((outbox.data as Array<{ text: string }>)[0]?.text).toMatch(/\d{6}/);
      expect((await post(app, 'dev/mailbox')).resultCode).toBe('200');
      expect(await page(app, '/dev/merchant-review')).toBe('404');
      expect((await post(app, 'dev/config')).data).toEqual({ flows: false });
    });
  });

  it('DEV_MERCHANT=1 keeps the merchant reviewer, DEV_FLOWS=1 the simulator', async () => {
    await withApp({ NODE_ENV: 'production', DEV_MERCHANT: '1', DEV_FLOWS: '1' }, async (app) => {
      expect(await page(app, '/dev/merchant-review')).toBe('app');
      expect((await post(app, 'dev/merchant/list')).resultCode).toBe('200');
      expect((await post(app, 'dev/config')).data).toEqual({ flows: true });
      expect(await page(app, '/dev/outbox')).toBe('404');
      expect((await post(app, 'dev/outbox')).resultCode).toBe('404');
    });
  });
});
