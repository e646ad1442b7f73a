// The only module that imports echarts: loaded lazily by chart.tsx, so echarts stays out of the main chunk.
// Only the charts and components the report (and the appointment and check-in statements) draw are registered.
import { BarChart, PieChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, AriaComponent, SVGRenderer]);

export type { EChartsCoreOption } from 'echarts/core';
export const init = echarts.init;
