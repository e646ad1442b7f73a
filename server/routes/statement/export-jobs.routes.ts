import type { FastifyInstance } from 'fastify';
import { exportCalls } from '../../../schemas/api/export-jobs';

import { type TExportJob } from '../../../schemas/api/export-jobs';
import { defineCall } from '../../http/define-call';
import { requestBrand, requestOrigin } from '../../http/request-info';
import { queueExportJob } from '../../services/report/export-jobs.service';

/**
 * question/statement/createExportJob (spec §7 "export Excel, PDF download (adds appletSource), zip"):
 * queue an Excel, CSV, PDF or zip of a project's answers for 我的下载. Reading the report's data, so power
 * 1 or 3 like the report itself; the job runs in any server process (server/jobs/).
 */
export function exportJobRoutes(app: FastifyInstance): void {
  const { database } = app.deps;
  defineCall(app, exportCalls.createExportJob, async (body, { user, request }): Promise<TExportJob> => {
    const job = await queueExportJob(database, user, body, requestBrand(request).id, requestOrigin(request));
    app.exportRunner.kick();
    return job;
  });
}
