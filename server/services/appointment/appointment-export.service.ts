import type { TExportJob } from '../../../schemas/api/export-jobs';
import type { Database } from '../../db/client';
import type { AuthUser } from '../access/sessions.service';
import { fileTitle, queueKindReport } from '../report/export-jobs.service';
import { managedAppointment } from './appointment-project.service';

/** export_jobs.report of an appointment project's bookings (server/jobs/appointment-export.ts writes it). */
export const APPOINTMENT_LIST_REPORT = 'appointmentList';

/**
 * The bookings as an Excel file through the export jobs (listed in 我的下载), as the chain's and check-in's lists:
 * the report power, the same open-job limit (the user's row locked), queued in one transaction.
 */
export async function queueAppointmentExport(database: Database, user: AuthUser | null, questionId: string): Promise<TExportJob> {
  return database.transaction(async (query) => {
    const project = await managedAppointment(query, user, questionId, 'report');
    return queueKindReport(query, user!.id, project, APPOINTMENT_LIST_REPORT, `${fileTitle(project.title, '预约')}_预约记录.xlsx`);
  });
}
