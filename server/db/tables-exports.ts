import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TExportJobOptions, TExportJobStatus, TExportKind } from '../../schemas/api/export-jobs';
import { projects, users } from './tables';

/**
 * Export jobs (issue 7, "我的下载"): one row per requested file. Any server process claims a queued job with
 * one `UPDATE … WHERE id = (SELECT … FOR UPDATE SKIP LOCKED)`; the runner keeps `progress` and `heartbeat_at`
 * current while it streams rows, so a job whose process died is taken again. Files live under DATA_DIR/exports.
 */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: serial('id').primaryKey(),
    /** The opaque jobId of the calls. */
    publicId: text('public_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The project exported, or null for a vote's export (vote_id, 0031). */
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    /** The vote activity exported (vote_activities, 0031; its foreign key is in the migration). */
    voteId: integer('vote_id'),
    /** Which table of a vote: votingDetail, statisticsPlayer, allVoting or playerFile. */
    report: text('report'),
    /** xlsx, csv, pdf, zip, or an analysis export: sav, longcsv, codebook (0092). */
    kind: text('kind').$type<TExportKind>().notNull(),
    /** Layout, filter and brand of the request (schemas/api/export-jobs.ts ZExportJobOptions). */
    options: jsonb('options')
      .$type<TExportJobOptions>()
      .notNull()
      .default({} as TExportJobOptions),
    status: text('status').$type<TExportJobStatus>().notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    /** Name offered to the browser (UTF-8). */
    fileName: text('file_name').notNull(),
    /** File name under DATA_DIR/exports once done. */
    filePath: text('file_path'),
    size: bigint('size', { mode: 'number' }),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    claimedBy: text('claimed_by'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('export_jobs_public_id_uq').on(t.publicId),
    index('export_jobs_user_idx').on(t.userId, t.id),
    index('export_jobs_open_idx')
      .on(t.status, t.id)
      .where(sql`status IN ('queued', 'running')`),
    check('export_jobs_kind_ck', sql`${t.kind} IN ('xlsx', 'csv', 'pdf', 'zip', 'sav', 'longcsv', 'codebook')`),
    check('export_jobs_status_ck', sql`${t.status} IN ('queued', 'running', 'done', 'failed')`),
    check('export_jobs_progress_ck', sql`${t.progress} BETWEEN 0 AND 100`),
  ],
);
