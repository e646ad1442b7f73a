import type { Writable } from 'node:stream';
import { excel } from '../lazy-packages';
import { formatProjectTime } from '../../schemas/project-time';
import { RED_PAYOUT_NAMES } from '../../schemas/red-envelope/rules';
import type { Query } from '../db/client';
import type { RedEnvelopePayoutRow } from '../db/rows';
import { payeeLabel } from '../services/red-envelope/red-qualify';
import { safeCell } from '../services/report/report-export';

/**
 * A project's or (voteId) a vote's red-envelope payouts (export_jobs.report 'redPacketList'): every approved sheet
 * or ballot in approval order with its amount in 元, state, payee, times (Asia/Shanghai), transfer number and failure reason.
 */
export const RED_PACKET_HEAD = ['序号', '答卷编号', '金额（元）', '状态', '收款人', '审核时间', '发放时间', '转账单号', '失败原因'];
const BATCH = 1_000;

export async function writeRedPacketExport(work: {
  query: Query;
  projectId?: number;
  /** A vote's payouts instead of a project's (the sheet column then holds ballot ids). */
  voteId?: number;
  out: Writable;
  progress: (share: number) => Promise<void>;
}): Promise<void> {
  const { query, out, progress } = work;
  const [column, ownerId] = work.voteId !== undefined ? ['vote_id', work.voteId] : ['project_id', work.projectId];
  const ExcelJS = await excel();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('红包发放记录');
  sheet.addRow(work.voteId !== undefined ? ['序号', '投票编号', ...RED_PACKET_HEAD.slice(2)] : RED_PACKET_HEAD).commit();
  let last = 0;
  let n = 0;
  for (;;) {
    const rows = await query<RedEnvelopePayoutRow>(
      `SELECT * FROM red_envelope_payouts WHERE ${column} = $1 AND state <> 'rejected' AND id > $2 ORDER BY id LIMIT $3`,
      [ownerId, last, BATCH],
    );
    if (!rows.length) break;
    for (const r of rows) {
      const paid = r.paid_at ? formatProjectTime(r.paid_at) : '';
      sheet
        .addRow([
          ++n,
          r.sheet_public_id,
          r.amount_fen / 100,
          RED_PAYOUT_NAMES[r.state],
          payeeLabel(r.payee),
          formatProjectTime(r.decided_at),
          paid,
          r.transfer_id ?? '',
          safeCell(r.fail_reason ?? ''),
        ])
        .commit();
    }
    last = rows[rows.length - 1]!.id;
    await progress(0.5);
  }
  sheet.commit();
  await workbook.commit();
}
