import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Query } from '../db/client';
import type { Deps } from '../services/deps';
import { thumbPath } from '../services/uploads/upload-images';
import { uploadsDir } from '../services/uploads/uploads.service';
import { col, defineSql } from '../db/sql';

/** A respondent's upload that no stored sheet took within this time (since uploaded, or last offered by a submit) is removed. */
export const ABANDONED_AFTER_HOURS = 24;
/** A file on disk without a row (a process died between the two) is removed once this old. */
const STRAY_FILE_MS = 86_400_000;
const BATCH = 500;

/**
 * Link respondents' uploads to the sheets that hold them: the upload's submission is stored and its answers
 * name this file. One statement; any process may run it (a row linked twice gets the same sheet).
 */
export async function linkUploads(query: Query): Promise<number> {
  const rows = await query(
    `UPDATE uploads u SET sheet_id = s.id, linked_at = now()
     FROM answer_sheets s
     WHERE u.kind = 'answer' AND u.sheet_id IS NULL AND u.linked_at IS NULL AND u.submission_id IS NOT NULL
       AND s.project_id = u.project_id AND s.submission_id = u.submission_id
       AND ${holds('s', 'u')}
     RETURNING u.id`,
  );
  return rows.length;
}

/**
 * Uploads linked to a sheet that no longer exists (deleted by a path that did not release them, or linked
 * while 清空数据 was deleting it) are released, so the next run removes them. A scan of the linked uploads:
 * run daily, not every run.
 */
export async function releaseGoneSheets(query: Query): Promise<number> {
  const rows = await query(
    `UPDATE uploads u SET sheet_id = NULL
     WHERE u.sheet_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM answer_sheets s WHERE s.id = u.sheet_id)
     RETURNING u.id`,
  );
  return rows.length;
}

/** The sheet alias `s` holds the upload alias `u`: a file list containing it, or a signature that is it. */
function holds(s: string, u: string): string {
  const ref = `jsonb_build_object('fileUrl', '/uploads/' || ${u}.name)`;
  return `(${s}.answers -> ${u}.subject_uuid @> jsonb_build_array(${ref}) OR ${s}.answers -> ${u}.subject_uuid @> ${ref})`;
}

/**
 * Rows of respondents' uploads no sheet holds, removed (and returned): the project was deleted for good
 * (project_id set null by its foreign key), the sheet that held it was deleted (清空数据, a sheet deleted for
 * good, the project: sheet_id set null by 清空数据 or by releaseGoneSheets, linked_at kept), or it was abandoned — older than the grace period
 * since uploaded or last offered by a submit, and no stored sheet of that submission holds it. The batch is
 * claimed once (a MATERIALIZED CTE: as a subquery the planner may run it again for every row) with FOR UPDATE
 * SKIP LOCKED, and the DELETE repeats the condition for the row version the DELETE
 * finally sees (a submit offering the file meanwhile keeps it), so two processes never remove the same rows
 * and a file a submit is using is never removed. Same SQL on PGlite and PostgreSQL 15. Times are the
 * database's clock, like the uploads' own (created_at, used_at).
 */
export async function claimRemovable(query: Query, limit = BATCH): Promise<string[]> {
  const rows = await claimSql.run(query, [ABANDONED_AFTER_HOURS, limit]);
  return rows.map((r) => r.name);
}

const removable = (u: string) => `${u}.kind = 'answer' AND (${u}.project_id IS NULL OR (${u}.sheet_id IS NULL AND (
      ${u}.linked_at IS NOT NULL OR coalesce(${u}.used_at, ${u}.created_at) < now() - make_interval(hours => $1))))`;
const claimSql = defineSql(
  'upload-cleanup.claim',
  { name: col.text },
  `WITH batch AS MATERIALIZED (SELECT c.id FROM uploads c WHERE ${removable('c')} ORDER BY c.id LIMIT $2 FOR UPDATE SKIP LOCKED)
     DELETE FROM uploads u
     WHERE u.id = ANY (ARRAY(SELECT id FROM batch)) AND ${removable('u')}
       AND NOT (u.linked_at IS NULL AND u.project_id IS NOT NULL AND EXISTS (
         SELECT 1 FROM answer_sheets s WHERE s.project_id = u.project_id AND s.submission_id = u.submission_id AND ${holds('s', 'u')}))
     RETURNING u.name`,
);

export interface UploadCleanup {
  /** Link, then remove every removable upload (rows and files); the names removed. */
  runOnce(): Promise<string[]>;
  /** Files in the uploads folder without a row, older than a day (a process died between writing and recording). */
  sweepStrays(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export interface UploadCleanupOptions {
  /** How often a process runs it; every process does, each removes what it claimed. */
  intervalMs?: number;
  log?: (message: string, error: unknown) => void;
}

const sweepStraysSql = defineSql('upload-cleanup.sweepStrays', { name: col.text }, 'SELECT name FROM uploads WHERE name = ANY($1::text[])');

export function createUploadCleanup(deps: Deps, options: UploadCleanupOptions = {}): UploadCleanup {
  const intervalMs = options.intervalMs ?? 10 * 60_000;
  const query = deps.database.query;
  const dir = uploadsDir(deps);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopping = false;
  let lastStraySweep = 0;

  const removeFiles = async (names: readonly string[]) => {
    for (const name of names) {
      await unlink(path.join(dir, name)).catch(() => {});
      await unlink(thumbPath(dir, name)).catch(() => {});
    }
  };

  async function runOnce(): Promise<string[]> {
    await linkUploads(query);
    const removed: string[] = [];
    for (;;) {
      const names = await claimRemovable(query);
      // The rows are gone first: a file without a row is served to nobody, and the stray sweep finds it if we die here.
      await removeFiles(names);
      removed.push(...names);
      if (names.length < BATCH || stopping) return removed;
    }
  }

  async function sweepStrays(): Promise<number> {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => !n.startsWith('.'));
    let removed = 0;
    for (let i = 0; i < names.length; i += 1_000) {
      const chunk = names.slice(i, i + 1_000);
      const known = new Set((await sweepStraysSql.run(query, [chunk])).map((r) => r.name));
      for (const name of chunk) {
        if (known.has(name)) continue;
        const info = await stat(path.join(dir, name)).catch(() => null);
        if (!info?.isFile() || Date.now() - info.mtimeMs < STRAY_FILE_MS) continue;
        await removeFiles([name]);
        removed++;
      }
    }
    return removed;
  }

  async function tick(): Promise<void> {
    timer = null;
    try {
      running = runOnce();
      await running;
      if (Date.now() - lastStraySweep > STRAY_FILE_MS) {
        lastStraySweep = Date.now();
        running = releaseGoneSheets(query).then(sweepStrays);
        await running;
      }
    } catch (error) {
      options.log?.('upload cleanup', error);
    } finally {
      running = null;
      if (!stopping) timer = setTimeout(() => void tick(), intervalMs).unref();
    }
  }

  return {
    runOnce,
    sweepStrays,
    start() {
      if (timer || stopping) return;
      timer = setTimeout(() => void tick(), 5_000).unref();
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => {});
    },
  };
}
