import type { TOptionStat, TRankStat, TSubjectStat } from '../../../schemas/api/report';
import { plainText } from '../../ui/subject-preview';
import type { EChartsCoreOption } from '../../ui/echarts-setup';

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
        data: options.map((o, i) => ({
          value: o.count,
          itemStyle: { color: PALETTE[i % PALETTE.length], borderRadius: horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0] },
        })),
        label: {
          show: true,
          position: horizontal ? 'right' : 'top',
          color: '#5c6370',
          formatter: (p: { dataIndex: number }) => `${options[p.dataIndex]!.count} (${options[p.dataIndex]!.percent}%)`,
        },
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
  const option = barOption(distribution, false) as { xAxis: { axisLabel: object }; series: { label: object }[] };
  if (distribution.length <= 6) return option as EChartsCoreOption;
  // Many bars (NPS 0–10, ten buckets): on a narrow screen labels give way instead of overlapping.
  option.xAxis.axisLabel = { color: '#5c6370', interval: 'auto', hideOverlap: true };
  option.series[0]!.label = {
    show: true,
    position: 'top',
    color: '#5c6370',
    fontSize: 11,
    formatter: (p: { dataIndex: number }) => String(distribution[p.dataIndex]!.count),
  };
  return option as EChartsCoreOption;
}

/** Plain values per category (averages): bars with the value on top, horizontal when there are many or long labels. */
export function valueOption(items: { label: string; value: number | null }[], horizontal = false, max?: number): EChartsCoreOption {
  const names = items.map((i) => i.label);
  const category = { type: 'category', data: names, ...AXIS, axisLabel: { color: '#5c6370', formatter: (v: string) => cut(v), interval: 0 } };
  const value = { type: 'value', ...AXIS, ...(max !== undefined ? { max } : {}) };
  return {
    color: PALETTE,
    grid: { left: 8, right: 32, top: 16, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? { ...category, inverse: true } : value,
    series: [
      {
        type: 'bar',
        barMaxWidth: 32,
        data: items.map((i, n) => ({
          value: i.value ?? 0,
          itemStyle: { color: PALETTE[n % PALETTE.length], borderRadius: horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0] },
        })),
        label: {
          show: true,
          position: horizontal ? 'right' : 'top',
          color: '#5c6370',
          formatter: (p: { dataIndex: number }) => (items[p.dataIndex]!.value === null ? '-' : String(items[p.dataIndex]!.value)),
        },
      },
    ],
  };
}

/** Shares as a ring (constant-sum averages, distributions). */
export function sharePieOption(items: { label: string; value: number }[]): EChartsCoreOption {
  return pieOption(items.map((i, n) => ({ uuid: String(n), title: i.label, count: i.value, percent: 0 })));
}

/** Ranking: how often each option was put at each position, one stacked segment per position. */
export function positionsOption(ranking: TRankStat[], positionName: (n: number) => string): EChartsCoreOption {
  const places = ranking[0]?.positions.length ?? 0;
  return {
    color: PALETTE,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, textStyle: { color: '#5c6370' } },
    grid: { left: 8, right: 24, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1, ...AXIS },
    yAxis: { type: 'category', inverse: true, data: ranking.map((r) => cut(plainText(r.title))), ...AXIS },
    series: Array.from({ length: places }, (_, p) => ({
      type: 'bar',
      name: positionName(p + 1),
      stack: 'total',
      barMaxWidth: 28,
      data: ranking.map((r) => r.positions[p] ?? 0),
    })),
  };
}

/** Matrix: bars grouped by row, one bar per column. */
export function groupedOption(stat: TSubjectStat): EChartsCoreOption {
  const rows = stat.rows ?? [];
  return {
    color: PALETTE,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, textStyle: { color: '#5c6370' } },
    grid: { left: 8, right: 24, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: rows.map((r) => cut(plainText(r.title), 10)), ...AXIS, axisLabel: { color: '#5c6370', interval: 0 } },
    yAxis: { type: 'value', minInterval: 1, ...AXIS },
    series: (stat.columns ?? []).map((c, j) => ({ type: 'bar', name: plainText(c.title), barMaxWidth: 18, data: rows.map((r) => r.cells[j]?.count ?? 0) })),
  };
}

/** Correct rate per subject, 0–100 %. */
export function rateOption(items: { label: string; rate: number }[]): EChartsCoreOption {
  const option = valueOption(
    items.map((i) => ({ label: i.label, value: i.rate })),
    true,
    100,
  ) as { series: { label: object }[] };
  option.series[0]!.label = { show: true, position: 'right', color: '#5c6370', formatter: (p: { dataIndex: number }) => `${items[p.dataIndex]!.rate}%` };
  return option as EChartsCoreOption;
}
