import { Link } from '@tanstack/react-router';
import { TIME_ZONES, type TSchedule } from '../../../schemas/appointment/schedule';
import { QUOTA_BUY_PATHS } from '../../../schemas/money/catalog';
import styles from './appointment-styles';

const ZONE_NAMES: Record<string, string> = {
  'Asia/Shanghai': '北京时间（Asia/Shanghai）',
  'Asia/Hong_Kong': '香港时间（Asia/Hong_Kong）',
  'Asia/Taipei': '台北时间（Asia/Taipei）',
  'Asia/Singapore': '新加坡时间（Asia/Singapore）',
  'Asia/Tokyo': '东京时间（Asia/Tokyo）',
  UTC: '协调世界时（UTC）',
};

/** 预约设置's 基本规则 card: open date range, time zone, party size, booking window and reminder. */
export function AppointmentRulesCard({ draft, disabled, set }: { draft: TSchedule; disabled: boolean; set: (patch: Partial<TSchedule>) => void }) {
  return (
    <section className={styles.card} aria-label="基本规则">
      <h2 className={styles.cardTitle}>基本规则</h2>
      <div className={styles.fields}>
        <label className={styles.field}>
          开放开始日期
          <input className={styles.input} type="date" value={draft.startDate} disabled={disabled} onChange={(e) => set({ startDate: e.target.value })} />
        </label>
        <label className={styles.field}>
          开放结束日期
          <input className={styles.input} type="date" value={draft.endDate} disabled={disabled} onChange={(e) => set({ endDate: e.target.value })} />
        </label>
        <label className={styles.field}>
          时区
          <select
            className={styles.select}
            value={draft.timeZone}
            disabled={disabled}
            onChange={(e) => set({ timeZone: e.target.value as TSchedule['timeZone'] })}
          >
            {TIME_ZONES.map((zone) => (
              <option key={zone} value={zone}>
                {ZONE_NAMES[zone] ?? zone}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          每次预约最多人数
          <input
            className={styles.input}
            type="number"
            min={1}
            value={draft.partySizeMax}
            disabled={disabled}
            onChange={(e) => set({ partySizeMax: Number(e.target.value) })}
          />
        </label>
        <label className={styles.field}>
          最多提前预约（天）
          <input
            className={styles.input}
            type="number"
            min={0}
            value={draft.window.daysAhead}
            disabled={disabled}
            onChange={(e) => set({ window: { ...draft.window, daysAhead: Number(e.target.value) } })}
          />
          <small>0 表示只能预约当天</small>
        </label>
        <label className={styles.field}>
          截止时间（开始前分钟）
          <input
            className={styles.input}
            type="number"
            min={0}
            value={draft.window.cutoffMinutes}
            disabled={disabled}
            onChange={(e) => set({ window: { ...draft.window, cutoffMinutes: Number(e.target.value) } })}
          />
          <small>时段开始前多少分钟停止预约</small>
        </label>
        <label className={styles.field}>
          短信提醒（开始前分钟）
          <input
            className={styles.input}
            type="number"
            min={0}
            value={draft.reminderMinutes}
            disabled={disabled}
            onChange={(e) => set({ reminderMinutes: Number(e.target.value) })}
          />
          <small>
            给留了手机号的预约人发提醒，0 表示不提醒；每条扣项目创建者 1 条短信条数，条数不足时不发送（
            <Link to={QUOTA_BUY_PATHS.sms}>购买短信条数</Link>）
          </small>
        </label>
      </div>
    </section>
  );
}
