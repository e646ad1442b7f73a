import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { EXPORT_KEEP_DAYS, EXPORT_KIND_EXTENSIONS, ZExportJobOptions } from '../../schemas/api/export-jobs';
import { BRANDS, DEFAULT_BRAND, type TBrandId } from '../../schemas/brands';
import { AppError } from '../services/errors';
import { randomToken } from '../services/crypto';
import type { Deps } from '../services/deps';
import type { ExportJobRow } from '../db/rows';
import { exportsDir } from '../services/report/export-jobs.service';
import { accessProject } from '../services/access/powers.service';
import type { AuthUser } from '../services/access/sessions.service';
import { uploadsDir } from '../services/uploads/uploads.service';
import { FONT_DIRS, FONT_MISSING_MESSAGE, findCjkFont } from './cjk-font';
import { failJob, finishJob, MAX_ATTEMPTS, releaseJobLock, reportProgress, requeueJob, sweepExpired } from './export-queue';
import { runExport } from './export-work';
import { exportableVote } from '../services/vote-extras/vote-downloads.service';
import type { TVoteExport } from '../../schemas/api/vote-extras-models';
import { writeVoteExport } from './vote-export';
import { writeChainExport } from './chain-export';
import { CHAIN_LIST_REPORT } from '../services/chain/chain-export.service';
import { writeCheckInExport } from './checkin-export';
import { CHECKIN_LIST_REPORT } from '../services/checkin/checkin-export.service';
import { writeGroupBuyExport } from './groupbuy-export';
import { GROUP_BUY_ORDERS_REPORT } from '../services/groupbuy/groupbuy-export.service';
import { writeOrdersExport, writeReconciliationExport } from './order-export';
import { ORDERS_REPORT, RECONCILIATION_REPORT } from '../services/pay/order-export.service';
import { writeAppointmentExport } from './appointment-export';
import { APPOINTMENT_LIST_REPORT } from '../services/appointment/appointment-export.service';
import { writeRedPacketExport } from './red-envelope-export';
import { RED_PACKET_REPORT } from '../services/red-envelope/red-prizes.service';
import { col, defineSql } from '../db/sql';
import { NEWS_TYPES, notify } from '../services/messages/notify.service';

/** What a kind's writer gets: the project, the file's stream, progress and the app's clock (streaks, missed days). */
type ProjectReportWork = Parameters<typeof writeChainExport>[0] & { now: Date; options: unknown };

/** The tables of a project kind exported by name (export_jobs.report): each kind's writer is listed here. */
const PROJECT_REPORTS: Record<string, (work: ProjectReportWork) => Promise<void>> = {
  [CHAIN_LIST_REPORT]: writeChainExport,
  [CHECKIN_LIST_REPORT]: writeCheckInExport,
  [GROUP_BUY_ORDERS_REPORT]: writeGroupBuyExport,
  [ORDERS_REPORT]: writeOrdersExport,
  [RECONCILIATION_REPORT]: writeReconciliationExport,
  [APPOINTMENT_LIST_REPORT]: writeAppointmentExport,
  [RED_PACKET_REPORT]: writeRedPacketExport,
};

function writeProjectReport(report: string, work: ProjectReportWork): Promise<void> {
  const write = PROJECT_REPORTS[report];
  if (!write) throw new AppError('400', '不支持的导出类型');
  return write(work);
}

export interface ExportRunnerOptions {
  /** Name written to claimed_by; unique per process by default. */
  worker?: string;
  /** How often an idle runner looks for queued jobs (other processes may have queued them). */
  pollMs?: number;
  /** Least time between two progress writes of one job. */
  progressIntervalMs?: number;
  fontDirs?: readonly string[];
  /** Observer of every progress write (tests). */
  onProgress?: (jobId: string, progress: number) => void;
  log?: (message: string, error: unknown) => void;
}

export interface ExportRunner {
  readonly worker: string;
  /** Poll for jobs until stop(). */
  start(): void;
  /**
   * Stop polling. A running job may finish until `until` (ms since the epoch, e.g. the end of a graceful stop);
   * past it, or without it, the job is put back in the queue at its next progress step.
   */
  stop(until?: number): Promise<void>;
  /** A job was queued in this process: look now instead of at the next poll. */
  kick(): void;
  /** Claim and run one job; its jobId, or null when none was waiting. */
  runOnce(): Promise<string | null>;
  /** Remove expired files and rows (hourly while running). */
  sweep(): Promise<void>;
}

/** The job left the queue while it ran (deleted by its owner, or taken by another worker after a stall). */
class JobGone extends Error {}
/** This process is stopping. */
class Stopping extends Error {}

const HEARTBEAT_MS = 30_000;
const SWEEP_MS = 3_600_000;

const runSql = defineSql('export-runner.run', { public_id: col.text }, 'SELECT public_id FROM projects WHERE id = $1');
const sweepSql = defineSql('export-runner.sweep', { file_path: col.text }, 'SELECT file_path FROM export_jobs WHERE file_path = ANY($1::text[])');

/**
 * Mark the job done and tell its owner in the same transaction (the bell's 导出完成 message, once per job by its
 * key): the message exists exactly when the file does. False when the job left the queue meanwhile.
 */
async function finishAndTell(deps: Deps, job: ExportJobRow, fileName: string, size: number): Promise<boolean> {
  return deps.database.transaction(async (q) => {
    if (!(await finishJob(q, job, fileName, size))) return false;
    const title = `导出完成：${job.file_name}，可在「我的下载」中下载（保留${EXPORT_KEEP_DAYS}天）`;
    await notify(q, job.user_id, { title, newsType: NEWS_TYPES.exportReady, key: `export-ready:${job.public_id}` }, deps.now());
    return true;
  });
}

export function createExportRunner(deps: Deps, options: ExportRunnerOptions = {}): ExportRunner {
  const worker = options.worker ?? `${hostname()}:${process.pid}:${randomToken(4)}`;
  const pollMs = options.pollMs ?? 2_000;
  const interval = options.progressIntervalMs ?? 500;
  const query = deps.database.query;
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  /** No more jobs are claimed (stop() was called). */
  let closing = false;
  /** The running job is interrupted at its next progress step and put back in the queue. */
  let stopping = false;
  let current: Promise<unknown> | null = null;
  let lastSweep = 0;

  async function run(job: ExportJobRow): Promise<void> {
    const dir = exportsDir(deps);
    await mkdir(dir, { recursive: true });
    const fileName = `${job.public_id}.${EXPORT_KIND_EXTENSIONS[job.kind]}`;
    const tmp = path.join(dir, `${fileName}.part`);
    let last = -1;
    let lastAt = 0;
    const progress = async (share: number) => {
      if (stopping) throw new Stopping();
      const pct = Math.max(0, Math.min(99, Math.floor(share * 100)));
      const now = Date.now();
      if (!((pct > last && now - lastAt >= interval) || now - lastAt >= HEARTBEAT_MS)) return;
      if (!(await reportProgress(query, job, pct))) throw new JobGone();
      last = pct;
      lastAt = now;
      options.onProgress?.(job.public_id, pct);
    };
    const out = createWriteStream(tmp);
    const written = finished(out);
    written.catch(() => {});
    try {
      if (job.attempts > MAX_ATTEMPTS) throw new AppError('500', '导出多次中断，请重新导出');
      if (job.vote_id !== null) {
        // A vote's export: its creator only, checked again as the calls do (it may have gone to the bin since).
        await progress(0);
        const voteId = await exportableVote(query, job);
        if (job.report === RED_PACKET_REPORT) await writeRedPacketExport({ query, voteId, out, progress });
        else await writeVoteExport({ query, voteId, report: job.report as TVoteExport, out, progress, uploadsDir: uploadsDir(deps) });
      } else {
        const [projectRow] = await runSql.run(query, [job.project_id]);
        if (!projectRow) throw new AppError('404', '项目不存在或已删除');
        // Powers may have changed since the job was queued: the same guard as the calls.
        const { project } = await accessProject(query, { id: job.user_id } as AuthUser, projectRow.public_id, 'report');
        if (job.report !== null) {
          // A kind's own table (a sign-up chain's list …) rather than the answers.
          await progress(0);
          await writeProjectReport(job.report, { query, projectId: project.id, out, progress, now: deps.now(), options: job.options });
        } else {
          const opts = ZExportJobOptions.parse(job.options ?? {});
          const brand = (job.options as { brand?: TBrandId }).brand;
          const fontPath = job.kind === 'pdf' ? findCjkFont(options.fontDirs ?? FONT_DIRS) : null;
          if (job.kind === 'pdf' && !fontPath) throw new AppError('500', FONT_MISSING_MESSAGE);
          await progress(0);
          await runExport({
            database: deps.database,
            query,
            job,
            project,
            options: opts,
            out,
            progress,
            fontPath: fontPath ?? '',
            uploadsDir: uploadsDir(deps),
            brandName: opts.appletSource === 7 ? BRANDS.jielong.name : BRANDS[brand && brand in BRANDS ? brand : DEFAULT_BRAND].name,
            origin: (job.options as { origin?: string }).origin ?? '',
            now: deps.now(),
          });
        }
      }
      await written;
      const target = path.join(dir, fileName);
      await rename(tmp, target);
      const { size } = await stat(target);
      if (!(await finishAndTell(deps, job, fileName, size))) await unlink(target).catch(() => {});
    } catch (error) {
      out.destroy();
      await unlink(tmp).catch(() => {});
      if (error instanceof JobGone) return;
      if (error instanceof Stopping) return requeueJob(query, job);
      if (!(error instanceof AppError)) options.log?.(`export job ${job.public_id} failed`, error);
      await failJob(query, job, error instanceof AppError ? error.message : '导出失败，请稍后重试');
    }
  }

  async function claimAndRun(): Promise<string | null> {
    const { session } = deps.database;
    if (!session) {
      const job = await deps.claim(query, worker, false);
      if (!job) return null;
      await run(job);
      return job.public_id;
    }
    // PostgreSQL: claim and run on a connection held for the job, whose session lock tells other processes
    // this runner is alive (export-queue.ts JOB_LOCK); if this process dies, another takes the job at its next poll.
    return session(async (held) => {
      const job = await deps.claim(held, worker, true);
      if (!job) return null;
      try {
        await run(job);
      } finally {
        await releaseJobLock(held, job);
      }
      return job.public_id;
    });
  }

  async function runOnce(): Promise<string | null> {
    if (closing) return null;
    const work = claimAndRun();
    current = work;
    try {
      return await work;
    } finally {
      current = null;
    }
  }

  /** Finished files past their keeping time, and files whose job row is gone (project deleted for good). */
  async function sweep(): Promise<void> {
    const dir = exportsDir(deps);
    for (const name of await sweepExpired(query, EXPORT_KEEP_DAYS)) await unlink(path.join(dir, name)).catch(() => {});
    const names = await readdir(dir).catch(() => [] as string[]);
    if (!names.length) return;
    const kept = new Set((await sweepSql.run(query, [names])).map((r) => r.file_path));
    for (const name of names) {
      if (kept.has(name)) continue;
      const info = await stat(path.join(dir, name)).catch(() => null);
      if (info && Date.now() - info.mtimeMs > 86_400_000) await unlink(path.join(dir, name)).catch(() => {});
    }
  }

  async function loop(): Promise<void> {
    timer = null;
    try {
      while (!closing && (await runOnce())) {
        // keep taking jobs while there are any
      }
      if (!closing && Date.now() - lastSweep > SWEEP_MS) {
        lastSweep = Date.now();
        await sweep();
      }
    } catch (error) {
      options.log?.('export runner', error);
    } finally {
      if (!closing) timer = setTimeout(() => void loop(), pollMs).unref();
    }
  }

  return {
    worker,
    start() {
      if (started) return;
      started = true;
      timer = setTimeout(() => void loop(), 0).unref();
    },
    async stop(until) {
      closing = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const left = (until ?? 0) - Date.now();
      if (current && left > 0) {
        let wait: NodeJS.Timeout | undefined;
        await Promise.race([current.catch(() => {}), new Promise((resolve) => (wait = setTimeout(resolve, left)))]);
        clearTimeout(wait);
      }
      stopping = true;
      await current?.catch(() => {});
    },
    kick() {
      if (!started || closing || current || !timer) return;
      clearTimeout(timer);
      timer = setTimeout(() => void loop(), 0).unref();
    },
    runOnce,
    sweep,
  };
}
