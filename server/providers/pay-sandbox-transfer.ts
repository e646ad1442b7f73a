import { randomBytes } from 'node:crypto';
import type { Query } from '../db/client';
import { col, defineSql } from '../db/sql';
import type { TransferResult, TransferStart } from './pay';

const transferIdSql = defineSql('pay-sandbox.transferId', { transfer_id: col.text }, 'SELECT transfer_id FROM sandbox_transfers WHERE out_batch_no = $1');

/**
 * The sandbox's 商家转账 (red envelopes, issue 49 item 1): a transfer is a row of sandbox_transfers, recorded once
 * per out_batch_no (a repeat answers the first one), so a retried payout never pays twice. Nothing leaves the
 * instance; the prize list and /dev pages read these rows as "the sandbox paid".
 */
export async function sandboxTransfer(query: Query, input: TransferStart, now: Date): Promise<TransferResult> {
  if (!Number.isSafeInteger(input.amountFen) || input.amountFen < 1) return { state: 'failed', failReason: '转账金额无效' };
  if (!input.payee) return { state: 'failed', failReason: '没有收款人' };
  await query(
    `INSERT INTO sandbox_transfers (out_batch_no, transfer_id, amount_fen, payee, remark, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (out_batch_no) DO NOTHING`,
    [input.outBatchNo, `SBT${randomBytes(10).toString('hex')}`, input.amountFen, input.payee, input.remark, now],
  );
  const [row] = await transferIdSql.run(query, [input.outBatchNo]);
  return { state: 'success', transferId: row!.transfer_id };
}

/** The sandbox finishes a transfer at once: one it recorded is paid; one it never recorded was never made. */
export async function sandboxQueryTransfer(query: Query, outBatchNo: string): Promise<TransferResult> {
  const [row] = await transferIdSql.run(query, [outBatchNo]);
  return row ? { state: 'success', transferId: row.transfer_id } : { state: 'failed', failReason: '沙箱中没有这笔转账' };
}
