import { carrierName } from '../../schemas/logistics/carriers';
import type { Writable } from 'node:stream';
import { excel } from '../lazy-packages';
import { ZOrderExportFilter } from '../../schemas/api/pay-statement';
import { ORDER_STATE_NAMES, type TOrderState } from '../../schemas/order/order-states';
import { formatProjectTime } from '../../schemas/project-time';
import type { Query } from '../db/client';
import type { OrderLineRow, OrderRow, UnmatchedReceiptRow } from '../db/rows';
import { RECEIPT_REASON_NAMES, RECEIPT_STATE_NAMES } from '../../schemas/order/receipts';
import { orderFilterSql } from '../services/pay/order-filter';
import { safeCell } from '../services/report/report-export';
import { col, defineSql } from '../db/sql';

/**
 * A payment project's orders (export_jobs.report 'orders', the filters of /online/list.html) and its
 * reconciliation (export_jobs.report 'reconciliation': every ledger row against its order and the provider's
 * transaction ids, then one check row per paid order, then the late and double payments and whether each went
 * back). Amounts in yuan with two decimals (from integer fen),
 * times in Asia/Shanghai; text cells go through safeCell (reliability rule 6).
 */
export const ORDERS_HEAD = [
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
];
export const LEDGER_HEAD = ['流水时间', '类型', '金额（元）', '支付渠道', '渠道流水号', '订单号', '商户订单号', '渠道交易号', '订单状态'];
export const CHECK_HEAD = ['订单号', '渠道交易号', '订单金额（元）', '收款流水（元）', '退款流水（元）', '订单已退款（元）', '净收入（元）', '核对结果'];
export const PROVIDER_NAMES: Record<string, string> = { sandbox: '沙箱', wechat: '微信支付', alipay: '支付宝' };
const KIND_NAMES: Record<string, string> = { payment: '收款', refund: '退款', fee: '手续费', unmatched: '异常收款', unmatched_refund: '异常收款退回' };
export const RECEIPT_HEAD = ['订单号', '到账时间', '原因', '金额（元）', '支付渠道', '渠道交易号', '退款单号', '状态', '退回时间', '最近一次退款未成功的原因'];
const BATCH = 500;

type Work = { query: Query; projectId: number; out: Writable; progress: (share: number) => Promise<void>; options: unknown };

/** Integer fen as a yuan number (10990 → 109.9; Excel shows it as a number that sums). */
const yuan = (fen: number) => Math.round(fen) / 100;
const provider = (name: string | null) => (name ? (PROVIDER_NAMES[name] ?? safeCell(name)) : '');
const state = (s: string) => ORDER_STATE_NAMES[s as TOrderState] ?? s;

const countOrders = defineSql('order-export.count', { n: col.bigint }, (where: string) => `SELECT count(*) AS n FROM orders o WHERE ${where}`, [
  ['o.project_id = $1'],
]);

export async function writeOrdersExport(work: Work): Promise<void> {
  const { query, projectId, out, progress } = work;
  const parsed = ZOrderExportFilter.safeParse((work.options as { filter?: unknown } | null)?.filter ?? {});
  const { where, params } = orderFilterSql(projectId, parsed.success ? parsed.data : {});
  const [count] = await countOrders.run(query, params, where);
  const total = Math.max(Number(count?.n ?? 0), 1);
  const ExcelJS = await excel();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('订单');
  sheet.addRow(ORDERS_HEAD).commit();
  let last = 0;
  let n = 0;
  for (;;) {
    const rows = await query<OrderRow>(`SELECT o.* FROM orders o WHERE ${where} AND o.id > $${params.length + 1} ORDER BY o.id LIMIT ${BATCH}`, [
      ...params,
      last,
    ]);
    if (!rows.length) break;
    const lines = await query<OrderLineRow>('SELECT * FROM order_lines WHERE order_id = ANY($1::int[]) ORDER BY id', [rows.map((r) => r.id)]);
    for (const o of rows) {
      const items = lines
        .filter((l) => l.order_id === o.id)
        .map((l) => `${l.title}${l.spec ? `（${l.spec}）` : ''} × ${l.quantity}`)
        .join('；');
      sheet
        .addRow([
          o.order_no,
          formatProjectTime(o.created_at),
          state(o.state),
          safeCell(items),
          yuan(o.amount_fen),
          yuan(o.refunded_fen),
          o.user_id ? `用户 ${o.user_id}` : `访客 ${o.device_id.slice(0, 8)}`,
          safeCell(o.contact.map((c) => `${c.label}：${c.value}`).join('；')),
          provider(o.provider),
          safeCell(o.transaction_id ?? ''),
          o.paid_at ? formatProjectTime(o.paid_at) : '',
          safeCell(o.remark),
          carrierName(o.carrier),
          safeCell(o.tracking_no ?? ''),
          o.shipped_at ? formatProjectTime(o.shipped_at) : '',
        ])
        .commit();
    }
    n += rows.length;
    last = rows[rows.length - 1]!.id;
    await progress(Math.min(n / total, 1) * 0.95);
  }
  sheet.commit();
  await workbook.commit();
}

const writeReconciliationExportSql = defineSql(
  'order-export.writeReconciliationExport',
  {
    order_no: col.text,
    transaction_id: col.text.orNull(),
    amount_fen: col.int,
    refunded_fen: col.int,
    state: col.text,
    paid: col.bigint,
    refunded: col.bigint,
  },
  `SELECT o.order_no, o.transaction_id, o.amount_fen, o.refunded_fen, o.state,
            coalesce(sum(lg.amount_fen) FILTER (WHERE lg.kind = 'payment'), 0) AS paid,
            coalesce(-sum(lg.amount_fen) FILTER (WHERE lg.kind = 'refund'), 0) AS refunded
     FROM orders o JOIN ledger lg ON lg.order_id = o.id AND lg.kind IN ('payment', 'refund') WHERE o.project_id = $1
     GROUP BY o.id ORDER BY o.id`,
);

const ledgerSql = defineSql(
  'order-export.ledger',
  {
    ...{ id: col.bigint, created_at: col.timestamp, kind: col.text, amount_fen: col.int, provider: col.text, reference: col.text },
    ...{ order_no: col.text, out_trade_no: col.text.orNull(), transaction_id: col.text.orNull(), state: col.text },
  },
  `SELECT lg.id, lg.created_at, lg.kind, lg.amount_fen, lg.provider, lg.reference, o.order_no, o.out_trade_no, o.transaction_id, o.state
       FROM ledger lg JOIN orders o ON o.id = lg.order_id WHERE lg.project_id = $1 AND lg.id > $2 ORDER BY lg.id LIMIT ${BATCH}`,
);

export async function writeReconciliationExport(work: Work): Promise<void> {
  const { query, projectId, out, progress } = work;
  const ExcelJS = await excel();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const ledgerSheet = workbook.addWorksheet('资金流水');
  ledgerSheet.addRow(LEDGER_HEAD).commit();
  let last = 0;
  for (;;) {
    const rows = await ledgerSql.run(query, [projectId, last]);
    if (!rows.length) break;
    for (const r of rows) {
      ledgerSheet
        .addRow([
          formatProjectTime(r.created_at),
          KIND_NAMES[r.kind] ?? r.kind,
          yuan(r.amount_fen),
          provider(r.provider),
          safeCell(r.reference),
          r.order_no,
          safeCell(r.out_trade_no ?? ''),
          safeCell(r.transaction_id ?? ''),
          state(r.state),
        ])
        .commit();
    }
    last = Number(rows[rows.length - 1]!.id);
  }
  ledgerSheet.commit();
  await progress(0.5);

  // One row per order with money on the ledger: what the ledger says against what the order holds.
  const checkSheet = workbook.addWorksheet('订单核对');
  checkSheet.addRow(CHECK_HEAD).commit();
  const checks = await writeReconciliationExportSql.run(query, [projectId]);
  for (const c of checks) {
    const paid = Number(c.paid);
    const refunded = Number(c.refunded);
    const result = c.state === 'refunding' ? '退款处理中' : paid === c.amount_fen && refunded === c.refunded_fen ? '一致' : '不一致';
    checkSheet
      .addRow([
        c.order_no,
        safeCell(c.transaction_id ?? ''),
        yuan(c.amount_fen),
        yuan(paid),
        yuan(refunded),
        yuan(c.refunded_fen),
        yuan(paid - refunded),
        result,
      ])
      .commit();
  }
  checkSheet.commit();
  await progress(0.8);

  // Money that arrived for an order that no longer expected it: every one, with whether it went back yet.
  const receiptSheet = workbook.addWorksheet('异常收款');
  receiptSheet.addRow(RECEIPT_HEAD).commit();
  const receipts = await query<UnmatchedReceiptRow & { order_no: string }>(
    'SELECT r.*, o.order_no FROM unmatched_receipts r JOIN orders o ON o.id = r.order_id WHERE r.project_id = $1 ORDER BY r.id',
    [projectId],
  );
  for (const r of receipts) {
    receiptSheet
      .addRow([
        r.order_no,
        formatProjectTime(r.created_at),
        RECEIPT_REASON_NAMES[r.reason] ?? r.reason,
        yuan(r.amount_fen),
        provider(r.provider),
        safeCell(r.transaction_id),
        safeCell(r.out_refund_no),
        RECEIPT_STATE_NAMES[r.state] ?? r.state,
        r.settled_at ? formatProjectTime(r.settled_at) : '',
        safeCell(r.state === 'refunded' ? '' : (r.last_error ?? '')),
      ])
      .commit();
  }
  receiptSheet.commit();
  await workbook.commit();
}
