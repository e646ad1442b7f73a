import { z } from 'zod';
import { ZQuestionId } from './question';
import { contract, fileRoute } from './contract';
import { REPORT_PATH, ZExportLink, ZReportFilter } from './report';
import { ZAppletSource } from './user';

/**
 * Export jobs and 我的下载 (spec §7 "Reports: … export Excel, PDF download (adds appletSource), zip" and
 * "download list"). A job is created on a project (power 1 or 3), then listed, read, downloaded and
 * deleted by the user who asked for it.
 */
export const EXPORT_KINDS = ['xlsx', 'csv', 'pdf', 'zip', 'sav', 'longcsv', 'codebook'] as const;
export type TExportKind = (typeof EXPORT_KINDS)[number];
/**
 * The analysis exports (issue 53): SPSS .sav with variable and value labels, a long-format CSV (one row per
 * sheet × subject × value) for R and pandas, and the codebook (.xlsx) describing both. Always export jobs.
 */
export const ANALYSIS_EXPORT_KINDS = ['sav', 'longcsv', 'codebook'] as const;
/** The file extension of each kind's file. */
export const EXPORT_KIND_EXTENSIONS: Record<TExportKind, string> = {
  xlsx: 'xlsx',
  csv: 'csv',
  pdf: 'pdf',
  zip: 'zip',
  sav: 'sav',
  longcsv: 'csv',
  codebook: 'xlsx',
};
export const EXPORT_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type TExportJobStatus = (typeof EXPORT_JOB_STATUSES)[number];

/** Above this many sheets an Excel or CSV export runs as a job instead of streaming directly. */
export const EXPORT_DIRECT_MAX_SHEETS = 5_000;
/** Finished files are kept this many days, then removed with their row. */
export const EXPORT_KEEP_DAYS = 7;

export const ZJobId = z
  .string()
  .min(8, '下载任务编号无效')
  .max(64, '下载任务编号无效')
  .regex(/^[\w-]+$/, '下载任务编号无效');

/** What the runner needs besides the project: Excel layout, filter, brand of the PDF footer. */
export const ZExportJobOptions = z.object({
  mode: z.enum(['subject', 'option']).default('subject'),
  filter: ZReportFilter.optional(),
  appletSource: ZAppletSource,
});
export type TExportJobOptions = z.infer<typeof ZExportJobOptions>;

export const ZCreateExportJobRequest = ZExportJobOptions.extend({ questionId: ZQuestionId, kind: z.enum(EXPORT_KINDS) });
export type TCreateExportJobRequest = z.input<typeof ZCreateExportJobRequest>;

export const ZDownloadListRequest = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(50).default(10),
});
export const ZDownloadRef = z.object({ jobId: ZJobId });

export const ZExportJob = z.object({
  jobId: z.string(),
  kind: z.enum(EXPORT_KINDS),
  status: z.enum(EXPORT_JOB_STATUSES),
  /** 0–100; 100 once done. */
  progress: z.number(),
  /** The project exported ('' for a vote's export). */
  questionId: z.string(),
  /** The vote exported (activity/vote/download/*), or null. */
  voteId: z.string().nullable().optional(),
  projectTitle: z.string(),
  fileName: z.string(),
  /** Bytes, once done. */
  size: z.number().nullable(),
  /** Why it failed, in Chinese. */
  error: z.string().nullable(),
  createTime: z.string(),
  finishTime: z.string().nullable(),
  /** When a finished file is removed. */
  expireTime: z.string().nullable(),
});
export type TExportJob = z.infer<typeof ZExportJob>;

export const ZDownloadList = z.object({
  list: z.array(ZExportJob),
  total: z.number(),
  /** Jobs of the list still queued or running: the page polls while there are any. */
  active: z.number(),
});
export type TDownloadList = z.infer<typeof ZDownloadList>;

/** The signed token of a download link (GET, so a browser can follow it). */
export const ZDownloadTokenQuery = z.object({ token: z.string().min(10).max(2_000) });

const D = 'activity/question/';
/** Export jobs and 我的下载. */
export const exportCalls = {
  createExportJob: contract({
    path: `${REPORT_PATH}createExportJob`,
    summary: '创建导出任务',
    request: ZCreateExportJobRequest,
    response: ZExportJob,
    auth: 'required',
    okMessage: '已加入导出队列，可在“我的下载”查看进度',
  }),
  getDownloadList: contract({ path: `${D}getDownloadList`, summary: '我的下载列表', request: ZDownloadListRequest, response: ZDownloadList, auth: 'required' }),
  getDownload: contract({ path: `${D}getDownload`, summary: '下载任务详情', request: ZDownloadRef, response: ZExportJob, auth: 'required' }),
  delDownload: contract({
    path: `${D}delDownload`,
    summary: '删除下载任务',
    request: ZDownloadRef,
    response: z.object({ jobId: z.string() }),
    auth: 'required',
    okMessage: '已删除',
  }),
  getDownloadUrl: contract({ path: `${D}getDownloadUrl`, summary: '获取下载链接', request: ZDownloadRef, response: ZExportLink, auth: 'required' }),
};

/** The files behind the signed links above: GET routes a browser follows. */
export const exportFileRoutes = {
  downloadFile: fileRoute({ path: `${D}downloadFile`, summary: '下载导出文件（我的下载）', query: ZDownloadTokenQuery, auth: 'optional' }),
  download: fileRoute({
    path: `${REPORT_PATH}download`,
    summary: '下载导出文件（Excel / CSV）',
    query: ZDownloadTokenQuery.extend({ token: z.string().min(10).max(8_000) }),
    auth: 'optional',
  }),
};
