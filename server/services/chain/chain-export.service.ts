import type { TExportJob } from '../../../schemas/api/export-jobs';
import type { Database } from '../../db/client';
import type { AuthUser } from '../access/sessions.service';
import { fileTitle, queueKindReport } from '../report/export-jobs.service';
import { managedChain } from './chain-project.service';

/** export_jobs.report of a sign-up chain's list (server/jobs/chain-export.ts writes it). */
export const CHAIN_LIST_REPORT = 'chainList';

/**
 * The chain's list as an Excel file through the export jobs (listed in 我的下载 beside the other exports): the report
 * power (1 or 3) as for every export, the same open-job limit (the user's row locked), queued in one transaction.
 */
export async function queueChainExport(database: Database, user: AuthUser | null, questionId: string): Promise<TExportJob> {
  return database.transaction(async (query) => {
    const chain = await managedChain(query, user, questionId, 'report');
    return queueKindReport(query, user!.id, chain, CHAIN_LIST_REPORT, `${fileTitle(chain.title, '报名接龙')}_接龙名单.xlsx`);
  });
}
