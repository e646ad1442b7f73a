import type { TSubjectStat } from '../../../schemas/api/report';
import { plainText } from '../../ui/subject-preview';
import { barOption, distributionOption, groupedOption, pieOption, positionsOption, sharePieOption, stackedOption, valueOption } from './chart-options';
import type { EChartsCoreOption } from '../../ui/echarts-setup';
import { onPoints, scoredChoice } from './stat-traits';

export type TCardKind = 'bar' | 'pie' | 'table' | 'stacked' | 'grouped' | 'average' | 'positions';

/** The chart kinds a card offers, the default first; 'table' hides the chart. */
export function kindsOf(s: TSubjectStat): TCardKind[] {
  switch (s.kind) {
    case 'matrix':
      return onPoints(s) ? ['stacked', 'average', 'table'] : ['stacked', 'grouped', 'table'];
    case 'ranking':
      return ['bar', 'positions', 'table'];
    case 'sum':
      return ['bar', 'pie', 'table'];
    case 'number':
      // On a small integer scale a pie of the points means something.
      return onPoints(s) ? ['bar', 'pie', 'table'] : ['bar', 'table'];
    case 'choice':
      return scoredChoice(s) || !s.multiple ? ['bar', 'pie', 'table'] : ['bar', 'table'];
    default:
      return [];
  }
}

export interface TChartWords {
  position: (n: number) => string;
}

/** The chart of a card in the chosen kind, or null (table kind, or nothing to draw). */
export function chartFor(s: TSubjectStat, kind: TCardKind, words: TChartWords): EChartsCoreOption | null {
  if (kind === 'table') return null;
  // Evaluation: the chart is the score distribution; its labels are listed in a table below.
  if (scoredChoice(s) && s.distribution) return kind === 'pie' ? pieOption(s.distribution) : distributionOption(s.distribution);
  switch (s.kind) {
    case 'choice':
      return s.options ? (kind === 'pie' ? pieOption(s.options) : barOption(s.options, s.options.length > 6)) : null;
    case 'matrix':
      if (kind === 'stacked') return stackedOption(s);
      if (kind === 'average')
        return valueOption(
          (s.rows ?? []).map((r) => ({ label: plainText(r.title), value: r.average })),
          true,
        );
      return groupedOption(s);
    case 'ranking':
      if (!s.ranking) return null;
      return kind === 'positions'
        ? positionsOption(s.ranking, words.position)
        : valueOption(
            s.ranking.map((r) => ({ label: plainText(r.title), value: r.avgPosition })),
            true,
            s.ranking.length,
          );
    case 'sum': {
      const items = (s.sums ?? []).map((x) => ({ label: plainText(x.title), value: x.avg }));
      return kind === 'pie' ? sharePieOption(items) : valueOption(items, items.length > 6);
    }
    case 'number':
      if (!s.distribution) return null;
      return kind === 'pie' ? pieOption(s.distribution.filter((d) => d.count > 0)) : distributionOption(s.distribution);
    default:
      return null;
  }
}

/** Chart height: horizontal bar charts grow with their categories. */
export function chartHeight(s: TSubjectStat, kind: TCardKind): number {
  if (s.kind === 'matrix' && kind !== 'grouped') return Math.max(240, (s.rows?.length ?? 0) * 48 + 80);
  if (s.kind === 'ranking') return Math.max(220, (s.ranking?.length ?? 0) * 44 + (kind === 'positions' ? 80 : 40));
  return 280;
}
