/**
 * PostgreSQL `integer` (int4): the column, counter or statement parameter every integer of a request ends up in.
 * A value past it reaches the database as "out of range for type integer" — a fault, where it should be a "400".
 * Zod-free, so the classic (int.ts) and the mini (int-mini.ts) builders share one rule.
 */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/** Throws unless `[min, max]` are integers within int4, in order (a schema's author made a mistake). */
export function assertInt4Range(min: number, max: number): void {
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < INT4_MIN || max > INT4_MAX || min > max)
    throw new Error(`zInt: [${min}, ${max}] is not within the int4 range`);
}
