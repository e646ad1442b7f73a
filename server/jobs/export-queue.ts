import type { Query } from '../db/client';
import type { ExportJobRow } from '../db/rows';
import { col, defineSql } from '../db/sql';

/** A running job whose heartbeat is older than this is taken again (its process stopped or died). */
export const STALE_SECONDS = 120;
/** Taken this many times without finishing: failed for good. */
export const MAX_ATTEMPTS = 3;

/** Advisory lock key (first half; the job id is the second) a PostgreSQL runner holds while it runs a job. */
export const JOB_LOCK = 7303;

/**
 * A running job whose runner's connection holds no JOB_LOCK on it: its process is gone (PostgreSQL drops a dead
 * client's session, and its session locks with it). The lock is taken in the claiming statement, before the
 * claim commits, and given up only after the job's last state was written, so a live runner's job never looks so.
 */
const ORPHANED = `NOT EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.classid = ${JOB_LOCK} AND l.objid = export_jobs.id AND l.objsubid = 2
  AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()))`;

/**
 * Take the oldest queued job (or a stale running one) for `worker`: one UPDATE whose target row is chosen
 * with FOR UPDATE SKIP LOCKED, so two processes never take the same job; the outer WHERE repeats the
 * condition for the row version the UPDATE finally sees. Same SQL on PGlite and PostgreSQL 15.
 * `liveness` (PostgreSQL, on a connection the runner keeps for the job): the claim also takes the job's session
 * lock, and a running job whose runner died is taken at once instead of after STALE_SECONDS without a heartbeat.
 */
export async function claimJob(query: Query, worker: string, liveness = false): Promise<ExportJobRow | null> {
  const open = `(status = 'queued' OR (status = 'running' AND (heartbeat_at < now() - make_interval(secs => $2)${liveness ? ` OR ${ORPHANED}` : ''})))`;
  const rows = await query<ExportJobRow>(
    `UPDATE export_jobs SET status = 'running', claimed_by = $1, attempts = attempts + 1, progress = 0, started_at = now(), heartbeat_at = now()
     WHERE id = (SELECT id FROM export_jobs WHERE ${open} ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) AND ${open}
     RETURNING *${liveness ? `, pg_try_advisory_lock(${JOB_LOCK}, id) AS locked` : ''}`,
    [worker, STALE_SECONDS],
  );
  return rows[0] ?? null;
}

/**
 * How a runner takes a job (deps.claim): production's is claimJob, one statement that never gives a job to two
 * runners; tests/helpers/naive-strategies.ts has a read-then-update one, to show the two-runner test catches it.
 */
export type ClaimStrategy = (query: Query, worker: string, liveness: boolean) => Promise<ExportJobRow | null>;
export const exactClaim: ClaimStrategy = claimJob;

/** Give up the job's session lock (liveness claims), on the connection that took it. */
export async function releaseJobLock(query: Query, job: ExportJobRow): Promise<void> {
  await query('SELECT pg_advisory_unlock($1, $2)', [JOB_LOCK, job.id]);
}

/** Record progress and beat the heart; false when the job is gone (deleted) or taken by another worker. */
export async function reportProgress(query: Query, job: ExportJobRow, progress: number): Promise<boolean> {
  const rows = await query('UPDATE export_jobs SET progress = $3, heartbeat_at = now() WHERE id = $1 AND claimed_by = $2 AND status = $4 RETURNING id', [
    job.id,
    job.claimed_by,
    progress,
    'running',
  ]);
  return rows.length === 1;
}

export async function finishJob(query: Query, job: ExportJobRow, filePath: string, size: number): Promise<boolean> {
  const rows = await query(
    `UPDATE export_jobs SET status = 'done', progress = 100, file_path = $3, size = $4, error = NULL, finished_at = now(), heartbeat_at = now()
     WHERE id = $1 AND claimed_by = $2 AND status = 'running' RETURNING id`,
    [job.id, job.claimed_by, filePath, size],
  );
  return rows.length === 1;
}

export async function failJob(query: Query, job: ExportJobRow, message: string): Promise<void> {
  await query(`UPDATE export_jobs SET status = 'failed', error = $3, finished_at = now() WHERE id = $1 AND claimed_by = $2 AND status = 'running'`, [
    job.id,
    job.claimed_by,
    message,
  ]);
}

/** The server is stopping: put the job back so another process (or the next start) takes it. */
export async function requeueJob(query: Query, job: ExportJobRow): Promise<void> {
  await query(
    `UPDATE export_jobs SET status = 'queued', claimed_by = NULL, progress = 0, heartbeat_at = NULL WHERE id = $1 AND claimed_by = $2 AND status = 'running'`,
    [job.id, job.claimed_by],
  );
}

const sweepExpiredSql = defineSql(
  'export-queue.sweepExpired',
  { file_path: col.text.orNull() },
  `DELETE FROM export_jobs WHERE finished_at < now() - make_interval(days => $1) RETURNING file_path`,
);

/** Finished jobs older than `days`: rows removed, their file names returned for unlinking. */
export async function sweepExpired(query: Query, days: number): Promise<string[]> {
  const rows = await sweepExpiredSql.run(query, [days]);
  return rows.flatMap((r) => (r.file_path ? [r.file_path] : []));
}
