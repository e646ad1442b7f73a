import { ChartBox } from '../../ui/chart-box';
import type { EChartsCoreOption } from './vote-echarts';

let loading: Promise<typeof import('./vote-echarts')> | null = null;
const loadEcharts = () => (loading ??= import('./vote-echarts'));

/** A voting chart: the voting screens' own echarts module (lines and bars only) in the shared chart box. */
export function VoteChart({ option, height = 300, label }: { option: EChartsCoreOption; height?: number; label: string }) {
  return <ChartBox load={loadEcharts} option={option} height={height} label={label} />;
}
