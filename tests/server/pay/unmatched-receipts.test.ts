import ExcelJS from 'exceljs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TExportJob } from '../../../schemas/api/export-jobs';
import type { TExportLink } from '../../../schemas/api/report';
import type { TOrderListResult } from '../../../schemas/api/pay';
import type { TTradeStatement } from '../../../schemas/api/pay-statement';
import type { PayProvider, PayRefundStart } from '../../../server/providers/pay';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { buy, buyer, ledgerMismatches, ledgerRowsOf, manage, publishShop, receiptsOf, startPay, status, type ShopCtx } from './pay-helpers';
import { alipayForm, finishMerchant, postNotify, startRealProviders, type RealProviders } from './real-providers';

/**
 * Issue 42 item 3b: money that arrives for an order that no longer expects it — a late payment (the payment
 * window closed the order) or a double payment (a second, different transaction for a paid order) — is recorded
 * as an unmatched receipt with ledger rows of its own, refunded through the provider's refund call (the sandbox,
 * and WeChat Pay v3 and Alipay against their local fake servers), shown on the order screen, the trade statement
 * and the reconciliation export until settled, and only then is the provider answered SUCCESS.
 */
let sandboxApp: TestApp;
let realApp: TestApp;
let fakes: RealProviders;
const dataDir = mkdtempSync(path.join(tmpdir(), 'wj-receipts-'));
beforeAll(async () => {
  sandboxApp = await createTestApp({ jobs: 'manual' });
  fakes = await startRealProviders();
  realApp = await createTestApp({
    jobs: 'manual',
    env: { ...fakes.env, DATA_DIR: dataDir },
    exportRunner: { worker: 'receipts', progressIntervalMs: 0 },
  });
}, 120_000);
afterAll(async () => {
  await realApp.close();
  await sandboxApp.close();
  await fakes.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Watch a provider's refund calls: what the database held at the moment each was made. */
function watchRefunds(provider: PayProvider, t: TestApp) {
  const calls: { input: PayRefundStart; ledgerAtCall: { kind: string; amount_fen: number }[] }[] = [];
  const real = provider.refund.bind(provider);
  provider.refund = async (input) => {
    const ledgerAtCall = await t.database.query<{ kind: string; amount_fen: number }>(
      'SELECT l.kind, l.amount_fen FROM ledger l JOIN unmatched_receipts r ON r.id = l.receipt_id WHERE r.out_refund_no = $1 ORDER BY l.id',
      [input.outRefundNo],
    );
    calls.push({ input, ledgerAtCall });
    return real(input);
  };
  return { calls, restore: () => (provider.refund = real) };
}

const list = (t: TestApp, ctx: ShopCtx) => manage<TOrderListResult>(t, ctx, 'getOrderList', {});
const statement = (t: TestApp, ctx: ShopCtx) =>
  t.call<TTradeStatement>('question/statement/getTradeStatement', { questionId: ctx.questionId }, ctx.owner.headers);

/** The reconciliation export's 异常收款 sheet, downloaded as the creator would (我的下载). */
async function reconciliationReceipts(t: TestApp, ctx: ShopCtx): Promise<string[][]> {
  const job = await manage<TExportJob>(t, ctx, 'exportReconciliation', {});
  expect(job.resultCode, job.resultMsg).toBe('200');
  expect(await t.app.exportRunner.runOnce()).toBe(job.data.jobId);
  const link = await t.call<TExportLink>('activity/question/getDownloadUrl', { jobId: job.data.jobId }, ctx.owner.headers);
  const file = await t.app.inject({ method: 'GET', url: link.data.url });
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.getWorksheet('异常收款')!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

describe(`late and double payments on ${engineName()}`, () => {
  it('sandbox, late: paid in the cashier just before the window closed, its notify after: recorded, refunded through the sandbox, then SUCCESS', async () => {
    const t = sandboxApp;
    const ctx = await publishShop(t, { settings: { paymentWindowMinutes: 10 } });
    const me = buyer();
    const { orderNo } = (await buy(t, ctx, me, [{ productId: ctx.ticket, quantity: 1 }])).data.order!;
    await startPay(t, orderNo, me);
    // The payer pays at 9 min 59 s; the notify is delayed past the window, and the sweep closes the order first.
    const decided = await t.app.deps.pay.sandbox!.decide(orderNo, 'pay', new Date());
    const real = t.app.deps.now;
    t.app.deps.now = () => new Date(Date.now() + 11 * 60_000);
    const watch = watchRefunds(t.app.deps.pay.sandbox!, t);
    try {
      await t.app.orderSweeper.runOnce();
      expect((await status(t, orderNo, me)).data.state).toBe('closed');

      const answer = await postNotify(t, 'sandbox', decided!.notify as { headers: Record<string, string>; body: string });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ code: 'SUCCESS' });
      // Recorded before the refund was asked for; refunded before the provider heard SUCCESS.
      expect(watch.calls).toHaveLength(1);
      expect(watch.calls[0]!.ledgerAtCall).toEqual([{ kind: 'unmatched', amount_fen: 2500 }]);
      expect(watch.calls[0]!.input).toMatchObject({ outTradeNo: orderNo, refundFen: 2500, totalFen: 2500, reason: '订单已超时关闭，款项原路退回' });
      expect(await ledgerRowsOf(t, orderNo)).toEqual([
        { kind: 'unmatched', amount_fen: 2500, provider: 'sandbox' },
        { kind: 'unmatched_refund', amount_fen: -2500, provider: 'sandbox' },
      ]);
      expect(await receiptsOf(t, orderNo)).toMatchObject([{ reason: 'late', state: 'refunded', provider: 'sandbox', amount_fen: 2500 }]);
      const [trade] = await t.database.query<{ refunded_fen: number }>('SELECT refunded_fen FROM sandbox_trades WHERE out_trade_no = $1', [orderNo]);
      expect(trade!.refunded_fen).toBe(2500);
      // The order stays closed; its income is untouched; the settled receipt is on the order row, not in the warning.
      const orders = await list(t, ctx);
      expect(orders.data.unmatched).toEqual([]);
      expect(orders.data.summary).toEqual({ orders: 0, paidFen: 0, refundedFen: 0, netFen: 0 });
      expect(orders.data.list[0]).toMatchObject({ orderNo, state: 'closed', receipts: [{ reason: 'late', state: 'refunded', amountFen: 2500 }] });

      // The sandbox sends it again: nothing new.
      expect((await postNotify(t, 'sandbox', decided!.notify as { headers: Record<string, string>; body: string })).statusCode).toBe(200);
      expect(await ledgerRowsOf(t, orderNo)).toHaveLength(2);
      expect(watch.calls).toHaveLength(1);
      expect(await ledgerMismatches(t)).toEqual([]);
    } finally {
      t.app.deps.now = real;
      watch.restore();
    }
  });

  it('WeChat Pay, double: paid through Alipay, then through WeChat too; the WeChat payment is refunded through WeChat and shown until it settles', async () => {
    const t = realApp;
    const ctx = await publishShop(t);
    await finishMerchant(t, ctx.owner.phone);
    const me = buyer();
    const { orderNo } = (await buy(t, ctx, me, [{ productId: ctx.ticket, quantity: 2 }])).data.order!;
    // The buyer opens WeChat's cashier, then Alipay's, and pays in both.
    expect((await startPay(t, orderNo, me, 'active/pay/wxTradePay')).data.provider).toBe('wechat');
    const ali = await startPay(t, orderNo, me, 'active/pay/aliTradePay');
    expect(ali.data.provider).toBe('alipay');
    fakes.alipay.openCashier((ali.data.launch as { url: string }).url);
    const viaAlipay = await postNotify(t, 'alipay', alipayForm(fakes.alipay.pay(orderNo)));
    expect(viaAlipay.body).toBe('success');
    expect((await status(t, orderNo, me)).data).toMatchObject({ state: 'paid', provider: 'alipay' });

    const watch = watchRefunds(t.app.deps.pay.byName('wechat')!, t);
    try {
      const viaWechat = await postNotify(t, 'wechat', fakes.wechat.pay(orderNo));
      expect(viaWechat.statusCode).toBe(204);
      expect(watch.calls.map((c) => c.ledgerAtCall)).toEqual([[{ kind: 'unmatched', amount_fen: 5000 }]]);
      expect(watch.calls[0]!.input).toMatchObject({ outTradeNo: orderNo, refundFen: 5000, totalFen: 5000, reason: '重复支付，款项原路退回' });
    } finally {
      watch.restore();
    }
    // WeChat took the refund (PROCESSING): recorded, not settled, shown on every screen the creator reads.
    const [receipt] = await receiptsOf(t, orderNo);
    expect(receipt).toMatchObject({ reason: 'double', state: 'refunding', provider: 'wechat', amount_fen: 5000 });
    expect(fakes.wechat.refunds.get(receipt!.out_refund_no)).toMatchObject({ status: 'PROCESSING', amount: { refund: 5000, total: 5000 } });
    const shown = (await list(t, ctx)).data;
    expect(shown.unmatched).toEqual([expect.objectContaining({ orderNo, reason: 'double', state: 'refunding', amountFen: 5000, provider: 'wechat' })]);
    // The order's own income is the Alipay payment, once.
    expect(shown.summary).toEqual({ orders: 1, paidFen: 5000, refundedFen: 0, netFen: 5000 });
    expect((await statement(t, ctx)).data.unmatched).toEqual([expect.objectContaining({ orderNo, reason: 'double', state: 'refunding' })]);
    expect((await statement(t, ctx)).data.totals).toMatchObject({ paidFen: 5000, refundedFen: 0, netFen: 5000 });
    const sheet = await reconciliationReceipts(t, ctx);
    expect(sheet[1]).toEqual(expect.arrayContaining([orderNo, '重复支付', '50', '微信支付', '退款处理中']));

    // WeChat finishes the refund; the sweep asks and settles it once.
    fakes.wechat.finishRefund(receipt!.out_refund_no);
    await Promise.all([t.app.orderSweeper.runOnce(), t.app.orderSweeper.runOnce()]);
    expect(await ledgerRowsOf(t, orderNo)).toEqual([
      { kind: 'payment', amount_fen: 5000, provider: 'alipay' },
      { kind: 'unmatched', amount_fen: 5000, provider: 'wechat' },
      { kind: 'unmatched_refund', amount_fen: -5000, provider: 'wechat' },
    ]);
    expect((await list(t, ctx)).data.unmatched).toEqual([]);
    expect((await statement(t, ctx)).data.unmatched).toEqual([]);
    expect((await reconciliationReceipts(t, ctx))[1]).toEqual(expect.arrayContaining([orderNo, '重复支付', '已原路退回']));
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('Alipay, double: paid through WeChat first; the Alipay payment is refunded through Alipay at once', async () => {
    const t = realApp;
    const ctx = await publishShop(t);
    await finishMerchant(t, ctx.owner.phone);
    const me = buyer();
    const { orderNo } = (await buy(t, ctx, me, [{ productId: ctx.shirt, quantity: 1 }])).data.order!;
    await startPay(t, orderNo, me, 'active/pay/wxTradePay');
    const ali = await startPay(t, orderNo, me, 'active/pay/aliTradePay');
    fakes.alipay.openCashier((ali.data.launch as { url: string }).url);
    expect((await postNotify(t, 'wechat', fakes.wechat.pay(orderNo))).statusCode).toBe(204);
    expect((await status(t, orderNo, me)).data).toMatchObject({ state: 'paid', provider: 'wechat' });

    const answer = await postNotify(t, 'alipay', alipayForm(fakes.alipay.pay(orderNo)));
    expect(answer.body).toBe('success');
    expect(fakes.alipay.trades.get(orderNo)).toMatchObject({ refundedFen: 5990 });
    expect(await receiptsOf(t, orderNo)).toMatchObject([{ reason: 'double', state: 'refunded', provider: 'alipay', amount_fen: 5990 }]);
    expect(await ledgerRowsOf(t, orderNo)).toEqual([
      { kind: 'payment', amount_fen: 5990, provider: 'wechat' },
      { kind: 'unmatched', amount_fen: 5990, provider: 'alipay' },
      { kind: 'unmatched_refund', amount_fen: -5990, provider: 'alipay' },
    ]);
    // The creator's refund of the order still goes back the way the order was paid (WeChat), up to its amount.
    expect((await manage(t, ctx, 'refundOrder', { orderNo, amountFen: 5990 })).data).toMatchObject({ state: 'refunding', refundedFen: 5990 });
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('WeChat Pay, late: a refund the provider cannot take now is kept, shown with the reason, and tried again by the sweep', async () => {
    const t = realApp;
    const ctx = await publishShop(t, { settings: { paymentWindowMinutes: 10 } });
    await finishMerchant(t, ctx.owner.phone);
    const me = buyer();
    const { orderNo } = (await buy(t, ctx, me, [{ productId: ctx.ticket, quantity: 1 }])).data.order!;
    await startPay(t, orderNo, me, 'active/pay/wxTradePagePay');
    const notify = fakes.wechat.pay(orderNo);
    const real = t.app.deps.now;
    let clock = Date.now() + 11 * 60_000;
    t.app.deps.now = () => new Date(clock);
    try {
      await t.app.orderSweeper.runOnce();
      expect((await status(t, orderNo, me)).data.state).toBe('closed');
      // WeChat is down when the refund is asked for: the receipt is recorded all the same, and WeChat hears SUCCESS.
      fakes.wechat.nextAnswer = { status: 500, body: { code: 'SYSTEM_ERROR', message: '系统繁忙，请稍后重试' } };
      expect((await postNotify(t, 'wechat', notify)).statusCode).toBe(204);
      const [kept] = await receiptsOf(t, orderNo);
      expect(kept).toMatchObject({ reason: 'late', state: 'recorded' });
      expect(kept!.last_error).toContain('SYSTEM_ERROR');
      const shown = (await list(t, ctx)).data.unmatched;
      expect(shown).toEqual([expect.objectContaining({ orderNo, reason: 'late', state: 'recorded', lastError: expect.stringContaining('系统繁忙') })]);
      expect(shown[0]!.retryAt).not.toBeNull();
      expect(await ledgerRowsOf(t, orderNo)).toEqual([{ kind: 'unmatched', amount_fen: 2500, provider: 'wechat' }]);

      // Two minutes later the sweep tries again: WeChat takes it, then finishes it.
      clock += 2 * 60_000;
      await t.app.orderSweeper.runOnce();
      const [again] = await receiptsOf(t, orderNo);
      expect(again).toMatchObject({ state: 'refunding', out_refund_no: kept!.out_refund_no });
      fakes.wechat.finishRefund(again!.out_refund_no);
      await t.app.orderSweeper.runOnce();
      expect(await receiptsOf(t, orderNo)).toMatchObject([{ state: 'refunded', last_error: null }]);
      expect(await ledgerRowsOf(t, orderNo)).toEqual([
        { kind: 'unmatched', amount_fen: 2500, provider: 'wechat' },
        { kind: 'unmatched_refund', amount_fen: -2500, provider: 'wechat' },
      ]);
      expect(await ledgerMismatches(t)).toEqual([]);
    } finally {
      t.app.deps.now = real;
      fakes.wechat.nextAnswer = null;
    }
  });
});
