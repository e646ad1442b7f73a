import { z } from 'zod';
import { INT4_MAX, INT4_MIN, assertInt4Range } from './int-bounds';

export { INT4_MAX, INT4_MIN };

/**
 * An integer field of a request, bounded to its column's range: `[min, max]` as given, never wider than int4
 * (tests/schemas/api/int-bounds.test.ts walks every contract and fails on an integer without such bounds).
 * The subject and logic schemas, which the respondent page bundles, use the same field built with zod/mini
 * (int-mini.ts).
 */
export function zInt(min: number = INT4_MIN, max: number = INT4_MAX, message?: string) {
  assertInt4Range(min, max);
  return z
    .number()
    .int(message ?? '须为整数')
    .min(min, message ?? `不能小于 ${min}`)
    .max(max, message ?? `不能大于 ${max}`);
}
