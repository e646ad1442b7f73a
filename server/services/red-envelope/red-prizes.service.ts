import type { TPrize, TPrizeList } from '../../../schemas/api/red-envelope';
import type { TExportJob } from '../../../schemas/api/export-jobs';
import type { TRedPayoutState } from '../../../schemas/red-envelope/rules';
import type { Database, Query } from '../../db/client';
import type { RedEnvelopePayoutRow } from '../../db/rows';
import type { AuthUser } from '../access/sessions.service';
import { fileTitle, queueKindReport } from '../report/export-jobs.service';
import { envelopeOwner, ownerCol, type RedOwner, type RedRef } from './red-envelope-access';
import { RED_MESSAGES } from '../../../schemas/red-envelope/rules';
import { badInput } from '../errors';
import { queueVoteExport } from '../vote-extras/vote-downloads.service';
import { payeeLabel } from './red-qualify';

/** export_jobs.report of a project's or vote's red-envelope payouts (server/jobs/red-envelope-export.ts writes it). */
export const RED_PACKET_REPORT = 'redPacketList';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function prizeView(row: RedEnvelopePayoutRow): TPrize {
  return {
    sheetId: row.sheet_public_id,
    amountFen: row.amount_fen,
    state: row.state,
    payee: payeeLabel(row.payee),
    decidedTime: new Date(row.decided_at).toISOString(),
    paidTime: iso(row.paid_at),
    transferId: row.transfer_id,
    failReason: row.fail_reason,
  };
}

/** getPrizeList: the approved payouts (发放中 / 已发放 / 失败), newest first, with the totals of all of them. */
export async function prizeList(query: Query, owner: RedOwner, filter: { state?: TRedPayoutState; page: number; pageSize: number }): Promise<TPrizeList> {
  const rows = await query<RedEnvelopePayoutRow & { total: number }>(
    `SELECT *, (count(*) OVER ())::int AS total FROM red_envelope_payouts
     WHERE ${ownerCol(owner)} = $1 AND state <> 'rejected' AND ($2::text IS NULL OR state = $2) ORDER BY id DESC LIMIT $3 OFFSET $4`,
    [owner.id, filter.state ?? null, filter.pageSize, (filter.page - 1) * filter.pageSize],
  );
  const [totals] = await query<TPrizeList['totals']>(
    `SELECT coalesce(sum(amount_fen) FILTER (WHERE state = 'paid'), 0)::int AS "paidFen", coalesce(sum(amount_fen) FILTER (WHERE state = 'paying'), 0)::int AS "payingFen",
            coalesce(sum(amount_fen) FILTER (WHERE state = 'failed'), 0)::int AS "failedFen", count(*) FILTER (WHERE state = 'paid')::int AS paid,
            count(*) FILTER (WHERE state = 'paying')::int AS paying, count(*) FILTER (WHERE state = 'failed')::int AS failed
     FROM red_envelope_payouts WHERE ${ownerCol(owner)} = $1`,
    [owner.id],
  );
  return { list: rows.map(prizeView), total: rows[0]?.total ?? 0, totals: totals! };
}

/** downloadRedPacket: the payouts as an Excel file through the export jobs (我的下载), the report power. */
export async function queueRedPacketExport(database: Database, user: AuthUser | null, ref: RedRef): Promise<TExportJob> {
  if (ref.voteId && !ref.questionId) return queueVoteExport(database, user, ref.voteId, RED_PACKET_REPORT);
  return database.transaction(async (query) => {
    const { project } = await envelopeOwner(query, user, ref, 'report');
    if (!project) throw badInput(RED_MESSAGES.which);
    return queueKindReport(query, user!.id, project, RED_PACKET_REPORT, `${fileTitle(project.title, '问卷')}_红包发放记录.xlsx`);
  });
}
