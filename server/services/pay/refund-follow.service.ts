import type { Database } from '../../db/client';
import type { PayProviders } from '../../providers/pay-from-env';
import { settleRefund } from './refund-settle.service';
import { col, defineSql } from '../../db/sql';

const FOLLOW_BATCH = 100;

const processingSql = defineSql(
  'refund-follow.processing',
  { order_id: col.int, out_refund_no: col.text, out_trade_no: col.text.orNull(), provider: col.text.orNull() },
  (ofProject: boolean) => `SELECT r.order_id, r.out_refund_no, o.out_trade_no, o.provider FROM order_refunds r JOIN orders o ON o.id = r.order_id
     WHERE r.state = 'processing' ${ofProject ? 'AND o.project_id = $2' : ''} ORDER BY r.id LIMIT $1`,
  [[true], [false]],
);

/**
 * Refunds the provider answered "processing" (Alipay's fund_change N, WeChat's PROCESSING), asked again until
 * they end: by the sweep on a timer and when the creator opens the project's orders. Only a final answer moves
 * anything, through settleRefund (one conditional UPDATE of the refund row): the order leaves refunding exactly
 * once and the ledger gets its row only on success, however many sweeps ask at once. A provider that cannot be
 * reached now is asked again next time.
 */
export async function followUpRefunds(deps: { database: Database; pay: PayProviders; now: () => Date }, scope: { projectId?: number } = {}): Promise<number> {
  const params: unknown[] = [FOLLOW_BATCH];
  if (scope.projectId !== undefined) params.push(scope.projectId);
  const rows = await processingSql.run(deps.database.query, params, scope.projectId !== undefined);
  let settled = 0;
  for (const row of rows) {
    const provider = row.provider ? deps.pay.byName(row.provider) : null;
    if (!provider?.queryRefund || !row.out_trade_no) continue;
    const answer = await provider.queryRefund({ outTradeNo: row.out_trade_no, outRefundNo: row.out_refund_no }).catch(() => null);
    if (!answer || answer.state === 'processing') continue;
    const success = answer.state === 'success';
    if (await settleRefund(deps, row.order_id, row.out_refund_no, success, answer.refundId ?? row.out_refund_no, provider.name)) settled += 1;
  }
  return settled;
}
