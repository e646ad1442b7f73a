import { z } from 'zod';

/**
 * PostgreSQL `integer` (int4): the column, counter or statement parameter every integer of a request ends up in.
 * A value past it reaches the database as "out of range for type integer" — a fault, where it should be a "400".
 */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/**
 * An integer field of a request, bounded to its column's range: `[min, max]` as given, never wider than int4
 * (tests/schemas/api/int-bounds.test.ts walks every contract and fails on an integer without such bounds).
 */
export function zInt(min: number = INT4_MIN, max: number = INT4_MAX, message?: string) {
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < INT4_MIN || max > INT4_MAX || min > max)
    throw new Error(`zInt: [${min}, ${max}] is not within the int4 range`);
  return z
    .number()
    .int(message ?? '须为整数')
    .min(min, message ?? `不能小于 ${min}`)
    .max(max, message ?? `不能大于 ${max}`);
}
