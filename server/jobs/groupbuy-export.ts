import { carrierName } from '../../schemas/logistics/carriers';
import type { Writable } from 'node:stream';
import { excel } from '../lazy-packages';
import { ORDER_STATE_NAMES } from '../../schemas/order/order-states';
import { formatProjectTime } from '../../schemas/project-time';
import type { Query } from '../db/client';
import { readGroupBuy } from '../services/groupbuy/groupbuy-project.service';
import { groupBuyOrders, manageOrder, summaryOf } from '../services/groupbuy/groupbuy-orders.service';
import { safeCell } from '../services/report/report-export';

/**
 * A group-buy's orders (export_jobs.report 'groupBuyOrders'), two sheets: 订单, one row per order line with the
 * order's number, buyer, phone, pick-up point or address, amount in yuan and state; 备货汇总, per product (spec)
 * the units of live orders split per pick-up point. Text cells go through safeCell (reliability rule 6).
 */
export const GROUP_BUY_ORDER_HEAD = [
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
];
const yuan = (fen: number) => Number((fen / 100).toFixed(2));

export async function writeGroupBuyExport(work: { query: Query; projectId: number; out: Writable; progress: (share: number) => Promise<void> }): Promise<void> {
  const { query, projectId, out, progress } = work;
  const [gb, rows] = await Promise.all([readGroupBuy(query, projectId), groupBuyOrders(query, projectId)]);
  const ExcelJS = await excel();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('订单');
  sheet.addRow(GROUP_BUY_ORDER_HEAD).commit();
  for (const row of rows) {
    const o = manageOrder(row, gb.shape);
    for (const l of o.lines) {
      sheet
        .addRow([
          o.seq,
          o.orderNo,
          safeCell(o.name),
          safeCell(o.phone),
          safeCell(o.point),
          safeCell(o.address),
          safeCell(l.title),
          safeCell(l.spec),
          l.quantity,
          yuan(l.amountFen),
          yuan(o.amountFen),
          ORDER_STATE_NAMES[o.state],
          formatProjectTime(o.createdAt),
          carrierName(row.carrier),
          safeCell(row.tracking_no ?? ''),
        ])
        .commit();
    }
  }
  sheet.commit();
  await progress(0.5);
  const summary = summaryOf(rows, gb.shape);
  const sums = workbook.addWorksheet('备货汇总');
  sums.addRow(['商品', '规格', '合计', ...summary.points.map(safeCell)]).commit();
  for (const r of summary.rows) sums.addRow([safeCell(r.title), safeCell(r.spec), r.total, ...r.byPoint]).commit();
  sums.commit();
  await workbook.commit();
  await progress(1);
}
