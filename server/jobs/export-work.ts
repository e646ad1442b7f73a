import type { Writable } from 'node:stream';
import type { TExportJobOptions } from '../../schemas/api/export-jobs';
import type { Database, Query } from '../db/client';
import type { ExportJobRow } from '../db/rows';
import { sheetCount } from '../services/report/export-jobs.service';
import type { ProjectRow } from '../db/rows';
import { writeCsv, writeXlsx, type ExportGrant } from '../services/report/report-export';
import { buildStatement } from '../services/report/report.service';
import { writeReportPdf } from './export-pdf';
import { writeUploadsZip } from './export-zip';
import { writeSav } from '../services/report/analysis/analysis-sav';
import { writeLongCsv } from '../services/report/analysis/analysis-long';
import { writeCodebook } from '../services/report/analysis/analysis-codebook';

export interface ExportWork {
  /** The report's rollup needs transactions (report-rollup.ts). */
  database: Pick<Database, 'query' | 'transaction' | 'engine'>;
  query: Query;
  job: ExportJobRow;
  project: ProjectRow;
  options: TExportJobOptions;
  out: Writable;
  /** Share done, 0–1; throws when the job must stop. */
  progress: (share: number) => Promise<void>;
  fontPath: string;
  uploadsDir: string;
  brandName: string;
  /** The site the export was asked from: uploaded files become absolute links on it. */
  origin: string;
  now: Date;
}

/** Write the job's file to `out` (ended by the writer). */
export async function runExport(work: ExportWork): Promise<void> {
  const { query, job, project, options, out, progress } = work;
  const filter = options.filter;
  if (job.kind === 'pdf') {
    const statement = await buildStatement(work.database, project, filter);
    await progress(0.05);
    await writeReportPdf({ statement, brandName: work.brandName, generatedAt: work.now, fontPath: work.fontPath }, out, (done) => progress(0.05 + 0.95 * done));
    return;
  }
  // The codebook describes the variables only: no sheets are read.
  if (job.kind === 'codebook') return writeCodebook(query, project, out);
  const total = Math.max(await sheetCount(work.database, project, filter), 1);
  const share = (done: number) => progress(Math.min(done / total, 1));
  if (job.kind === 'zip') {
    await writeUploadsZip(query, work.uploadsDir, project, filter, out, share);
    return;
  }
  if (job.kind === 'sav') return writeSav(query, project, filter, out, total, progress, work.now);
  if (job.kind === 'longcsv') return writeLongCsv(query, project, filter, out, total, progress);
  const grant: ExportGrant = { questionId: project.public_id, userId: job.user_id, format: job.kind, mode: options.mode, filter, expires: 0 };
  await (job.kind === 'xlsx' ? writeXlsx : writeCsv)(query, project, grant, work.origin, out, share);
}
