import type { TExamSubjectStat } from '../../schemas/api/report';
import { isScored } from '../../schemas/scoring';
import type { Query } from '../db/client';
import { Params } from './report-filter';
import { round, type SheetWhere } from './report-subject-facts';
import type { ReportSubject } from './report.service';

const pct = (n: number, base: number) => (base > 0 ? Math.round((n / base) * 10_000) / 100 : 0);

/**
 * Per scored subject of an exam: the graded sheets of the set, their average score and the share with full
 * marks (the correct rate), read from each sheet's stored grading (`result.score.subjects`), so a later edit of
 * the answer key does not rewrite past results.
 */
export async function examSubjectStats(query: Query, set: SheetWhere, list: ReportSubject[]): Promise<TExamSubjectStat[]> {
  const scored = list.filter(({ subject }) => isScored(subject));
  if (!scored.length) return [];
  const p = new Params(set.params.values);
  const rows = await query<{ k: string; n: string; avg: number | null; full: string }>(
    `SELECT x.k, count(*) AS n, avg((x.sc ->> 'score')::float8) AS avg,
            count(*) FILTER (WHERE (x.sc ->> 'score')::float8 >= (x.sc ->> 'max')::float8) AS full
     FROM answer_sheets a
     CROSS JOIN LATERAL (SELECT k, a.result -> 'score' -> 'subjects' -> k AS sc FROM unnest(${p.add(scored.map(({ subject }) => subject.uuid))}::text[]) AS k) x
     WHERE ${set.where} AND jsonb_typeof(x.sc) = 'object' GROUP BY 1`,
    p.values,
  );
  const byKey = new Map(rows.map((r) => [r.k, r]));
  return scored.map(({ subject, index }) => {
    const r = byKey.get(subject.uuid);
    const count = Number(r?.n ?? 0);
    const fullCount = Number(r?.full ?? 0);
    return {
      uuid: subject.uuid,
      index,
      title: subject.title,
      subjectType: subject.subjectType,
      maxScore: subject.score ?? 0,
      count,
      average: r?.avg === null || r?.avg === undefined ? null : round(Number(r.avg)),
      fullCount,
      correctRate: pct(fullCount, count),
    };
  });
}
