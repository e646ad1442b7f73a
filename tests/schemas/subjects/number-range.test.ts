import { describe, expect, it } from 'vitest';
import { firstValueInRange, rangeHasValue } from '../../../schemas/subjects/number';

/**
 * The range check of the numeric subjects runs on every save of a subject: bounds past 2^53 (where k + 1 === k)
 * once kept it looping for ever and hung the server process (found by the route fuzz on PostgreSQL).
 */
describe('firstValueInRange', () => {
  it('finds the first value with the allowed decimals', () => {
    expect(firstValueInRange(1.234, 2, 2)).toBe(1.24);
    expect(firstValueInRange(undefined, 7.5, 0)).toBe(7);
    expect(firstValueInRange(1.2, 1.25, 0)).toBeUndefined();
    expect(rangeHasValue(3, 3, 0)).toBe(true);
  });

  it('answers at once for bounds far past 2^53 and for bounds that overflow', () => {
    expect(firstValueInRange(1e20, undefined, 2)).toBe(1e20);
    expect(firstValueInRange(undefined, -1e300, 5)).toBeLessThanOrEqual(-1e300);
    // min × 10^6 overflows to Infinity: no value (answers stop at ±1e15 anyway), and no endless loop.
    expect(firstValueInRange(1e303, 1e303, 6)).toBeUndefined();
    expect(rangeHasValue(2 ** 60, 2 ** 61, 3)).toBe(true);
  });
});
