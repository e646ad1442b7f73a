import { ChartBox } from './chart-box';
import type { EChartsCoreOption } from './echarts-setup';
import styles from './chart.module.css';

let loading: Promise<typeof import('./echarts-setup')> | null = null;
/** echarts arrives in its own chunk, asked for as soon as the report's code runs (beside its data, not after it). */
const loadEcharts = () => (loading ??= import('./echarts-setup'));
if (typeof window !== 'undefined') void loadEcharts();

export interface TChartProps {
  option: EChartsCoreOption;
  height?: number;
  label: string;
}

/** A bar or pie chart (report, appointment statement, check-in rate): the bar-and-pie echarts module in the shared chart box. */
export function Chart({ option, height = 280, label }: TChartProps) {
  return <ChartBox load={loadEcharts} option={option} height={height} label={label} className={styles.chart} />;
}
