import type { TBatchShipResult, TBatchShipRow } from '../../../schemas/api/logistics';
import { LOGISTICS_MESSAGES, TRACKING_NO, carrierName, carrierOf, type TCarrierCode } from '../../../schemas/logistics/carriers';
import type { TOrderState } from '../../../schemas/order/order-states';
import type { Query } from '../../db/client';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import type { Deps } from '../deps';
import { readShipSheet, type SheetShipRow } from './batch-ship-sheet';
import { shipLine, shipRefusal } from './ship.service';
import { tellShipped, type ShippedProject } from './ship-notice.service';
import { sendNoticesNow } from '../notices/notice-send.service';

type OrderNow = { order_no: string; state: TOrderState; carrier: string | null; tracking_no: string | null };

/** A row checked against the sheet's own form and the project's orders: what it would do, or why it cannot. */
function checkRow(row: SheetShipRow, orders: ReadonlyMap<string, OrderNow>, seen: Set<string>): TBatchShipRow {
  const carrier = carrierOf(row.carrier);
  const trackingNo = row.trackingNo.toUpperCase();
  const out: TBatchShipRow = {
    row: row.row,
    orderNo: row.orderNo,
    carrier: carrier ?? '',
    carrierName: carrierName(carrier) || row.carrier,
    trackingNo,
    action: null,
    message: '',
  };
  const order = orders.get(row.orderNo);
  const refuse = (message: string) => ({ ...out, message });
  if (!/^\d{20}$/.test(row.orderNo)) return refuse(row.orderNo ? '订单号无效' : '缺少订单号');
  if (seen.has(row.orderNo)) return refuse('订单号在表格中重复');
  seen.add(row.orderNo);
  if (!order) return refuse(LOGISTICS_MESSAGES.notFound);
  if (!carrier) return refuse(row.carrier ? LOGISTICS_MESSAGES.unknownCarrier : LOGISTICS_MESSAGES.carrier);
  if (!TRACKING_NO.test(trackingNo)) return refuse(LOGISTICS_MESSAGES.trackingNo);
  if (order.state === 'paid') return { ...out, action: 'ship', message: '待发货' };
  if (order.state !== 'shipped') return refuse(shipRefusal(order.state));
  const same = order.carrier === carrier && order.tracking_no === trackingNo;
  return { ...out, action: same ? 'same' : 'correct', message: same ? '已发货，单号相同' : '已发货，将修改物流信息' };
}

async function ordersOf(q: Query, projectId: number, orderNos: string[]): Promise<Map<string, OrderNow>> {
  const rows = await q<OrderNow>('SELECT order_no, state, carrier, tracking_no FROM orders WHERE project_id = $1 AND order_no = ANY($2::text[])', [
    projectId,
    orderNos,
  ]);
  return new Map(rows.map((r) => [r.order_no, r]));
}

/**
 * logistics/batchShip: an Excel sheet (订单号, 快递公司, 快递单号) checked row by row — unknown orders, wrong states,
 * bad carriers or numbers each named at their row. The preview writes nothing; confirming ships each row that
 * passes with the one conditional UPDATE of shipOrder (an order that moved meanwhile is reported, not shipped).
 */
export async function batchShip(deps: Deps, user: AuthUser | null, body: { questionId: string; xlsx: string; confirm: boolean }): Promise<TBatchShipResult> {
  const { project } = await accessProject(deps.database.query, user, body.questionId, 'edit');
  const sheet = await readShipSheet(body.xlsx);
  const orders = await ordersOf(
    deps.database.query,
    project.id,
    sheet.map((r) => r.orderNo).filter((n) => /^\d{20}$/.test(n)),
  );
  const seen = new Set<string>();
  let rows = sheet.map((r) => checkRow(r, orders, seen));
  let noticed = false;
  if (body.confirm) {
    const shipped = await deps.database.transaction((q) => shipRows(q, project, rows, deps.now()));
    rows = shipped.rows;
    noticed = shipped.noticed;
  }
  await sendNoticesNow(deps, noticed);
  const ok = rows.filter((r) => r.action !== null).length;
  return { rows, ok, failed: rows.length - ok, confirmed: body.confirm };
}

async function shipRows(q: Query, project: ShippedProject, rows: TBatchShipRow[], now: Date): Promise<{ rows: TBatchShipRow[]; noticed: boolean }> {
  const out: TBatchShipRow[] = [];
  let noticed = false;
  for (const row of rows) {
    if (row.action === null || row.action === 'same') {
      out.push(row);
      continue;
    }
    const line = { orderNo: row.orderNo, carrier: row.carrier as TCarrierCode, trackingNo: row.trackingNo };
    const done = await shipLine(q, project.id, line, now);
    if (done && done.was !== 'shipped' && (await tellShipped(q, project, line, now))) noticed = true;
    out.push(done ? { ...row, message: row.action === 'ship' ? '已发货' : '已修改' } : { ...row, action: null, message: '订单状态已变化，未发货' });
  }
  return { rows: out, noticed };
}
