import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSandboxTransfer } from '../../../schemas/api/dev';
import { buildApp } from '../../../server/app';
import type { Database } from '../../../server/db/client';
import type { TEnv } from '../../../server/env';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { openTestDatabase } from '../../helpers/test-db';
import { answer, approve, envelopeProject, fixedRule } from '../red-envelope/red-helpers';

// /dev/transfers (issue 49 gaps, item 4): what the pay sandbox "paid out", for a tester; this machine only, and
// never in production.
let t: TestApp;
let database: Database;
let clientDir: string;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  database = await openTestDatabase();
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'wenjuan-dev-transfers-'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>问卷通</title><div id="root"></div>');
}, 60_000);
afterAll(async () => {
  await t.close();
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
const call = async (app: FastifyInstance, remoteAddress: string) =>
  (await app.inject({ method: 'POST', url: '/api/dev/transfers', payload: {}, remoteAddress })).json() as { resultCode: string; resultMsg: string };
const page = async (app: FastifyInstance, remoteAddress: string) => {
  const response = await app.inject({ method: 'GET', url: '/dev/transfers', remoteAddress });
  return response.headers['content-type']?.toString().startsWith('text/html') ? 'app' : (response.json() as { resultCode: string }).resultCode;
};

describe('/dev/transfers', () => {
  it('lists the sandbox transfers with the envelope and sheet each paid, one payee or all', async () => {
    const s = await envelopeProject(t, fixedRule(2, 88), { balanceFen: 176, pay: true });
    const [one, two] = await answer(t, s.questionId, 2);
    expect((await approve(t, s, [one!, two!])).data.done).toBe(2);
    const listed = await t.call<TSandboxTransfer[]>('dev/transfers', { limit: 200 });
    expect(listed.resultCode, listed.resultMsg).toBe('200');
    const mine = listed.data.filter((r) => r.source?.sheetId === one || r.source?.sheetId === two);
    expect(mine.map((r) => r.source!.sheetId).sort()).toEqual([one, two].sort());
    expect(mine[0]).toMatchObject({ amountFen: 88, remark: '问卷红包', source: { kind: 'project' } });
    expect(mine[0]!.transferId).toMatch(/^SBT/);
    const onePayee = await t.call<TSandboxTransfer[]>('dev/transfers', { payee: mine[1]!.payee });
    expect(onePayee.data.map((r) => r.outBatchNo)).toEqual([mine[1]!.outBatchNo]);
  });

  it('answers this machine only outside production, and nothing at all in production', async () => {
    await withApp({ NODE_ENV: 'development' }, async (app) => {
      expect(await page(app, '127.0.0.1')).toBe('app');
      expect((await call(app, '127.0.0.1')).resultCode).toBe('200');
      expect(await call(app, '203.0.113.9')).toMatchObject({ resultCode: '403', resultMsg: '沙箱转账记录仅限本机访问' });
      expect(await page(app, '203.0.113.9')).toBe('403');
    });
    await withApp({ NODE_ENV: 'production', PAY_PROVIDER: 'sandbox' }, async (app) => {
      expect(await page(app, '127.0.0.1')).toBe('404');
      expect((await call(app, '127.0.0.1')).resultCode).toBe('404');
    });
  });
});
