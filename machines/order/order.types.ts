/** Events of an order's life; the server takes the same moves (schemas/order/order-states.ts). */
export type TOrderEvent =
  | { type: 'order.pay' }
  | { type: 'order.close' }
  | { type: 'order.ship' }
  | { type: 'order.collect' }
  | { type: 'order.finish' }
  | { type: 'order.refund' }
  | { type: 'order.refundDone' }
  | { type: 'order.refundPartial' }
  | { type: 'order.refundFail' };

export interface TOrderContext {
  /** Refunds that succeeded without reaching the amount (for the screen only). */
  partialRefunds: number;
}
