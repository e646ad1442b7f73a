// The only voting module that imports echarts: loaded lazily by vote-chart.tsx, so it stays out of the main chunk.
import { BarChart, LineChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, AriaComponent, SVGRenderer]);

export type { EChartsCoreOption } from 'echarts/core';
export const init = echarts.init;
