import { createReadStream } from 'node:fs';
import { exportCalls, exportFileRoutes } from '../../../schemas/api/export-jobs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { EXPORT_KIND_EXTENSIONS, type TDownloadList, type TExportJob } from '../../../schemas/api/export-jobs';
import type { TExportLink } from '../../../schemas/api/report';
import { defineCall } from '../../http/define-call';
import { parseBody } from '../../http/validate';
import { AppError, notFound } from '../../services/errors';
import {
  DOWNLOAD_TOKEN_MS,
  deleteExportJob,
  exportJobOwner,
  exportsDir,
  getExportJob,
  jobView,
  listExportJobs,
  readDownload,
  signDownload,
} from '../../services/report/export-jobs.service';
import { jobAccess } from '../../services/vote-extras/vote-downloads.service';

const P = 'activity/question/';
const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
  zip: 'application/zip',
  sav: 'application/x-spss-sav',
  longcsv: 'text/csv; charset=utf-8',
  codebook: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/**
 * 我的下载 (spec §7 "download list", /myDownload.html): the caller's export jobs, one job, its deletion, and
 * the file behind a short-lived signed link. Jobs belong to the user who queued them: another user's jobId
 * is "404" like a missing one, and the project's report power is checked again before a file goes out.
 */
export function downloadRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const { database } = deps;

  defineCall(app, exportCalls.getDownloadList, async (body, { user }): Promise<TDownloadList> =>
    listExportJobs(database.query, user!.id, body.page, body.pageSize),
  );

  defineCall(app, exportCalls.getDownload, async (body, { user }): Promise<TExportJob> => jobView(await getExportJob(database.query, user!.id, body.jobId)));

  defineCall(app, exportCalls.delDownload, async (body, { user }) => deleteExportJob(deps, user!.id, body.jobId));

  defineCall(app, exportCalls.getDownloadUrl, async (body, { user }): Promise<TExportLink> => {
    const job = await getExportJob(database.query, user!.id, body.jobId);
    if (job.status !== 'done' || !job.file_path)
      throw new AppError('409', job.status === 'failed' ? '导出失败的任务没有文件，请重新导出' : '文件还在生成中，请稍候');
    await jobAccess(database.query, user!.id, job);
    const token = signDownload(deps.secret, { jobId: job.public_id, expires: deps.now().getTime() + DOWNLOAD_TOKEN_MS });
    return { url: `/api/${P}downloadFile?token=${encodeURIComponent(token)}`, fileName: job.file_name };
  });

  // The file: a GET a browser can follow, authorised by the signed token above (5 minutes); the power is
  // checked again so a collaborator removed from the project cannot fetch it with an old link.
  app.get(`/api/${P}downloadFile`, async (request, reply) => {
    const { token } = parseBody(exportFileRoutes.downloadFile.query, request.query);
    const grant = readDownload(deps.secret, token, deps.now());
    if (!grant) throw new AppError('401', '下载链接已失效，请在“我的下载”中重新下载');
    const ownerId = await exportJobOwner(database.query, grant.jobId);
    if (ownerId === null) throw notFound('文件已过期或已删除，请重新导出');
    const job = await getExportJob(database.query, ownerId, grant.jobId);
    await jobAccess(database.query, ownerId, job);
    const file = job.status === 'done' && job.file_path ? path.join(exportsDir(deps), job.file_path) : null;
    if (!file || !(await stat(file).catch(() => null))) throw notFound('文件已过期或已删除，请重新导出');
    reply
      .header('content-type', CONTENT_TYPES[job.kind])
      .header('content-disposition', `attachment; filename="export.${EXPORT_KIND_EXTENSIONS[job.kind]}"; filename*=UTF-8''${encodeURIComponent(job.file_name)}`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store');
    return reply.send(createReadStream(file));
  });
}
