import type { TCrossTab } from '../../../schemas/api/report';
import { plainText } from '../../ui/subject-preview';
import type { EChartsCoreOption } from '../../ui/echarts-setup';

/** How the cross-tab chart reads: each row's answers as shares of the row (100 %), or the counts side by side. */
export type TCrossChartMode = 'share' | 'count';

const PALETTE = ['#1f7bff', '#22b07d', '#ffb020', '#f5587b', '#7b61ff', '#19b4d1', '#ff7d3b', '#8a94a6', '#36cfc9', '#d46b08'];
const AXIS = {
  axisLine: { lineStyle: { color: '#d9dde4' } },
  axisLabel: { color: '#5c6370' },
  splitLine: { lineStyle: { color: '#eef0f3' } },
};
const cut = (s: string, n = 14) => (s.length > n ? `${s.slice(0, n)}…` : s);

/**
 * One bar per row option, one segment (share) or one bar (count) per column option. Shares are the row
 * percentages the table shows, so chart and table always agree.
 */
export function crossTabOption(data: TCrossTab, mode: TCrossChartMode): EChartsCoreOption {
  const share = mode === 'share';
  return {
    color: PALETTE,
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v: number) => (share ? `${v}%` : String(v)),
    },
    legend: { type: 'scroll', top: 0, textStyle: { color: '#5c6370' } },
    grid: { left: 8, right: 24, top: 36, bottom: 8, containLabel: true },
    xAxis: {
      type: 'value',
      ...AXIS,
      ...(share ? { max: 100, axisLabel: { color: '#5c6370', formatter: '{value}%' } } : { minInterval: 1 }),
    },
    yAxis: {
      type: 'category',
      inverse: true,
      data: data.rows.map((r) => cut(plainText(r.title))),
      ...AXIS,
    },
    series: data.columns.map((c, j) => ({
      type: 'bar',
      name: plainText(c.title),
      barMaxWidth: 28,
      ...(share ? { stack: 'share' } : {}),
      data: data.cells.map((line) => (share ? line[j]!.rowPercent : line[j]!.count)),
    })),
  };
}
