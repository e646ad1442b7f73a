import type { Query } from '../../../db/client';
import type { IndexHeadRow } from './index-rows';

/**
 * Which projects the report-index job keeps (issue 54 item 2): those with a head in sheet_index_heads. A report
 * asked of a project creates its head (state 'building', nothing stored yet) or, when its index or rollup is
 * behind, marks it 'building' again, and tells this process's runner to look now; the runner also enrols
 * projects with REPORT_INDEX_MIN_SHEETS sheets or more (report-index-job.ts).
 */
const listeners = new Set<() => void>();

export function onSheetIndexWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A report wants the project's index (and rollup) kept. From the head (read here unless the caller has it): a head that exists and was made for
 * this plan is left alone (the job finds sheets past its watermark itself), so a report never waits on the row
 * lock a job's batch holds; a head for another plan is marked 'building' for the job to rebuild.
 */
export async function wantSheetIndex(query: Query, projectId: number, shape: string, known?: { shape: string; state: string } | null): Promise<void> {
  // `known`: the head the caller has just read (null: none), so it is not read twice.
  const [head] =
    known === undefined
      ? await query<Pick<IndexHeadRow, 'shape' | 'state'>>('SELECT shape, state FROM sheet_index_heads WHERE project_id = $1', [projectId])
      : [known];
  if (!head) await query('INSERT INTO sheet_index_heads (project_id, shape) VALUES ($1, $2) ON CONFLICT (project_id) DO NOTHING', [projectId, shape]);
  else if (head.shape !== shape && head.state !== 'building')
    await query(`UPDATE sheet_index_heads SET state = 'building' WHERE project_id = $1 AND state <> 'building'`, [projectId]);
  setImmediate(() => listeners.forEach((l) => l()));
}
