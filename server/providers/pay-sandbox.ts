import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Query } from '../db/client';
import type { SandboxTradeRow } from '../db/rows';
import { sandboxQueryTransfer, sandboxTransfer } from './pay-sandbox-transfer';
import type { PayLaunch, PayNotifyRequest, PayNotifyResult, PayProvider, PayQueryResult, PayRefundResult, PayStart } from './pay';

/** The header the sandbox signs its notify with: HMAC-SHA256 of the raw body under the instance secret (APP_SECRET). */
export const SANDBOX_SIGNATURE = 'x-sandbox-signature';

/** The sandbox's notify body, signed as these exact bytes. */
export interface SandboxNotifyBody {
  outTradeNo: string;
  transactionId: string;
  amountFen: number;
  state: 'paid';
}

/** What the cashier page needs, and what deciding on it leads to. */
export interface SandboxCashier {
  trade(outTradeNo: string): Promise<SandboxTradeRow | null>;
  /**
   * The payer pressed 「确认支付」: the sandbox records the trade paid (once) and hands back the signed notify it
   * posts to the trade's notify URL; 「模拟失败」 changes nothing and only sends the payer back.
   */
  decide(outTradeNo: string, outcome: 'pay' | 'fail', now: Date): Promise<{ trade: SandboxTradeRow; notify: PayNotifyRequest | null } | null>;
}

const sign = (secret: string, body: string) => createHmac('sha256', `sandbox-pay:${secret}`).update(body).digest('hex');

/**
 * The built-in pay provider (issue 21 item 2): works end to end with no account anywhere. It keeps its own
 * trades (sandbox_trades), shows its own cashier (/pay/sandbox/{outTradeNo}), and posts a notify signed with the
 * instance secret; `query` answers from its own table, so an order is found paid even when no notify arrived.
 */
export function sandboxPayProvider(query: Query, secret: string): PayProvider & SandboxCashier {
  return {
    name: 'sandbox',
    async start(input: PayStart): Promise<PayLaunch> {
      await query(
        `INSERT INTO sandbox_trades (out_trade_no, amount_fen, description, notify_url, return_url, expires_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (out_trade_no) DO UPDATE SET notify_url = excluded.notify_url, return_url = excluded.return_url WHERE sandbox_trades.state = 'unpaid'`,
        [input.outTradeNo, input.amountFen, input.description, input.notifyUrl, input.returnUrl, input.expiresAt ?? null],
      );
      return { kind: 'redirect', url: `${new URL(input.returnUrl).origin}/pay/sandbox/${encodeURIComponent(input.outTradeNo)}` };
    },
    async verifyNotify(request: PayNotifyRequest): Promise<PayNotifyResult> {
      const given = request.headers[SANDBOX_SIGNATURE] ?? '';
      const expected = sign(secret, request.body);
      if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return { ok: false, reason: 'signature' };
      let body: SandboxNotifyBody;
      try {
        body = JSON.parse(request.body) as SandboxNotifyBody;
      } catch {
        return { ok: false, reason: 'format' };
      }
      if (typeof body?.outTradeNo !== 'string' || typeof body.transactionId !== 'string' || !Number.isInteger(body.amountFen))
        return { ok: false, reason: 'format' };
      return { ok: true, outTradeNo: body.outTradeNo, transactionId: body.transactionId, amountFen: body.amountFen, state: 'paid' };
    },
    notifyAnswer: (ok) => ({ status: ok ? 200 : 400, contentType: 'application/json', body: JSON.stringify({ code: ok ? 'SUCCESS' : 'FAIL' }) }),
    async query(outTradeNo): Promise<PayQueryResult> {
      const [row] = await query<SandboxTradeRow>('SELECT * FROM sandbox_trades WHERE out_trade_no = $1', [outTradeNo]);
      if (!row) return { state: 'unknown' };
      return { state: row.state, transactionId: row.transaction_id ?? undefined, amountFen: row.amount_fen };
    },
    async refund(input): Promise<PayRefundResult> {
      const rows = await query(
        `UPDATE sandbox_trades SET refunded_fen = refunded_fen + $2 WHERE out_trade_no = $1 AND state = 'paid' AND refunded_fen + $2 <= amount_fen RETURNING 1`,
        [input.outTradeNo, input.refundFen],
      );
      return rows.length ? { state: 'success', refundId: `SBR${randomBytes(8).toString('hex')}` } : { state: 'failed' };
    },
    transfer: (input) => sandboxTransfer(query, input, new Date()),
    queryTransfer: (outBatchNo) => sandboxQueryTransfer(query, outBatchNo),
    async close(outTradeNo) {
      await query(`UPDATE sandbox_trades SET state = 'closed' WHERE out_trade_no = $1 AND state = 'unpaid'`, [outTradeNo]);
    },
    async trade(outTradeNo) {
      const [row] = await query<SandboxTradeRow>('SELECT * FROM sandbox_trades WHERE out_trade_no = $1', [outTradeNo]);
      return row ?? null;
    },
    async decide(outTradeNo, outcome, now) {
      if (outcome === 'pay') {
        await query(
          `UPDATE sandbox_trades SET state = 'paid', transaction_id = $2, paid_at = $3 WHERE out_trade_no = $1 AND state = 'unpaid' AND (expires_at IS NULL OR expires_at > $3)`,
          [outTradeNo, `SBX${randomBytes(10).toString('hex')}`, now],
        );
      }
      const [trade] = await query<SandboxTradeRow>('SELECT * FROM sandbox_trades WHERE out_trade_no = $1', [outTradeNo]);
      if (!trade) return null;
      if (outcome === 'fail' || trade.state !== 'paid') return { trade, notify: null };
      const body = JSON.stringify({ outTradeNo, transactionId: trade.transaction_id!, amountFen: trade.amount_fen, state: 'paid' } satisfies SandboxNotifyBody);
      return { trade, notify: { headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE]: sign(secret, body) }, body } };
    },
  };
}

/** A signature for a body, as the sandbox makes it (tests forge good and bad notifies with it). */
export const sandboxSignature = sign;
