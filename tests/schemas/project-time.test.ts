import { describe, expect, it } from 'vitest';
import { formatProjectTime, parseProjectTime } from '../../schemas/project-time';

describe('project time zone (Asia/Shanghai)', () => {
  it('formats an instant as Beijing wall time, across the date line', () => {
    expect(formatProjectTime('2025-05-01T08:04:10.999Z')).toBe('2025-05-01 16:04:10');
    expect(formatProjectTime('2025-12-31T16:30:00Z')).toBe('2026-01-01 00:30:00');
    expect(formatProjectTime('not a time')).toBe('');
  });

  it('reads a datetime-local value as Beijing wall time, and round-trips', () => {
    expect(parseProjectTime('2026-01-01T00:30')).toBe('2025-12-31T16:30:00.000Z');
    expect(parseProjectTime('2026-01-01T00:30:15')).toBe('2025-12-31T16:30:15.000Z');
    expect(formatProjectTime(parseProjectTime('2026-03-08T14:05'))).toBe('2026-03-08 14:05:00');
    expect(parseProjectTime('2026-13-01T00:00')).toBe('');
    expect(parseProjectTime('')).toBe('');
  });
});
