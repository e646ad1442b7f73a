// Spec §5 rules for typed text, shared by the mobile, e-mail and ID-card types and the single-line presets.

/** Spec §5: 11 digits, first 1, second 3/4/5/7/8. */
export const isMobile = (s: string) => /^1[34578]\d{9}$/.test(s);

export const isEmail = (s: string) => s.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(s);

/** A real calendar date given as year, month (1–12), day. */
export function isRealDate(y: number, mo: number, d: number): boolean {
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return d <= days;
}

/**
 * Spec §5: 18 characters with a valid birth date. The last character may be X (the check character of real
 * cards); the checksum itself is not verified because the spec does not ask for it.
 */
export function isIdCard(s: string, today: Date = new Date()): boolean {
  if (!/^\d{17}[\dX]$/.test(s)) return false;
  const y = Number(s.slice(6, 10));
  const mo = Number(s.slice(10, 12));
  const d = Number(s.slice(12, 14));
  if (y < 1900 || !isRealDate(y, mo, d)) return false;
  return Date.UTC(y, mo - 1, d) <= today.getTime();
}

/** Spec §5: numeric input strips non-digit characters. */
export const stripNonDigits = (s: string) => s.replace(/\D+/g, '');

/**
 * For number inputs: keeps digits, one leading minus and the first decimal point; everything else is
 * stripped as the spec's numeric rule says. Sign and decimals are kept so that range and decimal rules can
 * tell the respondent what is wrong instead of silently turning 1.5 into 15.
 */
export function stripToNumber(s: string): string {
  const trimmed = s.trim();
  const negative = /^[-－]/.test(trimmed);
  let seenPoint = false;
  let out = '';
  for (const ch of trimmed) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if ((ch === '.' || ch === '。') && !seenPoint) {
      seenPoint = true;
      out += '.';
    }
  }
  if (out === '' || out === '.') return '';
  return (negative ? '-' : '') + out;
}

/** Mobile numbers arrive as "138 0013 8000", "138-0013-8000" or "+86 13800138000". */
export function normalizeMobile(s: string): string {
  return stripNonDigits(s.trim().replace(/^(\+|00)86/, ''));
}

export type TextPreset = 'any' | 'number' | 'letters' | 'chinese' | 'url' | 'postcode';

export const TEXT_PRESETS: Record<Exclude<TextPreset, 'any'>, { test: (s: string) => boolean; message: string }> = {
  number: { test: (s) => /^\d+$/.test(s), message: '请输入数字' },
  letters: { test: (s) => /^[A-Za-z][A-Za-z\s]*$/.test(s), message: '请输入英文字母' },
  chinese: { test: (s) => /^[\p{Script=Han}·\s]+$/u.test(s), message: '请输入中文' },
  url: { test: (s) => /^https?:\/\/[^\s/?#.]+\.[^\s]+$/i.test(s) && s.length <= 2000, message: '请输入正确的网址' },
  postcode: { test: (s) => /^\d{6}$/.test(s), message: '请输入正确的邮政编码' },
};
