import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInvoice } from '../../../schemas/api/invoice';
import type { TRechargeRecord, TSaveRechargeResult } from '../../../schemas/api/recharge';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { newPayer, recharge, type Payer } from './money-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
}, 120_000);
afterAll(() => t.close());

const COMPANY = { titleType: 'company', title: '杭州问卷科技有限公司', taxNo: '91330100MA2AXXXX1K', email: 'finance@example.com' };
const request = (payer: Payer, body: Record<string, unknown>) => t.call<TInvoice>('recharge/getInvoiceSaveOrUpdate', body, payer.headers);
const info = (payer: Payer, orderNo?: string) =>
  t.call<{ invoice: TInvoice | null; account: unknown }>('recharge/getInvoiceInfo', orderNo ? { orderNo } : {}, payer.headers);
const revoke = (payer: Payer, invoiceNo: string) => t.call<TInvoice>('recharge/getRevokeInvoice', { invoiceNo }, payer.headers);

describe(`invoices (${engineName()})`, () => {
  it('asks an invoice for a paid recharge, for the paid amount; it stays 申请中, can be changed, revoked and asked again', async () => {
    const payer = await newPayer(t);
    const orderNo = await recharge(t, payer, 12_300);
    // An amount in the body is not the invoice's: what was paid is.
    const asked = await request(payer, { orderNo, ...COMPANY, taxNo: ' 91330100ma2axxxx1k ', amountFen: 99_999_999 });
    expect(asked).toMatchObject({ resultCode: '200', resultMsg: '发票申请已提交' });
    expect(asked.data).toMatchObject({ orderNo, amountFen: 12_300, state: 'requested', taxNo: '91330100MA2AXXXX1K', issuedAt: null });
    expect(asked.data.invoiceNo).toMatch(/^I\d{20}$/);

    const changed = await request(payer, { orderNo, titleType: 'personal', title: '张三', taxNo: '123', email: 'zhang@example.com' });
    expect(changed.data).toMatchObject({ invoiceNo: asked.data.invoiceNo, titleType: 'personal', title: '张三', taxNo: null, state: 'requested' });
    expect((await info(payer, orderNo)).data.invoice).toMatchObject({ invoiceNo: asked.data.invoiceNo, title: '张三' });
    const records = await t.call<{ list: TRechargeRecord[] }>('recharge/getUserRechargeList', {}, payer.headers);
    expect(records.data.list[0]!.invoice).toEqual({ invoiceNo: asked.data.invoiceNo, state: 'requested' });

    expect((await revoke(payer, asked.data.invoiceNo)).data.state).toBe('revoked');
    expect(await revoke(payer, asked.data.invoiceNo)).toMatchObject({ resultCode: '409', resultMsg: '该发票申请已撤销' });
    expect((await info(payer, orderNo)).data.invoice).toBeNull();
    const again = await request(payer, { orderNo, ...COMPANY });
    expect(again.data.invoiceNo).not.toBe(asked.data.invoiceNo);

    // Issued by an operator: no longer changed or revoked by the user.
    await t.database.query(`UPDATE invoices SET state = 'issued', issued_at = now() WHERE invoice_no = $1`, [again.data.invoiceNo]);
    expect(await request(payer, { orderNo, ...COMPANY, title: '改名' })).toMatchObject({ resultCode: '409', resultMsg: '发票已开具，不能修改或撤销' });
    expect(await revoke(payer, again.data.invoiceNo)).toMatchObject({ resultCode: '409', resultMsg: '发票已开具，不能修改或撤销' });
  });

  it('refuses unpaid orders, other users’ orders and invoices as not found, and bad titles, tax numbers and e-mails', async () => {
    const payer = await newPayer(t);
    const other = await newPayer(t);
    const paid = await recharge(t, payer, 5_000);
    const unpaid = (await t.call<TSaveRechargeResult>('recharge/saveRechargeOrder', { amountFen: 5_000 }, payer.headers)).data.orderNo;
    expect(await request(payer, { orderNo: unpaid, ...COMPANY })).toMatchObject({ resultCode: '409', resultMsg: '只有已支付的充值订单可以申请发票' });
    expect(await request(other, { orderNo: paid, ...COMPANY })).toMatchObject({ resultCode: '404', resultMsg: '充值订单不存在' });
    expect(await info(other, paid)).toMatchObject({ resultCode: '404', resultMsg: '充值订单不存在' });
    const mine = (await request(payer, { orderNo: paid, ...COMPANY })).data;
    expect(await revoke(other, mine.invoiceNo)).toMatchObject({ resultCode: '404', resultMsg: '发票申请不存在' });

    for (const [body, message] of [
      [{ taxNo: undefined }, '企业抬头请填写税号'],
      [{ taxNo: '1234' }, '税号格式不正确'],
      [{ taxNo: '91330100-MA2AXXXX1' }, '税号格式不正确'],
      [{ email: 'finance@' }, '请填写正确的邮箱地址'],
      [{ email: '' }, '请填写接收发票的邮箱'],
      [{ title: '   ' }, '请填写发票抬头'],
      [{ titleType: 'government' }, '请选择抬头类型（个人或企业）'],
    ] as const) {
      const answer = await request(payer, { orderNo: paid, ...COMPANY, ...body });
      expect(answer.resultCode, JSON.stringify(body)).toBe('400');
      expect(answer.resultMsg, JSON.stringify(body)).toContain(message);
    }
    expect((await request(payer, { orderNo: 'R123', ...COMPANY })).resultCode).toBe('400');
  });

  it('parallel requests for one order make one invoice', async () => {
    const payer = await newPayer(t);
    const orderNo = await recharge(t, payer, 3_000);
    const answers = await Promise.all(Array.from({ length: 6 }, () => request(payer, { orderNo, ...COMPANY })));
    expect(new Set(answers.map((a) => a.resultCode))).toEqual(new Set(['200']));
    expect(new Set(answers.map((a) => a.data.invoiceNo)).size).toBe(1);
    const [n] = await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM invoices WHERE order_no = $1`, [orderNo]);
    expect(n!.n).toBe(1);
  });

  it('saveOrderAccount keeps the invoice details that prefill the next request', async () => {
    const payer = await newPayer(t);
    expect((await info(payer)).data).toEqual({ invoice: null, account: null });
    const saved = await t.call('recharge/saveOrderAccount', { ...COMPANY }, payer.headers);
    expect(saved).toMatchObject({ resultCode: '200', resultMsg: '开票信息已保存' });
    expect((await info(payer)).data.account).toEqual({ titleType: 'company', title: COMPANY.title, taxNo: COMPANY.taxNo, email: COMPANY.email });
    await t.call('recharge/saveOrderAccount', { titleType: 'personal', title: '李四', taxNo: COMPANY.taxNo, email: 'li@example.com' }, payer.headers);
    expect((await info(payer)).data.account).toEqual({ titleType: 'personal', title: '李四', taxNo: null, email: 'li@example.com' });
    expect((await t.call('recharge/saveOrderAccount', { ...COMPANY, taxNo: 'bad' }, payer.headers)).resultCode).toBe('400');
  });
});
