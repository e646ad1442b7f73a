import type { TRankStat, TSumStat } from '../../../schemas/api/report';
import type { TSubject } from '../../../schemas/subjects/registry';
import { pairsOf, type Facts } from './report-facts';

/** Statistics of ranking and constant-sum subjects, from the report's facts (report-facts.ts). */

type Labelled = { uuid: string; title: string };

export const round = (x: number | null, digits = 2) => (x === null ? null : Math.round(x * 10 ** digits) / 10 ** digits);

/** Sample standard deviation from (value, count) pairs; null under two values. */
export function sampleSd(pairs: Iterable<[value: number, count: number]>): number | null {
  let n = 0;
  let sum = 0;
  const list = [...pairs];
  for (const [v, c] of list) {
    n += c;
    sum += v * c;
  }
  if (n < 2) return null;
  const mean = sum / n;
  const squares = list.reduce((t, [v, c]) => t + c * (v - mean) ** 2, 0);
  return Math.sqrt(squares / (n - 1));
}

/** One ranking subject's options sorted by average position (never placed last, then in option order). */
export function rankStats(subject: TSubject, positions: Map<string, Map<number, number>>): { stats: TRankStat[]; answered: number } {
  const options = (subject as unknown as { options: Labelled[] }).options;
  let answered = 0;
  const stats = options.map((o) => {
    const at = positions.get(`${subject.uuid}\u0001${o.uuid}`) ?? new Map<number, number>();
    answered += at.get(1) ?? 0;
    const list = Array.from({ length: options.length }, (_, i) => at.get(i + 1) ?? 0);
    const count = list.reduce((a, b) => a + b, 0);
    const weighted = list.reduce((t, c, i) => t + c * (i + 1), 0);
    return { uuid: o.uuid, title: o.title, count, avgPosition: count ? round(weighted / count) : null, positions: list };
  });
  const order = new Map(options.map((o, i) => [o.uuid, i]));
  stats.sort((a, b) => (a.avgPosition ?? Infinity) - (b.avgPosition ?? Infinity) || order.get(a.uuid)! - order.get(b.uuid)!);
  return { stats, answered };
}

type SumFact = { n: number; avg: number; min: number; max: number };

/** Constant sum: per (subject, item) the answering sheets and the mean / min / max allotted (left out = 0). */
export function sumFactsOf(facts: Facts): Map<string, SumFact> {
  const out = new Map<string, SumFact>();
  for (const [key, m] of Object.entries(facts.sums)) {
    const pairs = pairsOf(m);
    const n = pairs.reduce((t, [, c]) => t + c, 0);
    if (!n) continue;
    const values = pairs.map(([v]) => v);
    out.set(key, { n, avg: pairs.reduce((t, [v, c]) => t + v * c, 0) / n, min: Math.min(...values), max: Math.max(...values) });
  }
  return out;
}

export function sumStats(subject: TSubject, facts: Map<string, SumFact>): { stats: TSumStat[]; answered: number; total: number } {
  const { items, total } = subject as unknown as { items: Labelled[]; total: number };
  let answered = 0;
  const stats = items.map((i) => {
    const f = facts.get(`${subject.uuid}\u0001${i.uuid}`);
    answered = Math.max(answered, f?.n ?? 0);
    const avg = f ? round(f.avg)! : 0;
    return { uuid: i.uuid, title: i.title, avg, min: f?.min ?? 0, max: f?.max ?? 0, share: f ? round((f.avg / total) * 100)! : 0 };
  });
  return { stats, answered, total };
}
