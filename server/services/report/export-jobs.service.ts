import { unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  EXPORT_KEEP_DAYS,
  type TCreateExportJobRequest,
  type TDownloadList,
  type TExportJob,
  type TExportJobOptions,
  type TExportKind,
} from '../../../schemas/api/export-jobs';
import { isPlainFilter, type TReportFilter } from '../../../schemas/api/report';
import type { TBrandId } from '../../../schemas/brands';
import { subjectEntry } from '../../../schemas/subjects/registry';
import type { Database, Query } from '../../db/client';
import type { ExportJobRow } from '../../db/rows';
import { badInput, notFound, tooMany } from '../errors';
import { answerCount } from '../answers/answer-store.service';
import { hmac, publicId, safeEqual } from '../crypto';
import type { Deps } from '../deps';
import type { ProjectRow } from '../../db/rows';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { exportFileName } from './report-export';
import { Params, compileFilter } from './report-filter';
import { indexedCount } from './report-index';
import { plainTitle, reportSubjects } from './report-subjects';
import { col, defineSql } from '../../db/sql';

/** Queued or running jobs one user may have at once. */
export const MAX_OPEN_JOBS_PER_USER = 5;
export const DOWNLOAD_TOKEN_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

export const exportsDir = (deps: Pick<Deps, 'env'>) => path.resolve(deps.env.DATA_DIR, 'exports');

/** A job with what it exports: a project (question_id), or a vote (vote_public_id, question_id ''). */
export type ViewRow = ExportJobRow & { question_id: string; project_title: string; vote_public_id?: string | null };

const iso = (d: Date | string) => new Date(d).toISOString();

export function jobView(row: ViewRow): TExportJob {
  const finished = row.finished_at ? new Date(row.finished_at) : null;
  return {
    jobId: row.public_id,
    kind: row.kind,
    status: row.status,
    progress: row.status === 'done' ? 100 : row.progress,
    questionId: row.question_id,
    voteId: row.vote_public_id ?? null,
    projectTitle: plainTitle(row.project_title),
    fileName: row.file_name,
    size: row.size === null ? null : Number(row.size),
    error: row.error,
    createTime: iso(row.created_at),
    finishTime: finished ? finished.toISOString() : null,
    expireTime: finished && row.status === 'done' ? new Date(finished.getTime() + EXPORT_KEEP_DAYS * DAY_MS).toISOString() : null,
  };
}

const VIEW_SQL = `SELECT j.*, COALESCE(p.public_id, '') AS question_id, COALESCE(p.title, v.title, '') AS project_title, v.public_id AS vote_public_id
  FROM export_jobs j LEFT JOIN projects p ON p.id = j.project_id LEFT JOIN vote_activities v ON v.id = j.vote_id`;

/** Plain text as the start of a file name: without characters file systems refuse, at most 60. */
export const safeFileName = (text: string, fallback: string): string => text.replace(/[\\/:*?"<>|\r\n]+/g, '_').slice(0, 60) || fallback;

/** A project title (rich text) as the start of a file name. */
export const fileTitle = (title: string, fallback: string): string => safeFileName(plainTitle(title), fallback);

export function jobFileName(project: ProjectRow, kind: TExportKind): string {
  if (kind === 'xlsx' || kind === 'csv') return exportFileName(project, kind);
  const title = fileTitle(project.title, '问卷');
  if (kind === 'sav') return `${title}_SPSS.sav`;
  if (kind === 'longcsv') return `${title}_长格式.csv`;
  if (kind === 'codebook') return `${title}_数据字典.xlsx`;
  return kind === 'pdf' ? `${title}_统计报告.pdf` : `${title}_附件.zip`;
}

const holdOpenJobPlaceSql = defineSql(
  'export-jobs.holdOpenJobPlace',
  { n: col.bigint },
  `SELECT count(*) AS n FROM export_jobs WHERE user_id = $1 AND status IN ('queued', 'running')`,
);

/**
 * The open-job limit of every export: the user's row is locked so the limit holds under parallel requests
 * (reliability rule 1); call inside the transaction that then queues the job.
 */
export async function holdOpenJobPlace(query: Query, userId: number): Promise<void> {
  await query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
  const [open] = await holdOpenJobPlaceSql.run(query, [userId]);
  if (Number(open?.n ?? 0) >= MAX_OPEN_JOBS_PER_USER) throw tooMany(`最多同时进行 ${MAX_OPEN_JOBS_PER_USER} 个导出任务，请等待已有任务完成`);
}

/** Queue an Excel file of a project kind's own table (export_jobs.report: a sign-up chain's list, a check-in's record). */
export async function queueKindReport(
  query: Query,
  userId: number,
  project: { id: number; public_id: string; title: string },
  report: string,
  fileName: string,
  /** What the kind's writer reads besides the project (the orders export's filter); stored in export_jobs.options. */
  options: Record<string, unknown> = {},
): Promise<TExportJob> {
  await holdOpenJobPlace(query, userId);
  const [row] = await query<ExportJobRow>(
    `INSERT INTO export_jobs (public_id, user_id, project_id, report, kind, file_name, options) VALUES ($1, $2, $3, $4, 'xlsx', $5, $6) RETURNING *`,
    [publicId(), userId, project.id, report, fileName, JSON.stringify(options)],
  );
  return jobView({ ...row!, question_id: project.public_id, project_title: project.title });
}

/**
 * Queue a job. The user's row is locked so the open-job limit holds under parallel requests (reliability
 * rule 1); call inside a transaction. A zip needs file or signature subjects.
 */
export async function createExportJob(
  query: Query,
  userId: number,
  project: ProjectRow,
  body: TCreateExportJobRequest & { mode: 'subject' | 'option' },
  brand: TBrandId,
  origin = '',
): Promise<TExportJob> {
  if (body.kind === 'zip') {
    const list = await reportSubjects(query, project.id);
    if (!list.some(({ subject }) => subjectEntry(subject.subjectType).uploads)) {
      throw badInput('kind: 该项目没有文件上传题或签名题，没有可打包的附件', 'kind');
    }
  }
  await holdOpenJobPlace(query, userId);
  // The brand of the page that asked names the PDF's footer (appletSource 7 picks 接龙通, spec §7).
  // The page's origin turns uploaded files into absolute links in Excel and CSV files.
  const options: TExportJobOptions & { brand: TBrandId; origin: string } = {
    mode: body.mode,
    filter: body.filter as TExportJobOptions['filter'],
    appletSource: body.appletSource,
    brand,
    origin,
  };
  const [row] = await query<ExportJobRow>(
    'INSERT INTO export_jobs (public_id, user_id, project_id, kind, options, file_name) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *',
    [publicId(), userId, project.id, body.kind, JSON.stringify(options), jobFileName(project, body.kind)],
  );
  return jobView({ ...row!, question_id: project.public_id, project_title: project.title });
}

/** createExportJob as a user asks it: the report power (1 or 3) checked and the job queued in one transaction. */
export async function queueExportJob(
  database: Database,
  user: AuthUser | null,
  body: TCreateExportJobRequest & { questionId: string; mode: 'subject' | 'option' },
  brand: TBrandId,
  origin: string,
): Promise<TExportJob> {
  return database.transaction(async (query) => {
    const { project } = await accessProject(query, user, body.questionId, 'report');
    return createExportJob(query, user!.id, project, body, brand, origin);
  });
}

const countSheets = defineSql('export-jobs.countSheets', { n: col.bigint }, (where: string) => `SELECT count(*) AS n FROM answer_sheets a WHERE ${where}`, [
  ['a.project_id = $1'],
]);

/** Sheets in the export's set: the counter for plain filters, the filter index's count otherwise, one SQL count while it builds. */
export async function sheetCount(
  database: Pick<Database, 'query' | 'transaction' | 'engine'>,
  project: ProjectRow,
  filter: TReportFilter | undefined,
): Promise<number> {
  const { query } = database;
  if (isPlainFilter(filter)) return answerCount(query, project.id);
  const indexed = await indexedCount(database, project, filter);
  if (indexed !== null) return indexed;
  const p = new Params();
  const where = await compileFilter(query, project.id, filter, p);
  return Number((await countSheets.run(query, p.values, where))[0]?.n ?? 0);
}

export async function listExportJobs(query: Query, userId: number, page: number, pageSize: number): Promise<TDownloadList> {
  const rows = await query<ViewRow & { total: string; active: string }>(
    `${VIEW_SQL.replace('SELECT j.*', `SELECT j.*, count(*) OVER () AS total, count(*) FILTER (WHERE j.status IN ('queued', 'running')) OVER () AS active`)}
     WHERE j.user_id = $1 ORDER BY j.id DESC LIMIT $2 OFFSET $3`,
    [userId, pageSize, (page - 1) * pageSize],
  );
  return { list: rows.map(jobView), total: Number(rows[0]?.total ?? 0), active: Number(rows[0]?.active ?? 0) };
}

/** One job of the user; a stranger's job is "404" like a missing one. */
export async function getExportJob(query: Query, userId: number, jobId: string): Promise<ViewRow> {
  const [row] = await query<ViewRow>(`${VIEW_SQL} WHERE j.public_id = $1 AND j.user_id = $2`, [jobId, userId]);
  if (!row) throw notFound('下载任务不存在或已删除');
  return row;
}

const deleteExportJobSql = defineSql(
  'export-jobs.deleteExportJob',
  { file_path: col.text.orNull() },
  'DELETE FROM export_jobs WHERE public_id = $1 AND user_id = $2 RETURNING file_path',
);

/** Delete a job and its file; a running job notices at its next progress update and stops. */
export async function deleteExportJob(deps: Deps, userId: number, jobId: string): Promise<{ jobId: string }> {
  const [row] = await deleteExportJobSql.run(deps.database.query, [jobId, userId]);
  if (!row) throw notFound('下载任务不存在或已删除');
  if (row.file_path) await unlink(path.join(exportsDir(deps), row.file_path)).catch(() => {});
  return { jobId };
}

/**
 * A download link names the job by its random public id and an expiry, signed: no user id, so a link that is
 * passed on tells nothing about who made it nor how many users the site has. The job says whose it is.
 */
export interface DownloadGrant {
  jobId: string;
  expires: number;
}

export function signDownload(secret: string, grant: DownloadGrant): string {
  const body = Buffer.from(JSON.stringify({ jobId: grant.jobId, expires: grant.expires })).toString('base64url');
  return `${body}.${hmac(secret, `download:${body}`)}`;
}

export function readDownload(secret: string, token: string, now: Date): DownloadGrant | null {
  const [body, mac] = token.split('.');
  if (!body || !mac || !safeEqual(mac, hmac(secret, `download:${body}`))) return null;
  try {
    const grant = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as DownloadGrant;
    return typeof grant.jobId === 'string' && typeof grant.expires === 'number' && grant.expires > now.getTime() ? grant : null;
  } catch {
    return null;
  }
}

const exportJobOwnerSql = defineSql('export-jobs.exportJobOwner', { user_id: col.int }, 'SELECT user_id FROM export_jobs WHERE public_id = $1');

/** Whose job this is (a signed download link names only the job). */
export async function exportJobOwner(query: Query, jobId: string): Promise<number | null> {
  return (await exportJobOwnerSql.run(query, [jobId]))[0]?.user_id ?? null;
}
