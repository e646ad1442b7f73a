/**
 * Mainland resident ID numbers (GB 11643-1999): 17 digits and a check character; digits 7–14 are the birth
 * date. A number is accepted when the date exists, is not in the future and the check character matches.
 */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** The check character for the first 17 digits, or null when they are not 17 digits. */
export function idCardCheckChar(first17: string): string | null {
  if (!/^\d{17}$/.test(first17)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK_CHARS[sum % 11]!;
}

/** A real calendar date written as YYYYMMDD, not after `today` and not before 1800. */
export function isPastDate(yyyymmdd: string, today: Date = new Date()): boolean {
  if (!/^\d{8}$/.test(yyyymmdd)) return false;
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  const date = new Date(Date.UTC(year, month - 1, day));
  const exists = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  const end = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return exists && year >= 1800 && date.getTime() <= end;
}

/** Spaces removed and a lower-case x raised: what a user means by the number they typed. */
export const normalizeIdCard = (input: string): string => input.replace(/\s+/g, '').toUpperCase();

export function isIdCardNumber(input: string, today: Date = new Date()): boolean {
  const value = normalizeIdCard(input);
  if (!/^\d{17}[\dX]$/.test(value)) return false;
  if (!isPastDate(value.slice(6, 14), today)) return false;
  return idCardCheckChar(value.slice(0, 17)) === value[17];
}
