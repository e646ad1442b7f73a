import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_MERCHANT_DRAFT } from '../../../machines/shared/merchant-samples';
import type { TApplySummary, TDevApplication, TPage } from '../../../schemas/api/wxpay';
import { buildApp } from '../../../server/app';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
let headers: { token: string };
beforeAll(async () => {
  t = await createTestApp();
  headers = (await loginNewUser(t)).headers;
});
afterAll(() => t.close());

async function submitted(): Promise<string> {
  const no = (await t.call<{ out_request_no: string }>('active/wxPay/getOutRequestNo', {}, headers)).data.out_request_no;
  const answer = await t.call<TApplySummary>('active/wxPay/applyMch', { ...SAMPLE_MERCHANT_DRAFT, out_request_no: no }, headers);
  expect(answer.resultCode).toBe('200');
  return no;
}

describe('dev/merchant/* (the sandbox reviewer)', () => {
  it('lists applications with a masked phone, newest first, filtered by state', async () => {
    const first = await submitted();
    const second = await submitted();
    await t.call('dev/merchant/approve', { out_request_no: first });
    const all = await t.call<TPage<TDevApplication>>('dev/merchant/list', {});
    expect(all.data.list.map((a) => a.out_request_no).slice(0, 2)).toEqual([first, second]);
    expect(all.data.list[0]!.phone).toMatch(/^1\d{2}\*{4}\d{4}$/);
    const auditing = await t.call<TPage<TDevApplication>>('dev/merchant/list', { state: 'AUDITING' });
    expect(auditing.data.list.map((a) => a.out_request_no)).toContain(second);
    expect(auditing.data.list.map((a) => a.out_request_no)).not.toContain(first);
  });

  it('decides once: approve and reject at the same moment, exactly one wins', async () => {
    const no = await submitted();
    const answers = await Promise.all([
      t.call('dev/merchant/approve', { out_request_no: no }),
      t.call('dev/merchant/reject', { out_request_no: no, reasons: [{ step: 'scene', reason: '店铺名称不规范' }] }),
      t.call('dev/merchant/approve', { out_request_no: no }),
    ]);
    expect(answers.filter((a) => a.resultCode === '200')).toHaveLength(1);
    expect(answers.filter((a) => a.resultCode === '409')).toHaveLength(2);
    const events = await t.database.query(
      `SELECT e.kind FROM merchant_application_events e JOIN merchant_applications a ON a.id = e.application_id WHERE a.out_request_no = $1`,
      [no],
    );
    expect(events).toHaveLength(3);
  });

  it('parallel identical submissions under one number make one application', async () => {
    const no = (await t.call<{ out_request_no: string }>('active/wxPay/getOutRequestNo', {}, headers)).data.out_request_no;
    const body = { ...SAMPLE_MERCHANT_DRAFT, out_request_no: no };
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.call<TApplySummary>('active/wxPay/applyMch', body, headers)));
    expect(answers.map((a) => a.resultCode)).toEqual(['200', '200', '200', '200', '200']);
    expect(new Set(answers.map((a) => a.data.applyment_id)).size).toBe(1);
    const rows = await t.database.query('SELECT id FROM merchant_applications WHERE out_request_no = $1', [no]);
    expect(rows).toHaveLength(1);
    const events = await t.database.query<{ kind: string }>('SELECT kind FROM merchant_application_events WHERE application_id = $1 ORDER BY id', [
      (rows[0] as { id: number }).id,
    ]);
    expect(events.map((e) => e.kind)).toEqual(['submitted', 'auditing']);
  });

  it('refuses reasons without a known step or text', async () => {
    const no = await submitted();
    expect((await t.call('dev/merchant/reject', { out_request_no: no, reasons: [] })).resultMsg).toBe('reasons: 请至少填写一条驳回原因');
    expect((await t.call('dev/merchant/reject', { out_request_no: no, reasons: [{ step: 'nowhere', reason: 'x' }] })).resultCode).toBe('400');
    expect((await t.call('dev/merchant/reject', { out_request_no: no, reasons: [{ step: 'account', reason: '  ' }] })).resultMsg).toBe(
      'reasons.0.reason: 请填写驳回原因',
    );
    expect((await t.call('dev/merchant/approve', { out_request_no: 'WJ0000000000000000' })).resultCode).toBe('404');
  });

  it('is not registered in production unless DEV_MERCHANT=1', async () => {
    const production = await buildApp({ database: t.database, clientDir: '/nonexistent', env: { NODE_ENV: 'production' } });
    expect(production.calls.some((c) => c.path.startsWith('dev/merchant/'))).toBe(false);
    expect(production.calls.some((c) => c.path === 'active/wxPay/applyMch')).toBe(true);
    await production.close();
    const opted = await buildApp({ database: t.database, clientDir: '/nonexistent', env: { NODE_ENV: 'production', DEV_MERCHANT: '1' } });
    expect(opted.calls.some((c) => c.path === 'dev/merchant/reject')).toBe(true);
    await opted.close();
  });
});
