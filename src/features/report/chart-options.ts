import type { TOptionStat, TSubjectStat } from '../../../schemas/api/report';
import { plainText } from '../../ui/subject-preview';
import type { EChartsCoreOption } from './echarts-setup';

/** Chart options as plain data (no echarts import here: the library loads with the first chart). */
const PALETTE = ['#1f7bff', '#22b07d', '#ffb020', '#f5587b', '#7b61ff', '#19b4d1', '#ff7d3b', '#8a94a6', '#36cfc9', '#d46b08'];
const AXIS = { axisLine: { lineStyle: { color: '#d9dde4' } }, axisLabel: { color: '#5c6370' }, splitLine: { lineStyle: { color: '#eef0f3' } } };
const cut = (s: string, n = 14) => (s.length > n ? `${s.slice(0, n)}…` : s);

export function barOption(options: TOptionStat[], horizontal = false): EChartsCoreOption {
  const names = options.map((o) => plainText(o.title));
  const category = { type: 'category', data: names, ...AXIS, axisLabel: { color: '#5c6370', formatter: (v: string) => cut(v), interval: 0 } };
  const value = { type: 'value', minInterval: 1, ...AXIS };
  return {
    color: PALETTE,
    grid: { left: 8, right: 24, top: 16, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? { ...category, inverse: true } : value,
    series: [
      {
        type: 'bar',
        barMaxWidth: 36,
        data: options.map((o, i) => ({ value: o.count, itemStyle: { color: PALETTE[i % PALETTE.length], borderRadius: horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0] } })),
        label: { show: true, position: horizontal ? 'right' : 'top', color: '#5c6370', formatter: (p: { dataIndex: number }) => `${options[p.dataIndex]!.count} (${options[p.dataIndex]!.percent}%)` },
      },
    ],
  };
}

export function pieOption(options: TOptionStat[]): EChartsCoreOption {
  return {
    color: PALETTE,
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { type: 'scroll', orient: 'vertical', right: 8, top: 'middle', textStyle: { color: '#5c6370' }, formatter: (v: string) => cut(v, 12) },
    series: [
      {
        type: 'pie',
        radius: ['42%', '70%'],
        center: ['38%', '50%'],
        itemStyle: { borderColor: '#fff', borderWidth: 2 },
        label: { formatter: '{d}%', color: '#5c6370' },
        data: options.map((o) => ({ name: plainText(o.title), value: o.count })),
      },
    ],
  };
}

/** Matrix: a horizontal stacked bar per row, one segment per column. */
export function stackedOption(stat: TSubjectStat): EChartsCoreOption {
  const rows = stat.rows ?? [];
  return {
    color: PALETTE,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, textStyle: { color: '#5c6370' } },
    grid: { left: 8, right: 24, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1, ...AXIS },
    yAxis: { type: 'category', inverse: true, data: rows.map((r) => cut(plainText(r.title))), ...AXIS },
    series: (stat.columns ?? []).map((c, j) => ({
      type: 'bar',
      name: plainText(c.title),
      stack: 'total',
      barMaxWidth: 28,
      data: rows.map((r) => r.cells[j]?.count ?? 0),
    })),
  };
}

/** Number answers: one bar per point or bucket. */
export function distributionOption(distribution: TOptionStat[]): EChartsCoreOption {
  return barOption(distribution, false);
}
