import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { TAppointmentStatement } from '../../../schemas/api/appointment';
import { appointmentStatementQuery } from '../../api/appointment';
import { Button } from '../../ui/button';
import { ErrorState, LoadingState } from '../../ui/states';
import { Chart } from '../../ui/chart';
import { dayText, percent } from './appointment-format';
import styles from './appointment-styles';

const COLORS = { checkedIn: '#13a86b', booked: '#1f6feb', noShow: '#f08c00', cancelled: '#a9aeb8' };

/** Per day: the bookings stacked by state (签到, 待到店, 爽约, 取消). */
function DaysChart({ days }: { days: TAppointmentStatement['days'] }) {
  const option = useMemo(() => {
    const series = (name: string, key: keyof typeof COLORS) => ({
      type: 'bar',
      name,
      stack: 'bookings',
      barMaxWidth: 28,
      data: days.map((d) => d[key]),
      itemStyle: { color: COLORS[key] },
    });
    return {
      grid: { left: 40, right: 16, top: 36, bottom: 32 },
      legend: { top: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: days.map((d) => `${Number(d.date.slice(5, 7))}/${Number(d.date.slice(8, 10))}`) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [series('已到场', 'checkedIn'), series('待到店', 'booked'), series('爽约', 'noShow'), series('已取消', 'cancelled')],
    };
  }, [days]);
  return <Chart option={option} height={280} label={`每天的预约，按状态分，共 ${days.length} 天`} />;
}

/** Per slot of the day: the fill rate (places taken over places offered). */
function SlotsChart({ slots }: { slots: TAppointmentStatement['slots'] }) {
  const option = useMemo(
    () => ({
      grid: { left: 56, right: 40, top: 12, bottom: 24 },
      tooltip: {
        trigger: 'axis',
        formatter: (items: { dataIndex: number }[]) => {
          const s = slots[items[0]?.dataIndex ?? 0];
          return s ? `${s.resourceName ? `${s.resourceName} ` : ''}${s.start}-${s.end}<br/>满约率 ${percent(s.fillRate)}（${s.people}/${s.capacity}）` : '';
        },
      },
      xAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
      yAxis: { type: 'category', inverse: true, data: slots.map((s) => `${s.resourceName ? `${s.resourceName} ` : ''}${s.start}`) },
      series: [
        {
          type: 'bar',
          name: '满约率',
          barMaxWidth: 20,
          data: slots.map((s) => Math.round(s.fillRate * 100)),
          itemStyle: { color: '#d9488f', borderRadius: [0, 4, 4, 0] },
          label: { show: true, position: 'right', formatter: '{c}%', fontSize: 11 },
        },
      ],
    }),
    [slots],
  );
  return <Chart option={option} height={Math.max(160, slots.length * 34 + 40)} label={`各时段满约率，共 ${slots.length} 个时段`} />;
}

/**
 * 预约统计: totals (bookings, arrived, no-shows, cancelled, fill rate), each day's bookings by state, and the fill
 * rate of each slot of the day, for the schedule's range or the dates picked (the server aggregates them).
 */
export function AppointmentStatementPanel({ questionId }: { questionId: string }) {
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const [draft, setDraft] = useState({ from: '', to: '' });
  const query = useQuery(appointmentStatementQuery(questionId, range.from, range.to));
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState title="统计加载失败" description={query.error.message} />;
  const s = query.data;
  const days = s.days.filter((d) => d.capacity || d.bookings);
  const t = s.totals;
  return (
    <div className={styles.stack}>
      <div className={styles.cardHead}>
        <p className={styles.hint}>
          统计范围：{dayText(s.from)} 至 {dayText(s.to)}（时区 {s.timeZone}）
        </p>
        <div className={styles.filters}>
          <input
            className={styles.input}
            type="date"
            aria-label="统计开始日期"
            value={draft.from || s.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
          <span className={styles.muted}>至</span>
          <input
            className={styles.input}
            type="date"
            aria-label="统计结束日期"
            value={draft.to || s.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
          <Button size="sm" onClick={() => setRange({ from: draft.from || s.from, to: draft.to || s.to })}>
            查看
          </Button>
        </div>
      </div>
      <div className={styles.stats} data-testid="appointment-statement-totals">
        <div className={styles.stat}>
          <strong data-testid="stat-bookings">{t.bookings}</strong>
          <span>预约总数</span>
        </div>
        <div className={styles.stat}>
          <strong data-testid="stat-booked">{t.booked}</strong>
          <span>待到店</span>
        </div>
        <div className={styles.stat}>
          <strong data-testid="stat-checkedIn">{t.checkedIn}</strong>
          <span>已到场</span>
        </div>
        <div className={styles.stat}>
          <strong data-testid="stat-noShow">{t.noShow}</strong>
          <span>爽约</span>
        </div>
        <div className={styles.stat}>
          <strong data-testid="stat-cancelled">{t.cancelled}</strong>
          <span>已取消</span>
        </div>
        <div className={styles.stat}>
          <strong data-testid="stat-fill">{percent(t.fillRate)}</strong>
          <span>
            满约率（{t.people}/{t.capacity}）
          </span>
        </div>
      </div>
      <div className={styles.charts}>
        <section className={styles.card} aria-label="每日预约">
          <h2 className={styles.cardTitle}>每日预约</h2>
          {t.bookings ? <DaysChart days={days} /> : <p className={styles.empty}>这段时间还没有预约</p>}
        </section>
        <section className={styles.card} aria-label="各时段满约率">
          <h2 className={styles.cardTitle}>各时段满约率</h2>
          {s.slots.length ? <SlotsChart slots={s.slots} /> : <p className={styles.empty}>这段时间没有开放的时段</p>}
        </section>
      </div>
      <section className={styles.card} aria-label="每日明细">
        <h2 className={styles.cardTitle}>每日明细</h2>
        {days.length ? (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th>日期</th>
                  <th>预约</th>
                  <th>待到店</th>
                  <th>已到场</th>
                  <th>爽约</th>
                  <th>已取消</th>
                  <th>候补</th>
                  <th>占用/名额</th>
                  <th>满约率</th>
                </tr>
              </thead>
              <tbody>
                {days.map((d) => (
                  <tr key={d.date}>
                    <td className={styles.nowrap}>{dayText(d.date)}</td>
                    <td>{d.bookings}</td>
                    <td>{d.booked}</td>
                    <td>{d.checkedIn}</td>
                    <td>{d.noShow}</td>
                    <td>{d.cancelled}</td>
                    <td>{d.waitlisted}</td>
                    <td className={styles.nowrap}>
                      {d.people}/{d.capacity}
                    </td>
                    <td>{percent(d.fillRate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className={styles.empty}>这段时间没有开放的日期</p>
        )}
      </section>
    </div>
  );
}
