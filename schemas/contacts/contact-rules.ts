import { CONTACT_MESSAGES, type TContactFieldKindName } from '../api/contacts';
import { MOBILE_RULE, normalizePhone } from '../phone';
import { isEmail } from '../subjects/text-rules';

/**
 * One contact's values checked and normalised (issue 50 item 1), the same for the add/edit dialog, the save call and
 * each imported row: a name, a phone (spec §5, stored normalised) or an e-mail, and the custom fields by their kind.
 */
export interface TFieldDef {
  id: number;
  name: string;
  kind: TContactFieldKindName;
  options: string[];
  required: boolean;
}

export interface TContactInput {
  name: string;
  phone: string;
  email: string;
  /** Custom values by field id (as text or a number). */
  fields: Record<string, string | number | undefined>;
}

export interface TContactValues {
  name: string;
  phone: string | null;
  email: string | null;
  fields: Record<string, string | number>;
}

export type TContactRead = { ok: true; contact: TContactValues } | { ok: false; message: string };

const DATE = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/;

/** A date typed as 2024-05-01, 2024/5/1 or 2024年5月1日 → 2024-05-01; null when it is no real date. */
export function readDate(text: string): string | null {
  const m = DATE.exec(text.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) return null;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** One custom value by its field's kind: the stored value, or a message. */
export function readFieldValue(def: TFieldDef, raw: string | number | undefined): { value?: string | number; message?: string } {
  const text = raw === undefined ? '' : String(raw).trim();
  if (!text) return def.required ? { message: CONTACT_MESSAGES.required(def.name) } : {};
  if (def.kind === 'number') {
    const n = Number(text.replace(/,/g, ''));
    return Number.isFinite(n) && /^[-+]?[\d,]*\.?\d+(e[-+]?\d+)?$/i.test(text) ? { value: n } : { message: CONTACT_MESSAGES.number(def.name) };
  }
  if (def.kind === 'date') {
    const day = readDate(text);
    return day ? { value: day } : { message: CONTACT_MESSAGES.date(def.name) };
  }
  if (def.kind === 'choice') return def.options.includes(text) ? { value: text } : { message: CONTACT_MESSAGES.choice(def.name, def.options) };
  return text.length > 200 ? { message: CONTACT_MESSAGES.valueLong(def.name) } : { value: text };
}

/** Name, phone, e-mail and custom values checked; the first problem is the message. */
export function readContact(input: TContactInput, defs: readonly TFieldDef[]): TContactRead {
  const name = input.name.trim();
  if (!name) return { ok: false, message: CONTACT_MESSAGES.name };
  if ([...name].length > 50) return { ok: false, message: CONTACT_MESSAGES.nameLong };
  const phoneText = input.phone.trim();
  const phone = phoneText ? normalizePhone(phoneText) : null;
  if (phone !== null && !MOBILE_RULE.test(phone)) return { ok: false, message: CONTACT_MESSAGES.phone };
  const email = input.email.trim() || null;
  if (email !== null && !isEmail(email)) return { ok: false, message: CONTACT_MESSAGES.email };
  if (!phone && !email) return { ok: false, message: CONTACT_MESSAGES.address };
  const fields: Record<string, string | number> = {};
  for (const def of defs) {
    const read = readFieldValue(def, input.fields[String(def.id)]);
    if (read.message) return { ok: false, message: read.message };
    if (read.value !== undefined) fields[String(def.id)] = read.value;
  }
  return { ok: true, contact: { name, phone, email, fields } };
}
