import { isMobile, MOBILE_MESSAGE, normalizePhone } from '../phone';

/**
 * 答题白名单's rules, shared by the server and the page: what key an entry is found by, and how a pasted line or an
 * Excel row reads in each mode. Zod-free, so the respondent page may read it.
 */
export type TWhiteKind = 'phone' | 'name' | 'code';

/** Full-width letters and digits → ASCII, spaces collapsed, trimmed. */
export function plainText(raw: string): string {
  return raw
    .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[\s\u3000]+/g, ' ')
    .trim();
}

/** A name and field are found regardless of case and width: 张三 + a1001 is 张三 + A1001. */
export const nameKey = (name: string, field: string): string => `${plainText(name).toUpperCase()}\u001f${plainText(field).toUpperCase()}`;
/** Access codes are typed without spaces and in any case. */
export const codeKey = (code: string): string => plainText(code).replace(/[\s-]/g, '').toUpperCase();

export interface TWhiteRow {
  key: string;
  phone: string;
  name: string;
  field: string;
}
export type TWhiteRead = { ok: true; row: TWhiteRow } | { ok: false; message: string };

/** A phone entry: the mobile number (spaces, dashes, +86 and full-width digits allowed), and a name beside it. */
export function phoneRow(line: string): TWhiteRead {
  const ascii = plainText(line);
  const match = /(?:(?:\+|00)?86)?[\s-]*1(?:[\s-]*\d){10}/.exec(ascii);
  if (!match || !isMobile(match[0])) return { ok: false, message: MOBILE_MESSAGE };
  const phone = normalizePhone(match[0]);
  const rest = (ascii.slice(0, match.index) + ' ' + ascii.slice(match.index + match[0].length)).replace(/[\t,，;；|]+/g, ' ');
  return { ok: true, row: { key: phone, phone, name: plainText(rest).slice(0, 30), field: '' } };
}

/** A name entry: the name, then the creator's second field (工号 …). */
export function nameRow(cells: readonly string[], fieldLabel: string): TWhiteRead {
  const [rawName = '', ...rest] = cells.map(plainText).filter(Boolean);
  const field = rest.join(' ');
  if (!rawName) return { ok: false, message: '缺少姓名' };
  if (!field) return { ok: false, message: `缺少${fieldLabel}` };
  if (rawName.length > 30) return { ok: false, message: '姓名最多30个字' };
  if (field.length > 50) return { ok: false, message: `${fieldLabel}最多50个字` };
  return { ok: true, row: { key: nameKey(rawName, field), phone: '', name: rawName, field } };
}

/** A pasted line split into cells: at tabs, commas or semicolons when it has any, else at spaces. */
export function lineCells(line: string): string[] {
  const parts = /[\t,，;；|]/.test(line) ? line.split(/[\t,，;；|]+/) : line.split(/\s+/);
  return parts.map((c) => c.trim()).filter(Boolean);
}
