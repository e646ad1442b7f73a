import { QUESTION_TYPE } from '../../../schemas/project-kinds';
import type { TReportFilter } from '../../../schemas/api/report';
import type { Database, Query } from '../../db/client';
import type { ProjectRow } from '../../db/rows';
import { factPlan, type FactPlan } from './report-facts';
import { reportSubjects } from './report-subjects';
import { withFilteredSheets } from './sheet-index/filter-bitmap';

/** Where a report reads a filtered set: the filter index, or SQL (the reference the property test compares with). */
export type ReportVia = 'index' | 'sql';

type Db = Pick<Database, 'query' | 'transaction' | 'engine'>;

/**
 * The report's fact plan: every report call asks the filter index for this one plan, so a project's index is
 * loaded once for the statement, the cross-tab and the counts (index-store.ts keeps one index per plan).
 */
export async function reportPlan(query: Query, project: ProjectRow): Promise<FactPlan> {
  const subjects = (await reportSubjects(query, project.id)).map((l) => l.subject);
  return factPlan(subjects, project.question_type === QUESTION_TYPE.exam);
}

/**
 * The number of sheets the filter selects, as a cardinality of the filter index (issue 54 item 1: the data
 * detail's total, the export's size), or null when the index cannot answer yet: the caller counts in SQL.
 */
export async function indexedCount(database: Db, project: ProjectRow, filter: TReportFilter | undefined): Promise<number | null> {
  const plan = await reportPlan(database.query, project);
  const answer = await withFilteredSheets(database, project.id, plan, filter, (_index, set) => set.size);
  return typeof answer === 'object' ? answer.value : null;
}
