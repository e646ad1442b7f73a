import type { TAiChart } from '../../../schemas/api/ai';
import type { EChartsCoreOption } from '../../ui/echarts-setup';

const PALETTE = ['#1f7bff', '#22b07d', '#ffb020', '#f5587b', '#7b61ff', '#19b4d1', '#ff7d3b', '#8a94a6', '#36cfc9', '#d46b08'];
const AXIS = { axisLine: { lineStyle: { color: '#d9dde4' } }, axisLabel: { color: '#5c6370' }, splitLine: { lineStyle: { color: '#eef0f3' } } };
const cut = (s: string, n = 10) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** A value as the chart labels it: counts as they are, shares with their %. */
export const chartValue = (chart: TAiChart, value: number) => (chart.unit === 'percent' ? `${value}%` : String(value));

/**
 * A finding's chart in the report's look (its palette and axes; features share no code): `bar` as value bars (horizontal when the labels are
 * many or long), `crosstab` as grouped bars, one bar per row of the cross-tab over the column options.
 */
export function aiChartOption(chart: TAiChart): EChartsCoreOption {
  if (chart.kind === 'bar') {
    const values = chart.series[0]?.values ?? [];
    const horizontal = isHorizontal(chart);
    const category = { type: 'category', data: chart.labels, ...AXIS, axisLabel: { color: '#5c6370', formatter: (v: string) => cut(v, 12), interval: 0 } };
    const value = { type: 'value', ...AXIS, ...(chart.unit === 'percent' ? { max: 100 } : { minInterval: 1 }) };
    return {
      color: PALETTE,
      grid: { left: 8, right: 40, top: 20, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => chartValue(chart, v) },
      xAxis: horizontal ? value : category,
      yAxis: horizontal ? { ...category, inverse: true } : value,
      series: [
        {
          type: 'bar',
          name: chart.series[0]?.name ?? chart.title,
          barMaxWidth: 32,
          data: chart.labels.map((_, i) => ({
            value: values[i] ?? 0,
            itemStyle: { color: PALETTE[i % PALETTE.length], borderRadius: horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0] },
          })),
          label: {
            show: true,
            position: horizontal ? 'right' : 'top',
            color: '#5c6370',
            formatter: (p: { dataIndex: number }) => chartValue(chart, values[p.dataIndex] ?? 0),
          },
        },
      ],
    };
  }
  return {
    color: PALETTE,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => chartValue(chart, v) },
    legend: { type: 'scroll', top: 0, textStyle: { color: '#5c6370' }, formatter: (v: string) => cut(v, 12) },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: chart.labels.map((l) => cut(l)), ...AXIS, axisLabel: { color: '#5c6370', interval: 0, hideOverlap: true } },
    yAxis: {
      type: 'value',
      ...AXIS,
      ...(chart.unit === 'percent' ? { max: 100, axisLabel: { color: '#5c6370', formatter: '{value}%' } } : { minInterval: 1 }),
    },
    series: chart.series.map((s) => ({ type: 'bar', name: s.name, barMaxWidth: 18, data: s.values })),
  };
}

/** Bars lie down when the labels are many or long (as the report's bars do). */
const isHorizontal = (chart: TAiChart) => chart.labels.length > 5 || chart.labels.some((l) => l.length > 6);

/** The chart's height: horizontal bars grow with their labels. */
export function aiChartHeight(chart: TAiChart): number {
  if (chart.kind === 'crosstab') return 280;
  return isHorizontal(chart) ? Math.max(160, chart.labels.length * 36 + 32) : 210;
}
