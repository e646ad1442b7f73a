import { useMemo } from 'react';
import type { TCheckInManageView } from '../../../schemas/api/checkin';
import { dayLabel } from '../../../schemas/checkin/days';
import { Chart } from '../../ui/chart';

/** 每日完成率: one bar per check-in day (done of those who had joined by then), the count in the tooltip. */
export function CheckInRateChart({ rates }: { rates: TCheckInManageView['rates'] }) {
  const option = useMemo(
    () => ({
      grid: { left: 44, right: 16, top: 24, bottom: 32 },
      tooltip: {
        trigger: 'axis',
        formatter: (items: { dataIndex: number }[]) => {
          const r = rates[items[0]?.dataIndex ?? 0];
          return r ? `${dayLabel(r.day)}<br/>完成率 ${Math.round(r.rate * 100)}%（${r.done}/${r.expected} 人）` : '';
        },
      },
      xAxis: { type: 'category', data: rates.map((r) => dayLabel(r.day)), axisTick: { alignWithLabel: true } },
      yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
      series: [
        {
          type: 'bar',
          name: '完成率',
          barMaxWidth: 28,
          data: rates.map((r) => Math.round(r.rate * 100)),
          itemStyle: { color: '#1f6feb', borderRadius: [4, 4, 0, 0] },
          label: { show: rates.length <= 14, position: 'top', formatter: '{c}%', fontSize: 11 },
        },
      ],
    }),
    [rates],
  );
  return <Chart option={option} height={260} label={`每日打卡完成率，共 ${rates.length} 个打卡日`} />;
}
