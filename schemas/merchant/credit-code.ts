/**
 * Business licence numbers: the 18-character unified social credit code (GB 32100-2015, with its check
 * character) or an old 15-digit registration number.
 */
const CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

export function creditCodeCheckChar(first17: string): string | null {
  if (!/^[0-9A-HJ-NPQRTUWXY]{17}$/.test(first17)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CHARS.indexOf(first17[i]!) * WEIGHTS[i]!;
  return CHARS[(31 - (sum % 31)) % 31]!;
}

export const normalizeLicenseNumber = (input: string): string => input.replace(/\s+/g, '').toUpperCase();

export function isBusinessLicenseNumber(input: string): boolean {
  const value = normalizeLicenseNumber(input);
  if (/^\d{15}$/.test(value)) return true;
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(value)) return false;
  return creditCodeCheckChar(value.slice(0, 17)) === value[17];
}
