// Shared by the numeric types (19, 21, 22, 23, 24): input normalisation and decimal arithmetic.
import { z } from 'zod/mini';
import { stripToNumber } from './text-rules';

export const ZNumberAnswer = z.number().check(z.gte(-1e15), z.lte(1e15));

/** A typed string becomes a number (non-digits stripped); anything else is left for the schema. */
export function normalizeNumber(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  const stripped = stripToNumber(raw);
  return stripped === '' ? undefined : Number(stripped);
}

/** Digits after the decimal point in the shortest representation of x. */
export function decimalPlaces(x: number): number {
  const [mantissa, exponent] = String(Math.abs(x)).split('e');
  const fraction = mantissa!.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent ?? 0));
}

/** The smallest value ≥ min with at most `decimals` places that the number rules accept, if any ≤ max. */
export function firstValueInRange(min: number | undefined, max: number | undefined, decimals: number): number | undefined {
  const f = 10 ** decimals;
  const from = min === undefined ? (max === undefined ? 0 : Math.floor(max * f)) : Math.ceil(min * f) - 1;
  // Three candidates, counted apart from k: past 2^53 (or at Infinity) k + 1 === k, and a loop on k never ends.
  if (!Number.isFinite(from)) return undefined;
  for (let i = 0; i <= 2; i++) {
    const v = (from + i) / f;
    if ((min === undefined || v >= min) && (max === undefined || v <= max) && decimalPlaces(v) <= decimals) return v;
  }
  return undefined;
}

/** Whether some value with at most `decimals` decimal places lies in [min, max]. */
export const rangeHasValue = (min: number | undefined, max: number | undefined, decimals: number) => firstValueInRange(min, max, decimals) !== undefined;

/** Whether v lies on the grid min, min+step, min+2·step … (with tolerance for binary fractions). */
export function onStep(v: number, min: number, step: number): boolean {
  const k = (v - min) / step;
  return Math.abs(k - Math.round(k)) < 1e-7;
}
