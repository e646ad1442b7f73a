import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import type { TCheckInKind, TCheckInRules } from '../../../schemas/checkin/days';
import { monthGrid, streaksOf } from '../../../schemas/checkin/days';
import { CheckInCalendar } from '../../../src/respond/checkin/checkin-calendar';

afterEach(cleanup);

/** 2026-12-01 (Tuesday) to 12-10, Monday to Saturday, 06:00–22:00, make-ups 2 days back. */
const rules: TCheckInRules = {
  startDay: '2026-12-01',
  endDay: '2026-12-10',
  weekdays: [1, 2, 3, 4, 5, 6],
  windowStart: 360,
  windowEnd: 1320,
  lateAfter: 1260,
  makeupDays: 2,
};
const made = new Map<string, TCheckInKind>([
  ['2026-12-01', 'ontime'],
  ['2026-12-02', 'late'],
  ['2026-12-04', 'makeup'],
]);
/** 2026-12-05 10:00 in Shanghai. */
const now = new Date('2026-12-05T10:00:00+08:00');

const cell = (day: number) => screen.getByRole('grid', { name: '2026年12月' }).querySelector(`[data-day="2026-12-${String(day).padStart(2, '0')}"]`)!;

describe('the check-in calendar', () => {
  it('shows each day of the month as done, late, made up, missed, today or to come, and days off plain', () => {
    render(<CheckInCalendar rules={rules} made={made} now={now} />);
    expect(screen.getByRole('heading', { name: '2026年12月' })).toBeTruthy();
    expect(cell(1).getAttribute('aria-label')).toBe('12月1日 已打卡');
    expect(cell(2).getAttribute('aria-label')).toBe('12月2日 迟到');
    expect(cell(3).getAttribute('aria-label')).toBe('12月3日 缺卡');
    expect(cell(4).getAttribute('aria-label')).toBe('12月4日 补卡');
    expect(cell(5).getAttribute('aria-label')).toBe('12月5日 今天待打卡');
    expect(cell(5).className).toContain('is-today');
    // Sunday is not a check-in day; after the period's end nothing is due.
    expect(cell(6).getAttribute('data-status')).toBe('off');
    expect(cell(7).getAttribute('data-status')).toBe('upcoming');
    expect(cell(11).getAttribute('data-status')).toBe('off');
    // December 2026 starts on a Tuesday: one blank before the 1st under 一.
    expect(monthGrid('2026-12').slice(0, 2)).toEqual([null, '2026-12-01']);
  });

  it('offers a make-up only for missed days within reach, and moves between months', async () => {
    const onMakeUp = vi.fn();
    const later = new Date('2026-12-06T10:00:00+08:00');
    render(<CheckInCalendar rules={rules} made={made} now={later} onMakeUp={onMakeUp} />);
    // 12-05 (missed, 1 day back) can be made up; 12-03 (3 days back) cannot.
    await userEvent.click(screen.getByRole('button', { name: '12月5日 缺卡，可补卡' }));
    expect(onMakeUp).toHaveBeenCalledWith('2026-12-05');
    expect(screen.queryByRole('button', { name: /12月3日/ })).toBeNull();
    expect(cell(3).getAttribute('data-status')).toBe('missed');

    await userEvent.click(screen.getByRole('button', { name: '上个月' }));
    expect(screen.getByRole('heading', { name: '2026年11月' })).toBeTruthy();
    const november = screen.getByRole('grid', { name: '2026年11月' });
    expect(
      within(november)
        .getAllByRole('gridcell')
        .every((c) => c.getAttribute('data-status') === 'off'),
    ).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: '下个月' }));
    await userEvent.click(screen.getByRole('button', { name: '下个月' }));
    expect(screen.getByRole('heading', { name: '2027年1月' })).toBeTruthy();
  });

  it('counts streaks over check-in days only', () => {
    // Done 1, 2, 4 (made up); 3 missed: current 1 at 12-05 (today open), longest 2.
    expect(streaksOf(rules, made.keys(), now)).toEqual({ current: 1, longest: 2, total: 3 });
    // Saturday 12-05 done, Sunday off, Monday 12-07: the run goes on.
    const days = ['2026-12-04', '2026-12-05', '2026-12-07'];
    expect(streaksOf(rules, days, new Date('2026-12-07T08:00:00+08:00'))).toEqual({ current: 3, longest: 3, total: 3 });
  });
});
