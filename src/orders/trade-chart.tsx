import { ChartBox } from '../ui/chart-box';
import type { EChartsCoreOption } from './pay-echarts';

let loading: Promise<typeof import('./pay-echarts')> | null = null;
const loadEcharts = () => (loading ??= import('./pay-echarts'));

/** A trade statement chart in the shared chart box. */
export function TradeChart({ option, height = 280, label }: { option: EChartsCoreOption; height?: number; label: string }) {
  return <ChartBox load={loadEcharts} option={option} height={height} label={label} />;
}
