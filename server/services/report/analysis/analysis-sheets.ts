import type { TReportFilter } from '../../../../schemas/api/report';
import type { Query } from '../../../db/client';
import type { ProjectRow } from '../../../db/rows';
import { filteredSheetBatches, skipReader } from '../report-export';
import type { AnalysisSheet } from './analysis-variables';

/**
 * The sheets of an analysis export in id order, read in keyset batches of 1,000 (never the whole project in
 * memory), with the same filter as the report and the Excel export; `onRows` hears the count after each batch.
 */
export async function* analysisSheets(
  query: Query,
  project: ProjectRow,
  filter: TReportFilter | undefined,
  onRows?: (rows: number) => Promise<void>,
): AsyncGenerator<AnalysisSheet> {
  const skipsOf = await skipReader(query, project);
  let n = 0;
  for await (const rows of filteredSheetBatches(query, project.id, filter)) {
    for (const r of rows) {
      n += 1;
      yield {
        no: n,
        publicId: r.public_id,
        createdAt: new Date(r.created_at),
        durationSeconds: r.duration_seconds,
        score: r.score,
        answers: r.answers,
        skipped: skipsOf(r.answers, r.submission_id),
      };
    }
    await onRows?.(n);
  }
}
