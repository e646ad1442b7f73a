import type { TReportFilter } from '../../../schemas/api/report';
import type { Database } from '../../db/client';
import type { ProjectRow } from '../../db/rows';
import { reportPlan } from './report-subjects';
import { withFilteredSheets } from './sheet-index/filter-bitmap';

/** Where a report reads a filtered set: the filter index, or SQL (the reference the property test compares with). */
export type ReportVia = 'index' | 'sql';

type Db = Pick<Database, 'query' | 'transaction' | 'engine'>;

/**
 * The number of sheets the filter selects, as a cardinality of the filter index (issue 54 item 1: the data
 * detail's total, the export's size), or null when the index cannot answer yet: the caller counts in SQL.
 */
export async function indexedCount(database: Db, project: ProjectRow, filter: TReportFilter | undefined): Promise<number | null> {
  const plan = await reportPlan(database.query, project);
  const answer = await withFilteredSheets(database, project.id, plan, filter, (_index, set) => set.size);
  return typeof answer === 'object' ? answer.value : null;
}
