import type { TOptionStat, TSubjectStat } from '../../schemas/api/report';
import { plainTitle } from '../services/report/report-subjects';

/**
 * The report's charts drawn by echarts on the server (SSR to an SVG string, libraries.md), with the same
 * palette and kinds as the web report: bars for choices and number distributions, stacked bars for
 * matrices. Text uses the family name the PDF writer maps to the CJK font.
 */
export const CHART_FONT = 'cjk';
const PALETTE = ['#1f7bff', '#22b07d', '#ffb020', '#f5587b', '#7b61ff', '#19b4d1', '#ff7d3b', '#8a94a6', '#36cfc9', '#d46b08'];
const AXIS = { axisLine: { lineStyle: { color: '#d9dde4' } }, axisLabel: { color: '#5c6370', fontSize: 11 }, splitLine: { lineStyle: { color: '#eef0f3' } } };
const cut = (s: string, n = 12) => (s.length > n ? `${s.slice(0, n)}…` : s);

type EChartsModule = typeof import('echarts');
let loaded: Promise<EChartsModule> | null = null;
/** echarts is loaded with the first PDF, not when the server starts. */
const echartsModule = () => (loaded ??= import('echarts'));

export interface ChartSvg {
  svg: string;
  width: number;
  height: number;
}

function barOption(options: TOptionStat[]): object {
  return {
    grid: { left: 8, right: 72, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1, ...AXIS },
    yAxis: { type: 'category', inverse: true, data: options.map((o) => cut(plainTitle(o.title))), ...AXIS, axisLabel: { ...AXIS.axisLabel, interval: 0 } },
    series: [
      {
        type: 'bar',
        barMaxWidth: 18,
        data: options.map((o, i) => ({ value: o.count, itemStyle: { color: PALETTE[i % PALETTE.length], borderRadius: [0, 3, 3, 0] } })),
        label: {
          show: true,
          position: 'right',
          color: '#5c6370',
          fontSize: 10,
          formatter: (p: { dataIndex: number }) => `${options[p.dataIndex]!.count} (${options[p.dataIndex]!.percent}%)`,
        },
      },
    ],
  };
}

function columnOption(options: TOptionStat[]): object {
  return {
    grid: { left: 8, right: 16, top: 20, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: options.map((o) => cut(plainTitle(o.title), 10)),
      ...AXIS,
      axisLabel: { ...AXIS.axisLabel, interval: 0, rotate: options.length > 8 && options.some((o) => plainTitle(o.title).length > 3) ? 30 : 0 },
    },
    yAxis: { type: 'value', minInterval: 1, ...AXIS },
    series: [
      {
        type: 'bar',
        barMaxWidth: 28,
        data: options.map((o) => ({ value: o.count, itemStyle: { color: PALETTE[0], borderRadius: [3, 3, 0, 0] } })),
        label: { show: true, position: 'top', color: '#5c6370', fontSize: 10 },
      },
    ],
  };
}

function stackedOption(stat: TSubjectStat): object {
  const rows = stat.rows ?? [];
  return {
    legend: { top: 0, textStyle: { color: '#5c6370', fontSize: 10 }, itemWidth: 10, itemHeight: 8 },
    grid: { left: 8, right: 16, top: 28, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1, ...AXIS },
    yAxis: { type: 'category', inverse: true, data: rows.map((r) => cut(plainTitle(r.title))), ...AXIS, axisLabel: { ...AXIS.axisLabel, interval: 0 } },
    series: (stat.columns ?? []).map((c, j) => ({
      type: 'bar',
      name: cut(plainTitle(c.title), 8),
      stack: 'total',
      barMaxWidth: 18,
      itemStyle: { color: PALETTE[j % PALETTE.length] },
      data: rows.map((r) => r.cells[j]?.count ?? 0),
    })),
  };
}

/** The chart of one subject, or null when it has none (text answers, empty distributions). */
export async function subjectChart(stat: TSubjectStat, width: number): Promise<ChartSvg | null> {
  let option: object | null = null;
  let height = 0;
  if (stat.kind === 'choice' && stat.options?.length) {
    option = barOption(stat.options);
    height = Math.min(40 + stat.options.length * 26, 420);
  } else if (stat.kind === 'matrix' && stat.rows?.length && stat.columns?.length) {
    option = stackedOption(stat);
    height = Math.min(60 + stat.rows.length * 28, 420);
  } else if (stat.kind === 'number' && stat.distribution?.length) {
    option = columnOption(stat.distribution);
    height = 200;
  }
  if (!option) return null;
  const echarts = await echartsModule();
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({ animation: false, color: PALETTE, textStyle: { fontFamily: CHART_FONT }, ...option });
    return { svg: chart.renderToSVGString(), width, height };
  } finally {
    chart.dispose();
  }
}
