import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TExportJob } from '../../../schemas/api/export-jobs';
import type { TExportLink } from '../../../schemas/api/report';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { cancel, device, order, publishGroupBuy } from './groupbuy-helpers';

/** Issue 20 item 5 for the group-buy: the orders and the summary per pick-up point go to Excel through the export jobs. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'wj-groupbuy-exports-'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual', env: { DATA_DIR: dataDir }, exportRunner: { worker: 'groupbuy', progressIntervalMs: 0 } });
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const ok = <T>(answer: { resultCode: string; resultMsg: string; data: T }) => {
  expect(answer.resultCode, answer.resultMsg).toBe('200');
  return answer.data;
};

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

describe('exportGroupBuyOrders', () => {
  it('writes one row per order line (buyer, point, address, amounts, state) and the summary per pick-up point', async () => {
    const ctx = await publishGroupBuy(t);
    const o = (productId: string, quantity: number) => ({ productId, quantity });
    ok(await order(t, ctx, device(), [o(ctx.orange, 2), o(ctx.tangerine, 1)], 0, '张三'));
    ok(await order(t, ctx, device(), [o(ctx.orange, 1)], 2, '=李四'));
    const gone = ok(await order(t, ctx, device(), [o(ctx.orange, 4)], 1, '王五')).order!.orderNo;
    ok(await cancel(t, ctx, gone));

    const job = ok(await t.call<TExportJob>('activity/question/solitaire/exportGroupBuyOrders', { questionId: ctx.questionId }, ctx.owner.headers));
    expect(job).toMatchObject({ status: 'queued', kind: 'xlsx', fileName: '发布测试_团购订单.xlsx' });
    expect(await t.app.exportRunner.runOnce()).toBe(job.jobId);
    const done = ok(await t.call<TExportJob>('activity/question/getDownload', { jobId: job.jobId }, ctx.owner.headers));
    expect(done.status, done.error ?? '').toBe('done');
    const link = ok(await t.call<TExportLink>('activity/question/getDownloadUrl', { jobId: job.jobId }, ctx.owner.headers));
    const book = await sheets((await t.app.inject({ method: 'GET', url: link.url })).rawPayload);
    expect(Object.keys(book)).toEqual(['订单', '备货汇总']);
    const rows = book['订单']!;
    expect(rows[0]).toEqual([
      '序号',
      '订单号',
      '姓名',
      '手机号',
      '自提点',
      '收货地址',
      '商品',
      '规格',
      '数量',
      '小计（元）',
      '订单金额（元）',
      '状态',
      '下单时间',
      '快递公司',
      '快递单号',
    ]);
    // None of these orders is shipped: the shipping columns (issue 49 item 6) are empty.
    expect(rows.slice(1).every((r) => !r[13] && !r[14])).toBe(true);
    expect(rows.slice(1).map((r) => [r[0], r[2], r[4], r[5], r[6], r[7], r[8], r[9], r[10], r[11]])).toEqual([
      [1, '张三', '东门驿站', '', '赣南脐橙', '10斤装', 2, 116, 161, '待支付'],
      [1, '张三', '东门驿站', '', '四川丑橘', '5斤装', 1, 45, 161, '待支付'],
      [2, "'=李四", '送货上门', '幸福小区 5 栋 302', '赣南脐橙', '10斤装', 1, 58, 58, '待支付'],
      [3, '王五', '3号楼大堂', '', '赣南脐橙', '10斤装', 4, 232, 232, '已关闭'],
    ]);
    expect(book['备货汇总']).toEqual([
      ['商品', '规格', '合计', '东门驿站', '3号楼大堂', '送货上门'],
      ['赣南脐橙', '10斤装', 3, 2, 0, 1],
      ['四川丑橘', '5斤装', 1, 1, 0, 0],
    ]);
  });

  it('needs the report power: a stranger and a logged-out caller are refused', async () => {
    const ctx = await publishGroupBuy(t);
    const stranger = await loginNewUser(t);
    const answer = await t.call('activity/question/solitaire/exportGroupBuyOrders', { questionId: ctx.questionId }, stranger.headers);
    expect(answer.resultCode).not.toBe('200');
    expect(await t.call('activity/question/solitaire/exportGroupBuyOrders', { questionId: ctx.questionId })).toMatchObject({ resultCode: '401' });
  });
});
