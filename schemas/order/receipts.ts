/**
 * Unmatched receipts (issue 42 item 3): money a provider took for an order that no longer expected it. A late
 * payment arrived after the payment window closed the order; a double payment is a second, different transaction
 * for an order already paid. Each is refunded in full, automatically, and shown to the creator until the refund
 * succeeds. Zod-free, so any bundle can read the names.
 *
 * recorded (refund not started yet, or waiting to try again) → refunding (asked of the provider) → refunded.
 */
export const RECEIPT_REASONS = ['late', 'double'] as const;
export type TReceiptReason = (typeof RECEIPT_REASONS)[number];

export const RECEIPT_STATES = ['recorded', 'refunding', 'refunded'] as const;
export type TReceiptState = (typeof RECEIPT_STATES)[number];

/** A receipt's moves (the server's conditional UPDATEs take `to` and `from` from here as parameters): start its refund, a refusal puts it back to wait, success settles it. */
export const RECEIPT_MOVES = {
  refund: { from: ['recorded'], to: 'refunding' },
  retry: { from: ['refunding'], to: 'recorded' },
  settle: { from: ['refunding'], to: 'refunded' },
} as const satisfies Record<string, { from: readonly TReceiptState[]; to: TReceiptState }>;

export const RECEIPT_REASON_NAMES: Record<TReceiptReason, string> = {
  late: '订单关闭后到账',
  double: '重复支付',
};

export const RECEIPT_STATE_NAMES: Record<TReceiptState, string> = {
  recorded: '待自动退款',
  refunding: '退款处理中',
  refunded: '已原路退回',
};

/** The reason given to the provider (and so to the payer) with the refund. */
export const RECEIPT_REFUND_REASONS: Record<TReceiptReason, string> = {
  late: '订单已超时关闭，款项原路退回',
  double: '重复支付，款项原路退回',
};
