import type { TExportJob } from '../../../schemas/api/export-jobs';
import type { TVoteExport } from '../../../schemas/api/vote-extras-models';
import type { Database, Query } from '../../db/client';
import type { ExportJobRow } from '../../db/rows';
import { AppError, notFound } from '../errors';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { publicId } from '../crypto';
import { holdOpenJobPlace, jobView, safeFileName, type ViewRow } from '../report/export-jobs.service';
import { managedVote } from './vote-access';
import { col, defineSql } from '../../db/sql';

/**
 * activity/vote/download/*: a vote's exports are jobs of the existing queue (export_jobs with vote_id, 0031), run by
 * any process's export runner (server/jobs/vote-export.ts) and listed in 我的下载 beside the projects' exports.
 */
/** A vote's export job: one of its tables, or (report 'redPacketList', migration 0083) its red-envelope payouts. */
export type TVoteJobReport = TVoteExport | 'redPacketList';

const FILES: Record<TVoteJobReport, { kind: 'xlsx' | 'zip'; suffix: string }> = {
  votingDetail: { kind: 'xlsx', suffix: '投票明细.xlsx' },
  statisticsPlayer: { kind: 'xlsx', suffix: '选手统计.xlsx' },
  allVoting: { kind: 'xlsx', suffix: '全部投票数据.xlsx' },
  playerFile: { kind: 'zip', suffix: '选手资料.zip' },
  redPacketList: { kind: 'xlsx', suffix: '红包发放记录.xlsx' },
};

/** Queue one export of a vote for its creator, under the same open-job limit as every export (the user's row locked). */
export async function queueVoteExport(database: Database, user: AuthUser | null, voteId: string, report: TVoteJobReport): Promise<TExportJob> {
  return database.transaction(async (query) => {
    const vote = await managedVote(query, user, voteId, 'report');
    if (report === 'playerFile' && !(await query(`SELECT 1 FROM vote_players WHERE vote_id = $1 AND photo <> '' LIMIT 1`, [vote.id])).length) {
      throw new AppError('400', '选手都还没有上传照片，没有可打包的资料');
    }
    if (report === 'redPacketList' && !(await query(`SELECT 1 FROM red_envelopes WHERE vote_id = $1 AND state <> 'unpaid'`, [vote.id])).length) {
      throw new AppError('400', '这个投票还没有充值红包，没有红包记录可下载');
    }
    await holdOpenJobPlace(query, user!.id);
    const file = FILES[report];
    const [row] = await query<ExportJobRow>(
      `INSERT INTO export_jobs (public_id, user_id, vote_id, report, kind, file_name) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [publicId(), user!.id, vote.id, report, file.kind, `${safeFileName(vote.title, '投票')}_${file.suffix}`],
    );
    return jobView({ ...row!, question_id: '', project_title: vote.title, vote_public_id: vote.public_id });
  });
}

const exportableVoteSql = defineSql(
  'vote-downloads.exportableVote',
  { id: col.int },
  'SELECT id FROM vote_activities WHERE id = $1 AND owner_id = $2 AND deleted_at IS NULL',
);

/** The vote a running job exports, if its owner still holds it (not in the bin); else the job fails with "404". */
export async function exportableVote(query: Query, job: ExportJobRow): Promise<number> {
  const [row] = await exportableVoteSql.run(query, [job.vote_id, job.user_id]);
  if (!row) throw notFound('投票不存在或已删除');
  return row.id;
}

/** Before a file goes out: the project's report power, or the vote's ownership, checked again. */
export async function jobAccess(query: Query, userId: number, job: ViewRow): Promise<void> {
  if (job.vote_id !== null) {
    await exportableVote(query, job);
    return;
  }
  await accessProject(query, { id: userId } as AuthUser, job.question_id, 'report');
}
