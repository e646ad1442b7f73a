import { BUILTIN_FIELD_NAMES, CONTACT_MESSAGES, UNGROUPED_NAME, type TFieldKey, type TImportProblem, type TImportResult } from '../../../schemas/api/contacts';
import { readContact, type TContactValues, type TFieldDef } from '../../../schemas/contacts/contact-rules';
import type { Deps } from '../deps';
import { badInput } from '../errors';
import { fieldDefs } from './contact-fields.service';
import { groupIdsByName } from './contact-import-groups';
import { applyDuplicates, type TReadRow } from './contact-import-write';
import { readSheet, type TSheet } from './contact-sheet';

/**
 * getImportContact (导入): called twice. Without a mapping it answers the file's header, its first rows and a
 * suggested mapping (by column name). With the mapping it checks every row like saveOrUpdateContact (phone per
 * spec §5, e-mail, required fields, each custom value by its kind), finds duplicates in the file (the later row is
 * reported) and in the book (skipped or updated, as asked), adds the rest in one conditional statement, and answers
 * a row-by-row report. Nothing is added when the rows would take the book past its limit.
 */
const ALIASES: Record<string, TFieldKey> = {
  姓名: 'name',
  名字: 'name',
  name: 'name',
  手机: 'phone',
  手机号: 'phone',
  手机号码: 'phone',
  电话: 'phone',
  phone: 'phone',
  mobile: 'phone',
  邮箱: 'email',
  电子邮箱: 'email',
  邮件: 'email',
  email: 'email',
  'e-mail': 'email',
  分组: 'group',
  group: 'group',
};

/** A column's field by its header: a built-in name or alias, or a custom field's name. */
export function suggestMapping(headers: string[], defs: readonly TFieldDef[]): { column: number; field: TFieldKey }[] {
  const taken = new Set<TFieldKey>();
  return headers.flatMap((h, column) => {
    const key = h.trim().toLowerCase();
    const field = ALIASES[key] ?? defs.find((d) => d.name.toLowerCase() === key)?.id;
    if (field === undefined || taken.has(field)) return [];
    taken.add(field);
    return [{ column, field }];
  });
}

/** A cell exported with a leading quote to keep Excel from reading it as a formula comes back without it. */
const unquote = (text: string) => (/^'[=+\-@\t\r＝＋－＠]/.test(text) ? text.slice(1) : text);

function checkMapping(mapping: { column: number; field: TFieldKey }[], defs: readonly TFieldDef[]): void {
  const fields = mapping.map((m) => m.field);
  if (new Set(fields).size !== fields.length) throw badInput(CONTACT_MESSAGES.mapTwice, 'mapping');
  if (!fields.includes('name')) throw badInput(CONTACT_MESSAGES.mapName, 'mapping');
  if (!fields.includes('phone') && !fields.includes('email')) throw badInput(CONTACT_MESSAGES.mapAddress, 'mapping');
  const own = new Set(defs.map((d) => d.id));
  if (fields.some((f) => typeof f === 'number' && !own.has(f))) throw badInput(CONTACT_MESSAGES.fieldNotFound, 'mapping');
  if (fields.includes('createTime')) throw badInput(`“${BUILTIN_FIELD_NAMES.createTime}”不能导入`, 'mapping');
}

const empty = { headers: [], preview: [], rows: 0, suggested: [], imported: false, added: 0, updated: 0, skipped: 0, problems: [] };

interface TImportBody {
  fileName: string;
  file: string;
  mapping?: { column: number; field: TFieldKey }[];
  onDuplicate: 'skip' | 'update';
  groupId: number | null;
}

export async function importContacts(deps: Pick<Deps, 'database' | 'contactCap'>, userId: number, body: TImportBody): Promise<TImportResult> {
  const defs = await fieldDefs(deps.database.query, userId);
  const sheet = await readSheet(body.fileName, body.file);
  if (!body.mapping) {
    return {
      ...empty,
      headers: sheet.headers,
      preview: sheet.rows.slice(0, 5).map((r) => r.cells),
      rows: sheet.rows.length,
      suggested: suggestMapping(sheet.headers, defs),
    };
  }
  checkMapping(body.mapping, defs);
  const { rows, problems } = readRows(sheet, body.mapping, defs);
  const groups = await groupIdsByName(deps, userId, rows, body.groupId, problems);
  const done = await applyDuplicates(
    deps,
    userId,
    rows.filter((r) => groups.has(r.row)),
    groups,
    body.onDuplicate,
    problems,
  );
  return { ...empty, rows: sheet.rows.length, imported: true, ...done, problems: problems.sort((a, b) => a.row - b.row).slice(0, 500) };
}

/** Each row read through the mapping and checked; duplicates within the file reported against their first row. */
function readRows(sheet: TSheet, mapping: { column: number; field: TFieldKey }[], defs: readonly TFieldDef[]) {
  const problems: TImportProblem[] = [];
  const rows: TReadRow[] = [];
  const seen = new Map<string, number>();
  for (const { row, cells } of sheet.rows) {
    const input = { name: '', phone: '', email: '', group: '', fields: {} as Record<string, string> };
    for (const m of mapping) {
      const text = unquote(cells[m.column] ?? '');
      if (typeof m.field === 'number') input.fields[String(m.field)] = text;
      else if (m.field !== 'createTime') input[m.field] = text;
    }
    const read = readContact(input, defs);
    const name = input.name.slice(0, 50);
    if (!read.ok) {
      problems.push({ row, name, message: read.message });
      continue;
    }
    const first = firstSeen(seen, read.contact, row);
    if (first !== undefined) problems.push({ row, name, message: CONTACT_MESSAGES.dupInFile(first) });
    else rows.push({ row, contact: read.contact, group: input.group.trim() === UNGROUPED_NAME ? '' : input.group.trim() });
  }
  return { rows, problems };
}

function firstSeen(seen: Map<string, number>, c: TContactValues, row: number): number | undefined {
  const keys = [c.phone ? `p:${c.phone}` : '', c.email ? `e:${c.email.toLowerCase()}` : ''].filter(Boolean);
  const hit = keys.map((k) => seen.get(k)).find((r) => r !== undefined);
  if (hit === undefined) for (const k of keys) seen.set(k, row);
  return hit;
}
