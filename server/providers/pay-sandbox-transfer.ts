import { randomBytes } from 'node:crypto';
import type { Query } from '../db/client';
import { col, defineSql } from '../db/sql';
import type { TSandboxTransfer } from '../../schemas/api/dev';
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

const listSql = defineSql(
  'pay-sandbox.transfers',
  {
    out_batch_no: col.text,
    transfer_id: col.text,
    amount_fen: col.int,
    payee: col.text,
    remark: col.text,
    created_at: col.timestamp,
    kind: col.text.orNull(),
    title: col.text.orNull(),
    sheet_id: col.text.orNull(),
  },
  `SELECT t.out_batch_no, t.transfer_id, t.amount_fen, t.payee, t.remark, t.created_at,
          CASE WHEN p.vote_id IS NOT NULL THEN 'vote' WHEN p.project_id IS NOT NULL THEN 'project' END AS kind,
          coalesce(v.title, j.title) AS title, p.sheet_public_id AS sheet_id
     FROM sandbox_transfers t
     LEFT JOIN red_envelope_payouts p ON p.out_batch_no = t.out_batch_no
     LEFT JOIN projects j ON j.id = p.project_id
     LEFT JOIN vote_activities v ON v.id = p.vote_id
    WHERE $1::text IS NULL OR t.payee = $1
    ORDER BY t.created_at DESC, t.out_batch_no DESC LIMIT $2`,
);

/** What the sandbox paid out, newest first (the development page /dev/transfers), of one payee or all. */
export async function sandboxTransfers(query: Query, payee: string | null, limit: number): Promise<TSandboxTransfer[]> {
  const rows = await listSql.run(query, [payee, limit]);
  return rows.map((r) => ({
    outBatchNo: r.out_batch_no,
    transferId: r.transfer_id,
    amountFen: r.amount_fen,
    payee: r.payee,
    remark: r.remark,
    createdAt: new Date(r.created_at).toISOString(),
    source: r.kind ? { kind: r.kind as 'project' | 'vote', title: (r.title ?? '').replace(/<[^>]*>/g, ''), sheetId: r.sheet_id ?? '' } : null,
  }));
}
