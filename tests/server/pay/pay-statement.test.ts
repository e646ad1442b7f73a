import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TExportJob } from '../../../schemas/api/export-jobs';
import type { TMyOrders, TTradeStatement } from '../../../schemas/api/pay-statement';
import type { TExportLink } from '../../../schemas/api/report';
import type { TSubmitResult } from '../../../schemas/api/write';
import { loginNewUser } from '../../helpers/fixtures';
import { submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { buy, buyer, manage, publishShop, sandboxPay, startPay, type ShopCtx } from './pay-helpers';

/**
 * Issue 21's gaps: the trade statement (from the ledger, by product and by Shanghai day), the buyer's own orders
 * and the orders and reconciliation exports through the export jobs (我的下载).
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'wj-pay-statement-'));
// 23:30 in Shanghai on 11-26; later moved past midnight, so the statement has two days.
let clock = new Date('2026-11-26T15:30:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock, jobs: 'manual', env: { DATA_DIR: dataDir }, exportRunner: { worker: 'pay-statement', progressIntervalMs: 0 } });
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const ok = <T>(answer: { resultCode: string; resultMsg: string; data: T }) => {
  expect(answer.resultCode, answer.resultMsg).toBe('200');
  return answer.data;
};
const statement = (ctx: ShopCtx, headers = ctx.owner.headers) =>
  t.call<TTradeStatement>('question/statement/getTradeStatement', { questionId: ctx.questionId }, headers);

async function paidOrder(ctx: ShopCtx, lines: { productId: string; quantity: number }[]) {
  const me = buyer();
  const { orderNo } = ok(await buy(t, ctx, me, lines)).order!;
  ok(await startPay(t, orderNo, me));
  ok(await sandboxPay(t, orderNo));
  return orderNo;
}

async function sheets(file: Buffer): Promise<Record<string, unknown[][]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const out: Record<string, unknown[][]> = {};
  workbook.eachSheet((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push(Array.from({ length: sheet.columnCount }, (_, i) => (row.values as unknown[])[i + 1] ?? '')));
    out[sheet.name] = rows;
  });
  return out;
}

async function download(job: TExportJob, headers: { token: string }) {
  expect(await t.app.exportRunner.runOnce()).toBe(job.jobId);
  const done = ok(await t.call<TExportJob>('activity/question/getDownload', { jobId: job.jobId }, headers));
  expect(done.status, done.error ?? '').toBe('done');
  const link = ok(await t.call<TExportLink>('activity/question/getDownloadUrl', { jobId: job.jobId }, headers));
  const response = await t.app.inject({ method: 'GET', url: link.url });
  expect(response.statusCode).toBe(200);
  return sheets(response.rawPayload);
}

describe(`the trade statement and exports on ${engineName()}`, () => {
  let ctx: ShopCtx;
  let first: string;
  let second: string;

  beforeAll(async () => {
    clock = new Date('2026-11-26T15:30:00Z');
    ctx = await publishShop(t);
    // 11-26: 2 tickets and a T-shirt, ¥109.90.
    first = await paidOrder(ctx, [
      { productId: ctx.ticket, quantity: 2 },
      { productId: ctx.shirt, quantity: 1 },
    ]);
    clock = new Date('2026-11-26T16:30:00Z');
    // 11-27 (00:30 in Shanghai): one ticket paid, one T-shirt left unpaid, then two refunds of the first order.
    second = await paidOrder(ctx, [{ productId: ctx.ticket, quantity: 1 }]);
    ok(await buy(t, ctx, buyer(), [{ productId: ctx.shirt, quantity: 1 }]));
    ok(await manage(t, ctx, 'refundOrder', { orderNo: first, amountFen: 5495, reason: '退一半' }));
    ok(await manage(t, ctx, 'refundOrder', { orderNo: first, amountFen: 1000, reason: '补退运费' }));
  });

  it('adds up paid, refunded and net from the ledger, by product (refunds shared by line amount) and by day in Shanghai', async () => {
    const st = ok(await statement(ctx));
    expect(st.totals).toEqual({ paidFen: 13490, refundedFen: 6495, netFen: 6995, paidOrders: 2, refundedOrders: 1, orders: 3 });
    // The ¥54.95 refund splits 2500 / 2995; the ¥10.00 one 454 / 545 and its last fen goes to the first line.
    expect(st.byProduct).toEqual([
      { productId: ctx.ticket, title: '门票', spec: '', quantity: 3, orders: 2, paidFen: 7500, refundedFen: 2955, netFen: 4545 },
      { productId: ctx.shirt, title: '纪念T恤', spec: 'L码', quantity: 1, orders: 1, paidFen: 5990, refundedFen: 3540, netFen: 2450 },
    ]);
    expect(st.byDay).toEqual([
      { day: '2026-11-26', paidOrders: 1, paidFen: 10990, refundedFen: 0, netFen: 10990 },
      { day: '2026-11-27', paidOrders: 1, paidFen: 2500, refundedFen: 6495, netFen: -3995 },
    ]);
    // The orders page's summary says the same.
    const summary = ok(await manage<{ summary: object }>(t, ctx, 'getOrderList', {})).summary;
    expect(summary).toEqual({ orders: 2, paidFen: 13490, refundedFen: 6495, netFen: 6995 });
  });

  it('an empty project states zeros; strangers and logged-out callers are refused', async () => {
    const empty = await publishShop(t);
    expect(ok(await statement(empty)).totals).toEqual({ paidFen: 0, refundedFen: 0, netFen: 0, paidOrders: 0, refundedOrders: 0, orders: 0 });
    expect(ok(await statement(empty)).byDay).toEqual([]);
    const stranger = await loginNewUser(t);
    expect((await statement(ctx, stranger.headers)).resultCode).toBe('404');
    expect((await t.call('question/statement/getTradeStatement', { questionId: ctx.questionId })).resultCode).toBe('401');
  });

  it('exports the orders with the list’s filters to Excel in 我的下载', async () => {
    const job = ok(await manage<TExportJob>(t, ctx, 'exportOrders', { state: 'paid' }));
    expect(job).toMatchObject({ status: 'queued', kind: 'xlsx', questionId: ctx.questionId });
    expect(job.fileName).toMatch(/_订单\.xlsx$/);
    const book = await download(job, ctx.owner.headers);
    const rows = book['订单']!;
    expect(rows[0]).toEqual([
      '订单号',
      '下单时间',
      '订单状态',
      '商品明细',
      '订单金额（元）',
      '已退款（元）',
      '买家',
      '联系信息',
      '支付渠道',
      '渠道交易号',
      '支付时间',
      '备注',
      '快递公司',
      '快递单号',
      '发货时间',
    ]);
    // Both paid orders (the first is back in 已支付 after its partial refunds), not the unpaid one.
    expect(rows.slice(1).map((r) => [r[0], r[2], r[3], r[4], r[5], r[7], r[8]])).toEqual([
      [first, '已支付', '门票 × 2；纪念T恤（L码） × 1', 109.9, 64.95, '收货人姓名：王小明；手机号：13800138000', '沙箱'],
      [second, '已支付', '门票 × 1', 25, 0, '收货人姓名：王小明；手机号：13800138000', '沙箱'],
    ]);
    expect(rows[1]![1]).toBe('2026-11-26 23:30:00');
    expect(String(rows[1]![9])).toMatch(/^SBX/);

    const list = ok(await t.call<{ list: { fileName: string }[] }>('activity/question/getDownloadList', {}, ctx.owner.headers));
    expect(list.list.map((j) => j.fileName)).toContain(job.fileName);
  });

  it('exports the reconciliation: every ledger row with the provider’s ids, then one check per order', async () => {
    const job = ok(await manage<TExportJob>(t, ctx, 'exportReconciliation', {}));
    expect(job.fileName).toMatch(/_对账单\.xlsx$/);
    const book = await download(job, ctx.owner.headers);
    expect(Object.keys(book)).toEqual(['资金流水', '订单核对', '异常收款']);
    // No late or double payment here: the sheet has its header only.
    expect(book['异常收款']).toEqual([
      ['订单号', '到账时间', '原因', '金额（元）', '支付渠道', '渠道交易号', '退款单号', '状态', '退回时间', '最近一次退款未成功的原因'],
    ]);
    const ledger = book['资金流水']!;
    expect(ledger[0]).toEqual(['流水时间', '类型', '金额（元）', '支付渠道', '渠道流水号', '订单号', '商户订单号', '渠道交易号', '订单状态']);
    expect(ledger.slice(1).map((r) => [r[0], r[1], r[2], r[5]])).toEqual([
      ['2026-11-26 23:30:00', '收款', 109.9, first],
      ['2026-11-27 00:30:00', '收款', 25, second],
      ['2026-11-27 00:30:00', '退款', -54.95, first],
      ['2026-11-27 00:30:00', '退款', -10, first],
    ]);
    // A payment's reference is the provider's transaction id, the same as the order's.
    expect(ledger[1]![4]).toBe(ledger[1]![7]);
    expect(String(ledger[3]![4])).toMatch(/^SBR/);
    expect(book['订单核对']!.slice(1).map((r) => [r[0], r[2], r[3], r[4], r[5], r[6], r[7]])).toEqual([
      [first, 109.9, 109.9, 64.95, 64.95, 44.95, '一致'],
      [second, 25, 25, 0, 0, 25, '一致'],
    ]);
  });

  it('exports need the report power', async () => {
    const stranger = await loginNewUser(t);
    const refused = await t.call('active/commodity/order/exportReconciliation', { questionId: ctx.questionId }, stranger.headers);
    expect(refused.resultCode).toBe('404');
    expect((await t.call('active/commodity/order/exportOrders', { questionId: ctx.questionId })).resultCode).toBe('401');
  });
});

describe(`my orders on ${engineName()}`, () => {
  it('lists the logged-in buyer’s own orders with state, amount, lines and whether they can still be paid; nobody sees another’s', async () => {
    clock = new Date('2026-11-27T02:00:00Z');
    const ctx = await publishShop(t);
    const me = await loginNewUser(t);
    const other = await loginNewUser(t);
    const submit = (headers: { token: string }, lines: { productId: string; quantity: number }[]) =>
      t.call<TSubmitResult>(
        'active/write/submit',
        {
          questionId: ctx.questionId,
          submissionId: submissionId(),
          deviceId: buyer(),
          durationSeconds: 12,
          answers: { [ctx.shop.uuid]: lines, [ctx.name.uuid]: '李雷', [ctx.phone.uuid]: '13900139000' },
        },
        headers,
      );
    const unpaid = ok(await submit(me.headers, [{ productId: ctx.shirt, quantity: 2 }])).order!;
    clock = new Date('2026-11-27T02:01:00Z');
    const paid = ok(await submit(me.headers, [{ productId: ctx.ticket, quantity: 1 }])).order!;
    ok(await t.call('active/pay/wxTradePay', { orderNo: paid.orderNo, deviceId: 'some-other-device' }, me.headers));
    ok(await sandboxPay(t, paid.orderNo));
    ok(await submit(other.headers, [{ productId: ctx.ticket, quantity: 1 }]));
    // A guest's order (no login) belongs to its device, never to an account's list.
    ok(await buy(t, ctx, buyer(), [{ productId: ctx.ticket, quantity: 1 }]));

    const mine = ok(await t.call<TMyOrders>('active/commodity/order/getMyOrders', {}, me.headers));
    expect(mine.total).toBe(2);
    expect(mine.list.map((o) => [o.orderNo, o.state, o.amountFen, o.payable])).toEqual([
      [paid.orderNo, 'paid', 2500, false],
      [unpaid.orderNo, 'created', 11980, true],
    ]);
    expect(mine.list[1]!.lines).toEqual([{ productId: ctx.shirt, title: '纪念T恤', spec: 'L码', priceFen: 5990, quantity: 2, amountFen: 11980 }]);
    expect(mine.list[1]!.questionId).toBe(ctx.questionId);

    const theirs = ok(await t.call<TMyOrders>('active/commodity/order/getMyOrders', {}, other.headers));
    expect(theirs.list.map((o) => o.orderNo)).not.toContain(paid.orderNo);
    expect(theirs.total).toBe(1);
    expect((await t.call('active/commodity/order/getMyOrders', {})).resultCode).toBe('401');
    expect(ok(await t.call<TMyOrders>('active/commodity/order/getMyOrders', { state: 'paid' }, me.headers)).list.map((o) => o.orderNo)).toEqual([paid.orderNo]);

    // Past its window the unpaid order is closed and no longer payable.
    clock = new Date('2026-11-27T03:00:00Z');
    const later = ok(await t.call<TMyOrders>('active/commodity/order/getMyOrders', {}, me.headers));
    expect(later.list.map((o) => [o.state, o.payable])).toEqual([
      ['paid', false],
      ['closed', false],
    ]);
  });
});
