import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import type { Database } from '../../../server/db/client';
import { openTestDatabase } from '../../helpers/test-db';

// Issue 46 (46k): /wechatPay.html is now the logged-in account purchase's WeChat result, and the respondent's pay
// result lives on /pay/result.html. A respondent order started before the move still returns to /wechatPay.html;
// the server sends it on, with its query, before the page's login guard could ask a buyer without an account to log in.
let database: Database;
let clientDir: string;
let app: FastifyInstance;
beforeAll(async () => {
  database = await openTestDatabase();
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'wenjuan-pay-result-'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>问卷通</title><div id="root"></div>');
  app = await buildApp({ database, clientDir });
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('/wechatPay.html', () => {
  it('forwards a respondent order (20 digits) to /pay/result.html keeping its whole query', async () => {
    const response = await get('/wechatPay.html?orderNo=20261202170000123456&result=fail');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/pay/result.html?orderNo=20261202170000123456&result=fail');
  });

  it.each(['/wechatPay.html?orderNo=R20261202170000123456', '/wechatPay.html', '/wechatPay.html?orderNo=123'])(
    'serves the app for %s (an account purchase, or no respondent order)',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['content-type'])).toMatch(/^text\/html/);
      expect(response.body).toContain('<div id="root">');
    },
  );

  it('serves the respondent result page itself as the app', async () => {
    const response = await get('/pay/result.html?orderNo=20261202170000123456');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
  });
});
