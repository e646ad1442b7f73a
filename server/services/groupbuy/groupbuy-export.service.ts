import type { TExportJob } from '../../../schemas/api/export-jobs';
import type { Database } from '../../db/client';
import type { AuthUser } from '../access/sessions.service';
import { fileTitle, queueKindReport } from '../report/export-jobs.service';
import { managedGroupBuy } from './groupbuy-project.service';

/** export_jobs.report of a group-buy's orders (server/jobs/groupbuy-export.ts writes it). */
export const GROUP_BUY_ORDERS_REPORT = 'groupBuyOrders';

/** The orders and the summary as an Excel file through the export jobs: the report power, the same open-job limit. */
export async function queueGroupBuyExport(database: Database, user: AuthUser | null, questionId: string): Promise<TExportJob> {
  return database.transaction(async (query) => {
    const project = await managedGroupBuy(query, user, questionId, 'report');
    return queueKindReport(query, user!.id, project, GROUP_BUY_ORDERS_REPORT, `${fileTitle(project.title, '团购接龙')}_团购订单.xlsx`);
  });
}
