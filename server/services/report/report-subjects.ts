/** The subjects a report lists: the answerable ones in display order with their displayed number, and their titles as plain text. */
import { displayIndexes, sortByIndex } from '../../../schemas/subjects/numbering';
import { subjectEntry, type TSubject } from '../../../schemas/subjects/registry';
import type { Query } from '../../db/client';
import { listSubjects } from '../projects/subjects.service';
import { QUESTION_TYPE } from '../../../schemas/project-kinds';
import type { ProjectRow } from '../../db/rows';
import { factPlan, type FactPlan } from './report-facts';
import { decodeEntities } from '../../../schemas/rich-text/entities';

/** Title without markup (exports, cross-tab labels). */
export const plainTitle = (html: string): string => decodeEntities(html.replace(/<[^>]*>/g, '')).trim();

export interface ReportSubject {
  subject: TSubject;
  index: number | null;
}

/** Answerable subjects in display order with their displayed index. */
export async function reportSubjects(query: Query, projectId: number): Promise<ReportSubject[]> {
  const subjects = sortByIndex(await listSubjects(query, projectId));
  const indexes = displayIndexes(subjects);
  return subjects.filter((s) => subjectEntry(s.subjectType).answerable).map((subject) => ({ subject, index: indexes.get(subject.uuid) ?? null }));
}

/**
 * The report's fact plan of a project: what its rollup, its filter index and a sheet's move or edit count. Every
 * report call asks the filter index for this one plan, so a project's index is loaded once for all of them.
 */
export async function reportPlan(query: Query, project: Pick<ProjectRow, 'id' | 'question_type'>): Promise<FactPlan> {
  const subjects = (await reportSubjects(query, project.id)).map((l) => l.subject);
  return factPlan(subjects, project.question_type === QUESTION_TYPE.exam);
}
