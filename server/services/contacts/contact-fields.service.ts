import {
  BUILTIN_FIELD_NAMES,
  BUILTIN_FIELDS,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  DEFAULT_SHOWN_FIELDS,
  type TBuiltinField,
  type TContactField,
  type TFieldKey,
} from '../../../schemas/api/contacts';
import type { TFieldDef } from '../../../schemas/contacts/contact-rules';
import type { Database, Query } from '../../db/client';
import type { ContactFieldRow } from '../../db/rows';
import type { Deps } from '../deps';
import { badInput, conflict, notFound } from '../errors';
import { lockBook } from './contact-cap';
import type { IdRow, ShownRow } from './contact-rows';

/**
 * 字段设置: the custom fields a user defines (text, number, date, choice; required or not) and the columns the
 * book shows, in order (contact_settings.shown_fields: built-in keys and custom field ids). A book never set shows
 * DEFAULT_SHOWN_FIELDS; a removed field drops out of the shown columns and out of every contact's values.
 */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';
const isBuiltin = (key: unknown): key is TBuiltinField => typeof key === 'string' && (BUILTIN_FIELDS as readonly string[]).includes(key);

export const builtinField = (key: TBuiltinField): TContactField => ({
  key,
  name: BUILTIN_FIELD_NAMES[key],
  builtin: true,
  kind: 'text',
  options: [],
  required: key === 'name',
});
export const customField = (f: TFieldDef): TContactField => ({
  key: f.id,
  name: f.name,
  builtin: false,
  kind: f.kind,
  options: f.options,
  required: f.required,
});

/** The user's custom fields in their order. */
export async function fieldDefs(query: Query, userId: number): Promise<TFieldDef[]> {
  const rows = await query<Pick<ContactFieldRow, 'id' | 'name' | 'kind' | 'options' | 'required'>>(
    'SELECT id, name, kind, options, required FROM contact_fields WHERE user_id = $1 ORDER BY sort, id',
    [userId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, kind: r.kind, options: r.options ?? [], required: r.required }));
}

/** getFieldNameList: the built-ins, then the custom fields. */
export async function allFields(query: Query, userId: number): Promise<{ list: TContactField[] }> {
  return { list: [...BUILTIN_FIELDS.map(builtinField), ...(await fieldDefs(query, userId)).map(customField)] };
}

/** getShowFieldList: the shown columns in order (stale custom ids skipped; never empty). */
export async function shownFields(query: Query, userId: number): Promise<{ list: TContactField[] }> {
  const [row] = await query<ShownRow>('SELECT shown_fields FROM contact_settings WHERE user_id = $1', [userId]);
  const defs = new Map((await fieldDefs(query, userId)).map((d) => [d.id, d]));
  const keys = (row?.shown_fields?.length ? row.shown_fields : DEFAULT_SHOWN_FIELDS) as TFieldKey[];
  const list = keys.flatMap((k) => (isBuiltin(k) ? [builtinField(k)] : defs.has(Number(k)) ? [customField(defs.get(Number(k))!)] : []));
  return { list: list.length ? list : DEFAULT_SHOWN_FIELDS.map(builtinField) };
}

/** saveOrUpdateFieldList: the columns to show, in order; each once, each a built-in or one of the user's fields. */
export async function saveShownFields(query: Query, userId: number, fields: TFieldKey[]): Promise<{ list: TContactField[] }> {
  const own = new Set((await fieldDefs(query, userId)).map((d) => d.id));
  const keys = [...new Set(fields)];
  if (keys.some((k) => !isBuiltin(k) && !own.has(k))) throw notFound(CONTACT_MESSAGES.fieldNotFound);
  await writeShown(query, userId, keys);
  return shownFields(query, userId);
}

async function writeShown(query: Query, userId: number, keys: TFieldKey[]): Promise<void> {
  await query(
    `INSERT INTO contact_settings (user_id, shown_fields, updated_at) VALUES ($1, $2::jsonb, now())
     ON CONFLICT (user_id) DO UPDATE SET shown_fields = EXCLUDED.shown_fields, updated_at = now()`,
    [userId, JSON.stringify(keys)],
  );
}

/** getResetField: back to the default columns. */
export async function resetShownFields(query: Query, userId: number): Promise<{ list: TContactField[] }> {
  await writeShown(query, userId, []);
  return shownFields(query, userId);
}

/** getDefault: what a new contact starts with, the default columns and the limits. */
export function contactDefaults() {
  return {
    shownFields: DEFAULT_SHOWN_FIELDS.map(builtinField),
    contact: { name: '', phone: '', email: '', groupId: null, fields: {} },
    limits: { contacts: CONTACT_LIMITS.contacts, groups: CONTACT_LIMITS.groups, fields: CONTACT_LIMITS.fields, importRows: CONTACT_LIMITS.importRows },
  };
}

interface TFieldBody {
  fieldId?: number;
  remove: boolean;
  name: string;
  kind: TFieldDef['kind'];
  options: string[];
  required: boolean;
}

/** saveCustomField: add a field (within the limit), change one, or remove one. */
export async function saveCustomField(deps: Pick<Deps, 'database' | 'contactCap'>, userId: number, body: TFieldBody): Promise<{ field: TContactField | null }> {
  if (body.fieldId !== undefined && body.remove) return removeField(deps.database, userId, body.fieldId);
  if (Object.values(BUILTIN_FIELD_NAMES).includes(body.name)) throw badInput(CONTACT_MESSAGES.fieldBuiltin, 'name');
  const options = body.kind === 'choice' ? [...new Set(body.options)] : [];
  if (body.kind === 'choice' && !options.length) throw badInput(CONTACT_MESSAGES.options, 'options');
  const def = { name: body.name, kind: body.kind, options, required: body.required };
  try {
    const id = body.fieldId !== undefined ? await updateField(deps.database.query, userId, body.fieldId, def) : await insertField(deps, userId, def);
    return { field: customField({ id, ...def }) };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CONTACT_MESSAGES.fieldTaken);
    throw error;
  }
}

async function insertField(deps: Pick<Deps, 'database' | 'contactCap'>, userId: number, def: Omit<TFieldDef, 'id'>): Promise<number> {
  if (!(await deps.contactCap.precheck(deps.database.query, userId, 'fields', 1))) throw badInput(CONTACT_MESSAGES.tooManyFields);
  return deps.database.transaction(async (query) => {
    const guard = await deps.contactCap.guard(query, userId, 'fields', 1);
    const [row] = await query<IdRow>(
      `INSERT INTO contact_fields (user_id, name, kind, options, required, sort)
       SELECT $1, $2, $3, $4::jsonb, $5, (SELECT coalesce(max(sort), 0) + 1 FROM contact_fields WHERE user_id = $1) WHERE ${guard} RETURNING id`,
      [userId, def.name, def.kind, JSON.stringify(def.options), def.required],
    );
    if (!row) throw badInput(CONTACT_MESSAGES.tooManyFields);
    return row.id;
  });
}

async function updateField(query: Query, userId: number, fieldId: number, def: Omit<TFieldDef, 'id'>): Promise<number> {
  const [row] = await query<IdRow>(
    'UPDATE contact_fields SET name = $3, kind = $4, options = $5::jsonb, required = $6 WHERE id = $1 AND user_id = $2 RETURNING id',
    [fieldId, userId, def.name, def.kind, JSON.stringify(def.options), def.required],
  );
  if (!row) throw notFound(CONTACT_MESSAGES.fieldNotFound);
  return row.id;
}

async function removeField(database: Database, userId: number, fieldId: number): Promise<{ field: null }> {
  return database.transaction(async (query) => {
    await lockBook(query, userId);
    const gone = await query('DELETE FROM contact_fields WHERE id = $1 AND user_id = $2 RETURNING id', [fieldId, userId]);
    if (!gone.length) throw notFound(CONTACT_MESSAGES.fieldNotFound);
    await query(`UPDATE contacts SET fields = fields - $2::text WHERE user_id = $1 AND fields ? $2::text`, [userId, String(fieldId)]);
    await query(
      `UPDATE contact_settings SET shown_fields = coalesce((SELECT jsonb_agg(k) FROM jsonb_array_elements(shown_fields) k WHERE k <> to_jsonb($2::int)), '[]'::jsonb)
        WHERE user_id = $1`,
      [userId, fieldId],
    );
    return { field: null };
  });
}
