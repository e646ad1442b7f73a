import type { TShipping } from '../../../schemas/api/logistics-models';
import { carrierName } from '../../../schemas/logistics/carriers';

/** An order's shipping as its views show it, or null before it is shipped. */
export function shippingOf(order: { carrier: string | null; tracking_no: string | null; shipped_at: Date | string | null }): TShipping | null {
  if (!order.carrier || !order.tracking_no || !order.shipped_at) return null;
  return {
    carrier: order.carrier,
    carrierName: carrierName(order.carrier),
    trackingNo: order.tracking_no,
    shippedAt: new Date(order.shipped_at).toISOString(),
  };
}
