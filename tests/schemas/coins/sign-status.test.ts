import { describe, expect, it } from 'vitest';
import { signStatusOf } from '../../../schemas/coins/sign-status';

describe('the sign-in card (signStatusOf)', () => {
  it('before signing on the 3rd day of a streak: days 1–2 signed, today is day 3 and pays the bonus', () => {
    const s = signStatusOf(0, 2);
    expect(s).toMatchObject({ signedToday: false, streak: 2, todayReward: 15 });
    expect(s.days.map((d) => [d.day, d.signed, d.today])).toEqual([
      [1, true, false],
      [2, true, false],
      [3, false, true],
      [4, false, false],
      [5, false, false],
      [6, false, false],
      [7, false, false],
    ]);
  });

  it('after the 7th day a new cycle starts at day 1; a broken streak starts again', () => {
    expect(signStatusOf(7, 6)).toMatchObject({ signedToday: true, streak: 7, todayReward: 35 });
    const next = signStatusOf(0, 7);
    expect(next).toMatchObject({ streak: 7, todayReward: 5 });
    expect(next.days.filter((d) => d.signed)).toEqual([]);
    expect(next.days[0]!.today).toBe(true);
    expect(signStatusOf(0, 0)).toMatchObject({ streak: 0, todayReward: 5 });
  });
});
