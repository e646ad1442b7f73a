import { PayProviderError, type TransferResult, type TransferStart } from './pay';
import { cutUtf8 } from './pay-money';

/** WeChat's batch states (商家转账到零钱, /v3/transfer/batches): only FINISHED and CLOSED are final. */
const BATCH_STATES: Record<string, TransferResult['state']> = { ACCEPTED: 'processing', PROCESSING: 'processing', FINISHED: 'success', CLOSED: 'failed' };

type Call = (method: 'GET' | 'POST', path: string, payload?: object) => Promise<{ status: number; data: Record<string, unknown> }>;

/**
 * One payout as a batch of one (发起商家转账): out_batch_no is the idempotency key — WeChat answers a repeated batch
 * with the first one's state and never pays it twice — and out_detail_no the same number. The payee is an openid
 * of the merchant's appid. ACCEPTED/PROCESSING is "processing"; sending the same batch again asks where it is.
 */
export async function wechatTransfer(call: Call, appid: string, input: TransferStart): Promise<TransferResult> {
  if (!/^[\w-]{6,128}$/.test(input.payee)) return { state: 'failed', failReason: '收款人不是微信用户（没有 openid）' };
  const { data } = await call('POST', '/v3/transfer/batches', {
    appid,
    out_batch_no: input.outBatchNo,
    batch_name: cutUtf8(input.remark, 32),
    batch_remark: cutUtf8(input.remark, 32),
    total_amount: input.amountFen,
    total_num: 1,
    transfer_detail_list: [
      { out_detail_no: input.outBatchNo, transfer_amount: input.amountFen, transfer_remark: cutUtf8(input.remark, 32), openid: input.payee },
    ],
  });
  const state = BATCH_STATES[String(data.batch_status)];
  if (!state) return { state: 'failed', failReason: `微信支付转账应答状态未知：${String(data.batch_status)}` };
  const failReason = state === 'failed' ? (typeof data.close_reason === 'string' ? `转账已关闭：${data.close_reason}` : '转账已关闭') : undefined;
  return { state, ...(typeof data.batch_id === 'string' ? { transferId: data.batch_id } : {}), ...(failReason ? { failReason } : {}) };
}

/** A finished batch's one detail (need_query_detail=true): SUCCESS paid, FAIL not; anything else still running. */
const DETAIL_STATES: Record<string, TransferResult['state']> = {
  SUCCESS: 'success',
  FAIL: 'failed',
  INIT: 'processing',
  WAIT_PAY: 'processing',
  PROCESSING: 'processing',
};

/**
 * 通过商家批次单号查询批次单 (GET /v3/transfer/batches/out-batch-no/{no}?need_query_detail=true): where a payout
 * that answered "processing" is now. The batch of one is paid when it is FINISHED and its detail SUCCESS; failed
 * when CLOSED or its detail FAIL; still processing otherwise, and when WeChat does not know the number (yet).
 */
export async function wechatQueryTransfer(call: Call, outBatchNo: string): Promise<TransferResult> {
  let data: Record<string, unknown>;
  try {
    ({ data } = await call('GET', `/v3/transfer/batches/out-batch-no/${encodeURIComponent(outBatchNo)}?need_query_detail=true&detail_status=ALL`));
  } catch (error) {
    if (error instanceof PayProviderError && (error.providerCode === 'RESOURCE_NOT_EXISTS' || error.providerCode === 'NOT_FOUND'))
      return { state: 'processing' };
    throw error;
  }
  const batch = (data.transfer_batch ?? {}) as Record<string, unknown>;
  if (batch.out_batch_no !== outBatchNo) throw new PayProviderError('wechat', 'format', '微信支付转账查询应答不是这笔转账');
  const transferId = typeof batch.batch_id === 'string' ? { transferId: batch.batch_id } : {};
  const state = BATCH_STATES[String(batch.batch_status)];
  if (!state) return { state: 'processing', ...transferId };
  if (state === 'failed')
    return { state, ...transferId, failReason: typeof batch.close_reason === 'string' ? `转账已关闭：${batch.close_reason}` : '转账已关闭' };
  if (state === 'processing') return { state, ...transferId };
  const details = Array.isArray(data.transfer_detail_list) ? (data.transfer_detail_list as Record<string, unknown>[]) : [];
  const detail = DETAIL_STATES[String(details[0]?.detail_status)] ?? 'processing';
  return detail === 'failed' ? { state: 'failed', ...transferId, failReason: '微信转账失败（收款人账户异常或未实名）' } : { state: detail, ...transferId };
}
