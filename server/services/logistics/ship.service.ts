import type { TShipResult } from '../../../schemas/api/logistics';
import { LOGISTICS_MESSAGES, type TCarrierCode } from '../../../schemas/logistics/carriers';
import { ORDER_MESSAGES, orderMove, refusalOf, type TOrderState } from '../../../schemas/order/order-states';
import type { Query } from '../../db/client';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import type { Deps } from '../deps';
import { conflict, notFound } from '../errors';
import { sendNoticesNow } from '../notices/notice-send.service';
import { shippingOf } from '../pay/shipping-view';
import { tellShipped } from './ship-notice.service';

/** paid → shipped, from the transition table; a shipped order may be shipped again to correct its carrier or number. */
const SHIP = orderMove('ship');
const SHIPPABLE: TOrderState[] = [...SHIP.from, SHIP.to as TOrderState];

export interface ShipLine {
  orderNo: string;
  carrier: TCarrierCode;
  trackingNo: string;
}
type Shipped = { was: TOrderState; state: TOrderState; carrier: string; tracking_no: string; shipped_at: Date | string };

/**
 * Ship one order of a project: one conditional UPDATE from paid (or shipped, a correction) to shipped with the
 * carrier and number; the first shipping time is kept when corrected. Null when the order is in no such state.
 */
export async function shipLine(q: Query, projectId: number, line: ShipLine, now: Date): Promise<Shipped | null> {
  const [row] = await q<Shipped>(
    `UPDATE orders o SET state = $3, carrier = $5, tracking_no = $6, shipped_at = coalesce(o.shipped_at, $7), updated_at = $7
     FROM (SELECT id, state AS was FROM orders WHERE project_id = $1 AND order_no = $2 FOR UPDATE) b
     WHERE o.id = b.id AND o.state = ANY($4::text[])
     RETURNING b.was, o.state, o.carrier, o.tracking_no, o.shipped_at`,
    [projectId, line.orderNo, SHIP.to, SHIPPABLE, line.carrier, line.trackingNo, now],
  );
  return row ?? null;
}

/** Why an order cannot be shipped now, in the creator's words (订单不存在, 未支付的订单不能发货, 已退款的订单不能发货…). */
export function shipRefusal(state: TOrderState | undefined): string {
  return state === undefined ? LOGISTICS_MESSAGES.notFound : refusalOf(state, 'ship');
}

/** logistics/shipOrder: the edit power; a refusal says why in the order's own state. */
export async function shipOrder(deps: Deps, user: AuthUser | null, body: ShipLine & { questionId: string }): Promise<TShipResult> {
  const { project } = await accessProject(deps.database.query, user, body.questionId, 'edit');
  const now = deps.now();
  const { row, noticed } = await deps.database.transaction(async (q) => {
    const row = await shipLine(q, project.id, body, now);
    // The buyer is told on the first shipping only; a correction of carrier or number tells nothing.
    const noticed = row !== null && row.was !== SHIP.to && (await tellShipped(q, project, body, now));
    return { row, noticed };
  });
  await sendNoticesNow(deps, noticed);
  if (!row) {
    const [order] = await deps.database.query<{ state: TOrderState }>('SELECT state FROM orders WHERE project_id = $1 AND order_no = $2', [
      project.id,
      body.orderNo,
    ]);
    if (!order) throw notFound(ORDER_MESSAGES.notFound);
    throw conflict(shipRefusal(order.state), { state: order.state });
  }
  return { orderNo: body.orderNo, state: row.state, shipping: shippingOf(row)!, corrected: row.was === SHIP.to };
}
