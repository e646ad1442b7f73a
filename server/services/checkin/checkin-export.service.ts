import type { TExportJob } from '../../../schemas/api/export-jobs';
import type { Database } from '../../db/client';
import type { ExportJobRow } from '../../db/rows';
import { tooMany } from '../../http/errors';
import type { AuthUser } from '../access/sessions.service';
import { publicId } from '../crypto';
import { jobView, MAX_OPEN_JOBS_PER_USER } from '../report/export-jobs.service';
import { plainTitle } from '../report/report-subjects';
import { managedCheckIn } from './checkin-project.service';

/** export_jobs.report of a check-in's record (server/jobs/checkin-export.ts writes it). */
export const CHECKIN_LIST_REPORT = 'checkInList';

const fileTitle = (title: string) =>
  plainTitle(title)
    .replace(/[\\/:*?"<>|\r\n]+/g, '_')
    .slice(0, 60) || '打卡接龙';

/**
 * The check-in record as an Excel file through the export jobs (listed in 我的下载), as the sign-up chain's list:
 * the report power, the same open-job limit (the user's row locked), queued in one transaction.
 */
export async function queueCheckInExport(database: Database, user: AuthUser | null, questionId: string): Promise<TExportJob> {
  return database.transaction(async (query) => {
    const project = await managedCheckIn(query, user, questionId, 'report');
    await query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [user!.id]);
    const [open] = await query<{ n: string }>(`SELECT count(*) AS n FROM export_jobs WHERE user_id = $1 AND status IN ('queued', 'running')`, [user!.id]);
    if (Number(open?.n ?? 0) >= MAX_OPEN_JOBS_PER_USER) throw tooMany(`最多同时进行 ${MAX_OPEN_JOBS_PER_USER} 个导出任务，请等待已有任务完成`);
    const [row] = await query<ExportJobRow>(
      `INSERT INTO export_jobs (public_id, user_id, project_id, report, kind, file_name) VALUES ($1, $2, $3, $4, 'xlsx', $5) RETURNING *`,
      [publicId(), user!.id, project.id, CHECKIN_LIST_REPORT, `${fileTitle(project.title)}_打卡记录.xlsx`],
    );
    return jobView({ ...row!, question_id: project.public_id, project_title: project.title });
  });
}
