/**
 * Pay providers (issue 21): one interface for the built-in sandbox, WeChat Pay API v3 and Alipay. The order
 * service (server/services/pay/) owns orders, states and the ledger; a provider only talks to its payment
 * system: start a payment, verify a notify, ask about a trade, refund. Amounts are integer fen everywhere.
 */

export type PayProviderName = 'sandbox' | 'wechat' | 'alipay';

/** How the payer's browser pays: WeChat JSAPI (in WeChat), H5 (phone browser), Native (QR); Alipay page / wap. */
export type PayScene = 'jsapi' | 'h5' | 'native' | 'page' | 'wap';

export interface PayStart {
  /** Our order number, unique per order and payment attempt (out_trade_no). */
  outTradeNo: string;
  amountFen: number;
  /** Shown by the cashier (≤ 127 bytes for WeChat). */
  description: string;
  /** Absolute URL the provider posts its notify to. */
  notifyUrl: string;
  /** Absolute URL the payer's browser comes back to (never trusted as proof of payment). */
  returnUrl: string;
  scene: PayScene;
  /** WeChat JSAPI only. */
  payerOpenId?: string;
  /** The payer's address, which WeChat H5 requires. */
  payerIp?: string;
  /** When the provider should stop accepting payment for it. */
  expiresAt?: Date;
}

/** What the browser needs to pay: a page to open, a QR code's content, or WeChat JSAPI's parameters. */
export type PayLaunch = { kind: 'redirect'; url: string } | { kind: 'qr'; codeUrl: string } | { kind: 'jsapi'; params: Record<string, string> };

/** A notify as it arrived: the raw body (signatures cover the exact bytes) and its headers, lower-cased. */
export interface PayNotifyRequest {
  headers: Record<string, string | undefined>;
  body: string;
}

/** A verified notify. Anything that fails verification is `{ ok: false }` and changes nothing. */
export type PayNotifyResult =
  | { ok: true; outTradeNo: string; transactionId: string; amountFen: number; state: 'paid' | 'closed' | 'unpaid' }
  | { ok: false; reason: 'signature' | 'format' | 'decrypt' | 'merchant' };

export interface PayQueryResult {
  state: 'paid' | 'unpaid' | 'closed' | 'unknown';
  transactionId?: string;
  amountFen?: number;
}

export interface PayRefundStart {
  outTradeNo: string;
  outRefundNo: string;
  refundFen: number;
  totalFen: number;
  reason?: string;
}

export interface PayRefundResult {
  state: 'success' | 'processing' | 'failed';
  refundId?: string;
}

export interface PayProvider {
  readonly name: PayProviderName;
  start(input: PayStart): Promise<PayLaunch>;
  /** Verify (signature, merchant, decryption) before anything is believed. */
  verifyNotify(request: PayNotifyRequest): Promise<PayNotifyResult>;
  /** What the provider answers its notify with, so it stops (ok) or retries (not ok). */
  notifyAnswer(ok: boolean): { status: number; contentType: string; body: string };
  /** Asked when no notify has come (getOrderStatus): the provider's own record is the truth. */
  query(outTradeNo: string): Promise<PayQueryResult>;
  refund(input: PayRefundStart): Promise<PayRefundResult>;
  /**
   * A refund that answered "processing", asked again (the refund follow-up sweep). Only a final answer settles
   * it: a refund the provider does not know (yet) is still "processing". A provider whose refunds always end at
   * once (the sandbox) has none.
   */
  queryRefund?(input: { outTradeNo: string; outRefundNo: string }): Promise<PayRefundResult>;
  /** Stop a trade (the order closed unpaid); a provider that cannot is a no-op. */
  close(outTradeNo: string): Promise<void>;
  /** Pay money out to a person (red envelopes): the sandbox and WeChat Pay's 商家转账; absent where a provider cannot. */
  transfer?(input: TransferStart): Promise<TransferResult>;
  /**
   * A transfer that answered "processing" (WeChat's batch ACCEPTED / PROCESSING), asked again by its out_batch_no
   * (the red envelope payout follow-up, server/jobs/red-payout-followup.ts). A transfer the provider does not
   * know (yet) is still "processing".
   */
  queryTransfer?(outBatchNo: string): Promise<TransferResult>;
}

/** One payout. `outBatchNo` is its idempotency key: the same number again never pays twice. */
export interface TransferStart {
  outBatchNo: string;
  amountFen: number;
  /** A WeChat openid of the merchant's appid; the sandbox also takes `user:<id>` / `sheet:<publicId>`. */
  payee: string;
  /** Shown to the payee (≤ 32 characters for WeChat). */
  remark: string;
}

export interface TransferResult {
  /** 'processing': accepted, not final yet (WeChat's batch is still running). */
  state: 'success' | 'processing' | 'failed';
  transferId?: string;
  failReason?: string;
}

/** The provider could not be reached or refused the call; the order stays as it was. */
export class PayProviderError extends Error {
  constructor(
    public readonly provider: PayProviderName,
    public readonly providerCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'PayProviderError';
  }
}
