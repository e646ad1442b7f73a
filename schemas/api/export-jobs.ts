import { z } from 'zod';
import { ZQuestionId } from './question';
import { ZReportFilter } from './report';
import { ZAppletSource } from './user';

/**
 * Export jobs and 我的下载 (spec §7 "Reports: … export Excel, PDF download (adds appletSource), zip" and
 * "download list"). A job is created on a project (power 1 or 3), then listed, read, downloaded and
 * deleted by the user who asked for it.
 */
export const EXPORT_KINDS = ['xlsx', 'csv', 'pdf', 'zip'] as const;
export type TExportKind = (typeof EXPORT_KINDS)[number];
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

export interface TExportJob {
  jobId: string;
  kind: TExportKind;
  status: TExportJobStatus;
  /** 0–100; 100 once done. */
  progress: number;
  questionId: string;
  projectTitle: string;
  fileName: string;
  /** Bytes, once done. */
  size: number | null;
  /** Why it failed, in Chinese. */
  error: string | null;
  createTime: string;
  finishTime: string | null;
  /** When a finished file is removed. */
  expireTime: string | null;
}

export interface TDownloadList {
  list: TExportJob[];
  total: number;
  /** Jobs of the list still queued or running: the page polls while there are any. */
  active: number;
}
