import type { TCheckInManageView, TCheckInSettings } from '../../../schemas/api/checkin';
import { dayLabel } from '../../../schemas/checkin/days';
import { cx } from '../../ui/cx';
import styles from './chain-styles';
import { shanghaiTime } from '../../ui/shanghai-time';

const KIND_NAMES = { ontime: '按时', late: '迟到', makeup: '补卡' } as const;

/** The check-in's 打卡记录: each record's day, name, content, number (when the check-in asks one), kind and time. */
export function CheckInRecordsCard({ records, settings }: { records: TCheckInManageView['records']; settings: TCheckInSettings }) {
  return (
    <section className={styles.listCard} aria-label="打卡记录">
      <h2 className={styles.cardTitle}>打卡记录</h2>
      {records.length ? (
        <table className={cx(styles.table, styles.recordTable)}>
          <thead>
            <tr>
              <th>日期</th>
              <th>姓名</th>
              <th>内容</th>
              {settings.numberMode !== 'off' ? <th>{settings.numberLabel || '数值'}</th> : null}
              <th>方式</th>
              <th>打卡时间</th>
            </tr>
          </thead>
          <tbody>
            {records.map((r) => (
              <tr key={r.recordId} data-testid="checkin-record">
                <td className={styles.time}>{dayLabel(r.day)}</td>
                <td>{r.name}</td>
                <td className={styles.answer}>
                  {r.text || (r.photos.length ? '' : '—')}
                  {r.photos.length ? <span className={styles.masked}>{r.photos.length} 张照片</span> : null}
                </td>
                {settings.numberMode !== 'off' ? <td>{r.amount === null ? '—' : `${r.amount}${settings.numberUnit}`}</td> : null}
                <td>
                  <span className={cx(styles.kind, r.kind !== 'ontime' && styles[r.kind])}>{KIND_NAMES[r.kind]}</span>
                </td>
                <td className={styles.time}>{shanghaiTime(r.time)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className={styles.empty}>还没有人打卡。把链接发到群里，大家打卡后会出现在这里。</p>
      )}
    </section>
  );
}
