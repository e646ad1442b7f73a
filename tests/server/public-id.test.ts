import { describe, expect, it } from 'vitest';
import { publicId } from '../../server/services/crypto';

describe('public ids', () => {
  it('are 16 URL-safe characters, all different, and never start with - or _ (a spreadsheet reads -… as a formula)', () => {
    const ids = Array.from({ length: 20_000 }, publicId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => !/^[A-Za-z0-9][A-Za-z0-9_-]{15}$/.test(id))).toEqual([]);
    // Without the rule about one id in 32 would start with - or _: the first character still takes many values.
    expect(new Set(ids.map((id) => id[0])).size).toBe(62);
  });
});
