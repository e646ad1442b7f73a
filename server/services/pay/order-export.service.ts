import type { TExportJob } from '../../../schemas/api/export-jobs';
import type { TOrderExportFilter } from '../../../schemas/api/pay-statement';
import type { Database } from '../../db/client';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { fileTitle, queueKindReport } from '../report/export-jobs.service';

/** export_jobs.report of a payment project's orders and of its reconciliation (server/jobs/order-export.ts writes them). */
export const ORDERS_REPORT = 'orders';
export const RECONCILIATION_REPORT = 'reconciliation';

/**
 * The orders (with the filters of /online/list.html) or the reconciliation as an Excel file through the export
 * jobs (我的下载): the report power, the same open-job limit (the user's row locked), queued in one transaction.
 */
export async function queueOrderExport(
  database: Database,
  user: AuthUser | null,
  questionId: string,
  which: typeof ORDERS_REPORT | typeof RECONCILIATION_REPORT,
  filter: TOrderExportFilter = {},
): Promise<TExportJob> {
  return database.transaction(async (query) => {
    const { project } = await accessProject(query, user, questionId, 'report');
    const title = fileTitle(project.title, '收款');
    return which === ORDERS_REPORT
      ? queueKindReport(query, user!.id, project, ORDERS_REPORT, `${title}_订单.xlsx`, { filter })
      : queueKindReport(query, user!.id, project, RECONCILIATION_REPORT, `${title}_对账单.xlsx`);
  });
}
