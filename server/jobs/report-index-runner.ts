import type { Database } from '../db/client';
import { catchUpProject, projectsBehind } from '../services/report/sheet-index/index-job';
import { pollLoop } from './poll-loop';

/**
 * Keeps the reports' filter indexes and rollups up with the sheets (issue 54 item 2), so no report waits for a
 * cold rollup or index: each round takes the projects that are behind (report-index-job's projectsBehind) and
 * catches each up, batch by batch (short transactions). Any process may run it: a project another runner is
 * working on is skipped (pg_try_advisory_xact_lock on INDEX_LOCK), and every batch re-reads its watermark under
 * the lock, so nothing is applied twice. A report that wants an index kicks this process's runner.
 */
export interface ReportIndexRunnerOptions {
  /** How often an idle runner looks (default 2 s). */
  pollMs?: number;
  /** Projects per round. */
  projects?: number;
  /** Projects with at least this many sheets are indexed before their report is asked (REPORT_INDEX_MIN_SHEETS). */
  minSheets?: number;
  /** Every how many rounds the runner looks for such projects (the look scans projects). */
  enrolEvery?: number;
  log?: (message: string, error: unknown) => void;
}

export interface ReportIndexRunner {
  start(): void;
  stop(): Promise<void>;
  kick(): void;
  /** One round now: how many projects it caught up. */
  runOnce(): Promise<number>;
}

export function createReportIndexRunner(
  database: Pick<Database, 'query' | 'transaction' | 'engine'>,
  options: ReportIndexRunnerOptions = {},
): ReportIndexRunner {
  const limit = options.projects ?? 20;
  const enrolEvery = options.enrolEvery ?? 30;
  let rounds = 0;

  async function runOnce(): Promise<number> {
    const enrol = options.minSheets !== undefined && rounds++ % enrolEvery === 0 ? { minSheets: options.minSheets } : null;
    const projects = await projectsBehind(database.query, limit, enrol);
    let done = 0;
    for (const projectId of projects) {
      try {
        // 0: another runner holds the project; not counted, so a round of busy projects waits pollMs.
        if ((await catchUpProject(database, projectId, { skipLocked: true })) > 0) done++;
      } catch (error) {
        options.log?.(`report index: project ${projectId} failed`, error);
      }
    }
    return done;
  }

  const loop = pollLoop({
    runOnce,
    // A full round looks again at once (more projects may be behind).
    batch: limit,
    pollMs: options.pollMs ?? 2_000,
    onError: (error) => options.log?.('report index round failed', error),
  });
  return { start: loop.start, stop: loop.stop, kick: loop.kick, runOnce };
}
