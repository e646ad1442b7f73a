import type { TSignStatus } from '../api/coins';
import { SIGN_RULE, signReward } from './rules';

/**
 * The sign-in card's state from two streaks: today's row (0: not signed today) and yesterday's (0: none, the streak
 * broke). The 7-day cycle the streak is in, each day's reward (the bonus days carry theirs) and which are signed.
 */
export function signStatusOf(signedStreak: number, yesterdayStreak: number): TSignStatus {
  const signedToday = signedStreak > 0;
  const streak = signedToday ? signedStreak : yesterdayStreak;
  const todayStreak = signedToday ? signedStreak : yesterdayStreak + 1;
  const todayAt = ((todayStreak - 1) % SIGN_RULE.cycle) + 1;
  const days = Array.from({ length: SIGN_RULE.cycle }, (_, i) => {
    const day = i + 1;
    return { day, reward: signReward(day), signed: day < todayAt || (day === todayAt && signedToday), today: day === todayAt };
  });
  return { signedToday, streak, todayReward: signReward(todayStreak), days };
}
