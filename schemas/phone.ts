/** Phone numbers: normalised before any rule or limit is applied (spec §5 mobile rule). */
export const MOBILE_RULE = /^1[34578]\d{9}$/;
export const MOBILE_MESSAGE = '请输入正确的手机号';

/** Full-width digits → ASCII, drop spaces/dashes/brackets, drop a +86 / 0086 / 86 country prefix. */
export function normalizePhone(input: string): string {
  const ascii = input.replace(/[\uFF10-\uFF19]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)).replace(/\uFF0B/g, '+');
  let digits = ascii.replace(/[\s\u3000\-()（）.]/g, '');
  if (digits.startsWith('+86')) digits = digits.slice(3);
  else if (digits.startsWith('0086')) digits = digits.slice(4);
  else if (digits.length === 13 && digits.startsWith('86')) digits = digits.slice(2);
  return digits;
}

export const isMobile = (input: string): boolean => MOBILE_RULE.test(normalizePhone(input));
