import type { TExportJobOptions, TExportJobStatus, TExportKind } from '../../../schemas/api/export-jobs';

/** A row of export_jobs as the service and the job runner read it (its own module: the queue needs it without the service). */
export interface ExportJobRow {
  id: number;
  public_id: string;
  user_id: number;
  project_id: number;
  kind: TExportKind;
  options: TExportJobOptions;
  status: TExportJobStatus;
  progress: number;
  file_name: string;
  file_path: string | null;
  size: number | string | null;
  error: string | null;
  attempts: number;
  claimed_by: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
}
