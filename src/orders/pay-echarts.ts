// The trade statement's echarts module (bars and a line), loaded lazily by trade-chart.tsx in its own chunk.
import { BarChart, LineChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, AriaComponent, SVGRenderer]);

export type { EChartsCoreOption } from 'echarts/core';
export const init = echarts.init;
