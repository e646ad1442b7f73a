import { CalendarCheck, LoaderCircle } from 'lucide-react';
import type { TSignStatus } from '../../../schemas/api/coins';
import { SIGN_RULE } from '../../../schemas/coins/rules';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import styles from './task-styles';

const BONUS_DAYS = new Set<number>(SIGN_RULE.bonuses.map((b) => b.day));

/** 每日签到: the streak, today's reward, the 7-day cycle with its bonus days, and the 签到 button. */
export function SignCard({ sign, coinName, signing, onSign }: { sign: TSignStatus; coinName: string; signing: boolean; onSign: () => void }) {
  return (
    <section className={styles.panel} aria-labelledby="sign-title">
      <div className={styles.signHead}>
        <div>
          <h2 id="sign-title" className={styles.sectionTitle}>
            <span>每日签到</span>
            <span className={styles.sectionNote}>连续签到第 3 天、第 7 天有额外奖励</span>
          </h2>
          <p className={styles.signText} data-testid="sign-streak">
            {sign.signedToday ? '今日已签到，' : ''}已连续签到 <strong>{sign.streak}</strong> 天
            {sign.signedToday ? `，今日获得 ${sign.todayReward} ${coinName}` : `，今日签到可得 ${sign.todayReward} ${coinName}`}
          </p>
        </div>
        <Button variant="primary" disabled={sign.signedToday || signing} onClick={onSign}>
          {signing ? <LoaderCircle size={14} aria-hidden /> : <CalendarCheck size={14} aria-hidden />}
          {sign.signedToday ? '今日已签到' : '签到'}
        </Button>
      </div>
      <ol className={styles.days} aria-label="7 天签到周期">
        {sign.days.map((day) => (
          <li
            key={day.day}
            className={cx(styles.day, BONUS_DAYS.has(day.day) && styles.bonus, day.signed && styles.signed, day.today && styles.today)}
            aria-current={day.today ? 'date' : undefined}
          >
            <span className={styles.dayLabel}>第{day.day}天</span>
            <span className={styles.dayReward}>+{day.reward}</span>
            {BONUS_DAYS.has(day.day) ? <span className={styles.bonusTag}>奖励日</span> : null}
            <span>{day.signed ? '已签' : day.today ? '今天' : ''}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
