import type { TExportJob } from '../../../schemas/api/export-jobs';
import type { Database } from '../../db/client';
import type { AuthUser } from '../access/sessions.service';
import { fileTitle, queueKindReport } from '../report/export-jobs.service';
import { managedCheckIn } from './checkin-project.service';

/** export_jobs.report of a check-in's record (server/jobs/checkin-export.ts writes it). */
export const CHECKIN_LIST_REPORT = 'checkInList';

/**
 * The check-in record as an Excel file through the export jobs (listed in 我的下载), as the sign-up chain's list:
 * the report power, the same open-job limit (the user's row locked), queued in one transaction.
 */
export async function queueCheckInExport(database: Database, user: AuthUser | null, questionId: string): Promise<TExportJob> {
  return database.transaction(async (query) => {
    const project = await managedCheckIn(query, user, questionId, 'report');
    return queueKindReport(query, user!.id, project, CHECKIN_LIST_REPORT, `${fileTitle(project.title, '打卡接龙')}_打卡记录.xlsx`);
  });
}
