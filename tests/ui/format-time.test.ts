import { describe, expect, it } from 'vitest';
import { RELATIVE_EN, relativeTime, toMillis } from '../../src/ui/format-time';

const NOW = Date.UTC(2025, 4, 20, 12, 0, 0);
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;

describe('relativeTime (spec §9)', () => {
  it('reads 刚刚 under a minute, then minutes, hours and days', () => {
    expect(relativeTime(ago(0), NOW)).toBe('刚刚');
    expect(relativeTime(ago(59_999), NOW)).toBe('刚刚');
    expect(relativeTime(ago(MIN), NOW)).toBe('1分钟前');
    expect(relativeTime(ago(59 * MIN), NOW)).toBe('59分钟前');
    expect(relativeTime(ago(60 * MIN), NOW)).toBe('1小时前');
    expect(relativeTime(ago(23 * 60 * MIN + 59 * MIN), NOW)).toBe('23小时前');
    expect(relativeTime(ago(24 * 60 * MIN), NOW)).toBe('1天前');
    expect(relativeTime(ago(7 * 24 * 60 * MIN), NOW)).toBe('7天前');
  });

  it('reads 7天前 for anything older than 7 days', () => {
    expect(relativeTime(ago(8 * 24 * 60 * MIN), NOW)).toBe('7天前');
    expect(relativeTime(ago(400 * 24 * 60 * MIN), NOW)).toBe('7天前');
  });

  it('takes a 10-digit timestamp as seconds and a 13-digit one as milliseconds', () => {
    const seconds = Math.floor((NOW - 5 * MIN) / 1000);
    expect(toMillis(seconds)).toBe(seconds * 1000);
    expect(relativeTime(seconds, NOW)).toBe('5分钟前');
    expect(relativeTime(String(seconds), NOW)).toBe('5分钟前');
    expect(relativeTime(NOW - 3 * 60 * MIN, NOW)).toBe('3小时前');
    expect(relativeTime(String(NOW - 2 * MIN), NOW)).toBe('2分钟前');
  });

  it('treats the future as now, leaves non-dates alone and speaks English when asked', () => {
    expect(relativeTime(ago(-5 * MIN), NOW)).toBe('刚刚');
    expect(relativeTime('不是时间', NOW)).toBe('不是时间');
    expect(relativeTime(ago(2 * 60 * MIN), NOW, RELATIVE_EN)).toBe('2 hours ago');
    expect(relativeTime(ago(MIN), new Date(NOW), RELATIVE_EN)).toBe('1 minute ago');
  });
});
