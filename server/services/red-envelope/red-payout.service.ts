import { RED_MESSAGES } from '../../../schemas/red-envelope/rules';
import type { Query } from '../../db/client';
import type { RedEnvelopePayoutRow } from '../../db/rows';
import { PayProviderError, type PayProvider } from '../../providers/pay';
import type { PayProviders } from '../../providers/pay-from-env';

/** Who pays envelopes out: the provider taking WeChat payments now, if it can transfer (the sandbox or WeChat Pay). */
export function transferProviderOf(pay: PayProviders): (PayProvider & Required<Pick<PayProvider, 'transfer'>>) | null {
  const provider = pay.forMethod('wechat');
  return provider?.transfer ? (provider as PayProvider & Required<Pick<PayProvider, 'transfer'>>) : null;
}

type Payout = Pick<RedEnvelopePayoutRow, 'id' | 'amount_fen' | 'payee' | 'out_batch_no'>;

/**
 * Send one approved payout through the provider's transfer and record the outcome: paid, still paying, or
 * failed with its reason (retryable: retryRedPacket sends the same out_batch_no again, so it is never paid
 * twice). Only a payout still 'paying' or 'failed' is touched.
 */
export async function sendPayout(query: Query, pay: PayProviders, payout: Payout, now: Date): Promise<RedEnvelopePayoutRow> {
  const provider = transferProviderOf(pay);
  let state: 'paid' | 'paying' | 'failed';
  let transferId: string | null = null;
  let failReason: string | null = null;
  if (!provider) {
    state = 'failed';
    failReason = RED_MESSAGES.noTransfer;
  } else if (provider.name !== 'sandbox' && /^(user|sheet|ballot):/.test(payout.payee)) {
    state = 'failed';
    failReason = RED_MESSAGES.noPayee;
  } else {
    try {
      const result = await provider.transfer({ outBatchNo: payout.out_batch_no, amountFen: payout.amount_fen, payee: payout.payee, remark: '问卷红包' });
      state = result.state === 'success' ? 'paid' : result.state === 'processing' ? 'paying' : 'failed';
      transferId = result.transferId ?? null;
      failReason = result.failReason ?? (state === 'failed' ? '转账失败' : null);
    } catch (error) {
      state = 'failed';
      failReason = error instanceof PayProviderError ? error.message : '转账接口无法访问';
    }
  }
  const [row] = await query<RedEnvelopePayoutRow>(
    `UPDATE red_envelope_payouts SET state = $2, transfer_id = coalesce($3, transfer_id), fail_reason = $4, provider = $5, attempts = attempts + 1,
       paid_at = CASE WHEN $2 = 'paid' THEN $6::timestamptz ELSE paid_at END, updated_at = $6
     WHERE id = $1 AND state IN ('paying', 'failed') RETURNING *`,
    [payout.id, state, transferId, failReason, provider?.name ?? null, now],
  );
  return row!;
}
