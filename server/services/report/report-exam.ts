import type { TExamSubjectStat } from '../../../schemas/api/report';
import { isScored } from '../../../schemas/scoring';
import type { Query } from '../../db/client';
import { collectFacts, pairsOf, type Facts } from './report-facts';
import type { SheetWhere } from './report-filter';
import { round } from './report-subject-facts';
import type { ReportSubject } from './report-subjects';

const pct = (n: number, base: number) => (base > 0 ? Math.round((n / base) * 10_000) / 100 : 0);

/**
 * Per scored subject of an exam: the graded sheets of the set, their average score and the share with full
 * marks (the correct rate), from each sheet's stored grading (`result.score.subjects`, counted as facts
 * `x:` and `f:`), so a later edit of the answer key does not rewrite past results.
 */
export function examStatsFromFacts(list: ReportSubject[], facts: Facts): TExamSubjectStat[] {
  return list
    .filter(({ subject }) => isScored(subject))
    .map(({ subject, index }) => {
      const scores = pairsOf(facts.values[`x:${subject.uuid}`]);
      const count = scores.reduce((t, [, n]) => t + n, 0);
      const fullCount = facts.values[`f:${subject.uuid}`]?.['0'] ?? 0;
      return {
        uuid: subject.uuid,
        index,
        title: subject.title,
        subjectType: subject.subjectType,
        maxScore: subject.score ?? 0,
        count,
        average: count ? round(scores.reduce((t, [v, n]) => t + v * n, 0) / count) : null,
        fullCount,
        correctRate: pct(fullCount, count),
      };
    });
}

export async function examSubjectStats(query: Query, set: SheetWhere, list: ReportSubject[]): Promise<TExamSubjectStat[]> {
  const exam = list.map((l) => l.subject).filter(isScored);
  const facts = await collectFacts(query, set, { choices: false, numbers: [], evaluations: [], answered: [], ranking: [], sums: [], exam });
  return examStatsFromFacts(list, facts);
}
