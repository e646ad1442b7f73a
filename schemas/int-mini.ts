import { z } from 'zod/mini';
import { INT4_MAX, INT4_MIN, assertInt4Range } from './int-bounds';

/**
 * int.ts's zInt built with zod/mini — the same checks (int, ≥ min, ≤ max, the same messages), so the same
 * `_zod.def` — for the schemas the respondent page bundles (subjects, logic), which must not pull classic zod.
 */
export function zIntMini(min: number = INT4_MIN, max: number = INT4_MAX, message?: string) {
  assertInt4Range(min, max);
  return z.number().check(z.int(message ?? '须为整数'), z.gte(min, message ?? `不能小于 ${min}`), z.lte(max, message ?? `不能大于 ${max}`));
}
