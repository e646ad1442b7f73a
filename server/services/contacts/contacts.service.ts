import { CONTACT_LIMITS, CONTACT_MESSAGES, type TContact } from '../../../schemas/api/contacts';
import { readContact, type TContactValues } from '../../../schemas/contacts/contact-rules';
import type { Database, Query } from '../../db/client';
import type { Deps } from '../deps';
import { badInput, conflict, notFound } from '../errors';
import { countOf } from './contact-cap';
import { fieldDefs } from './contact-fields.service';
import { ownGroup } from './contact-groups.service';
import type { AddressRow, FlagRow, IdRow } from './contact-rows';

/**
 * 联系人 (activity/contact/saveOrUpdateContact, getContactList, delContact, addContactByGroup): the caller's own
 * contacts only; another user's contact or group answers "404". A phone and an e-mail are each unique in a book
 * (unique indexes of migration 0082); a clash names the contact that has it.
 */
export interface ContactViewRow {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  group_id: number | null;
  group_name: string | null;
  fields: Record<string, string | number>;
  sms_opt_out_at: Date | null;
  email_opt_out_at: Date | null;
  created_at: Date;
  total?: string | number;
}

export const CONTACT_COLUMNS = `c.id, c.name, c.phone, c.email, c.group_id, g.name AS group_name, c.fields, c.sms_opt_out_at, c.email_opt_out_at, c.created_at`;
export const CONTACT_FROM = 'contacts c LEFT JOIN contact_groups g ON g.id = c.group_id';

export const contactView = (r: ContactViewRow): TContact => ({
  contactId: r.id,
  name: r.name,
  phone: r.phone ?? '',
  email: r.email ?? '',
  groupId: r.group_id,
  groupName: r.group_name ?? '',
  fields: r.fields ?? {},
  smsOptOut: r.sms_opt_out_at !== null,
  emailOptOut: r.email_opt_out_at !== null,
  createTime: new Date(r.created_at).toISOString(),
});

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** getContactList: newest first; a group (0 = 未分组) filters; a keyword matches name, phone, e-mail or a custom value; optedOut keeps 已退订. */
export async function contactPage(
  query: Query,
  userId: number,
  body: { groupId?: number; keyword?: string; optedOut?: boolean; page: number; pageSize: number },
) {
  const like = body.keyword ? escapeLike(body.keyword.toLowerCase()) : null;
  const rows = await query<ContactViewRow>(
    `SELECT ${CONTACT_COLUMNS}, count(*) OVER () AS total FROM ${CONTACT_FROM}
      WHERE c.user_id = $1
        AND ($2::int IS NULL OR ($2 = 0 AND c.group_id IS NULL) OR c.group_id = $2)
        AND ($3::text IS NULL OR lower(c.name) LIKE $3 OR c.phone LIKE $3 OR lower(c.email) LIKE $3
             OR EXISTS (SELECT 1 FROM jsonb_each_text(c.fields) v WHERE lower(v.value) LIKE $3))
        AND ($6::boolean IS NOT TRUE OR c.email_opt_out_at IS NOT NULL OR c.sms_opt_out_at IS NOT NULL)
      ORDER BY c.id DESC LIMIT $4 OFFSET $5`,
    [userId, body.groupId ?? null, like, body.pageSize, (body.page - 1) * body.pageSize, body.optedOut ?? null],
  );
  return { list: rows.map(contactView), total: Number(rows[0]?.total ?? 0) };
}

export async function oneContact(query: Query, userId: number, contactId: number): Promise<TContact> {
  const [row] = await query<ContactViewRow>(`SELECT ${CONTACT_COLUMNS} FROM ${CONTACT_FROM} WHERE c.id = $1 AND c.user_id = $2`, [contactId, userId]);
  if (!row) throw notFound(CONTACT_MESSAGES.notFound);
  return contactView(row);
}

/** The other contact (not `except`) already holding this phone or e-mail, with which of the two clashes. */
export async function clashOf(query: Query, userId: number, c: Pick<TContactValues, 'phone' | 'email'>, except: number | null) {
  const rows = await query<AddressRow>(
    `SELECT id, name, phone, email FROM contacts
      WHERE user_id = $1 AND id <> coalesce($4::int, 0) AND ((phone IS NOT NULL AND phone = $2) OR (email IS NOT NULL AND lower(email) = lower($3)))`,
    [userId, c.phone, c.email, except],
  );
  const byPhone = rows.find((r) => c.phone && r.phone === c.phone);
  const byEmail = rows.find((r) => c.email && r.email?.toLowerCase() === c.email.toLowerCase());
  return { byPhone, byEmail };
}

async function refuseClash(query: Query, userId: number, c: TContactValues, except: number | null): Promise<void> {
  const { byPhone, byEmail } = await clashOf(query, userId, c, except);
  if (byPhone) throw conflict(CONTACT_MESSAGES.phoneTaken(byPhone.name));
  if (byEmail) throw conflict(CONTACT_MESSAGES.emailTaken(byEmail.name));
}

interface TSaveBody {
  contactId?: number;
  name: string;
  phone: string;
  email: string;
  groupId: number | null;
  fields: Record<string, string | number>;
}

/** saveOrUpdateContact: one contact checked like an imported row; a new one counts against the book's limit. */
export async function saveContact(deps: Pick<Deps, 'database' | 'contactCap'>, userId: number, body: TSaveBody): Promise<TContact> {
  const { database } = deps;
  const read = readContact(body, await fieldDefs(database.query, userId));
  if (!read.ok) throw badInput(read.message);
  const c = read.contact;
  if (body.contactId !== undefined) await oneContact(database.query, userId, body.contactId);
  if (body.groupId !== null) await ownGroup(database.query, userId, body.groupId);
  const except = body.contactId ?? null;
  await refuseClash(database.query, userId, c, except);
  try {
    if (body.contactId !== undefined) return await updateContact(database, userId, body.contactId, body.groupId, c);
    const [id] = await insertContacts(deps, userId, [{ ...c, groupId: body.groupId }]);
    if (id === undefined) throw Object.assign(new Error('taken meanwhile'), { code: '23505' });
    return await oneContact(database.query, userId, id);
  } catch (error) {
    // Another request took the phone or e-mail between the check and the write: say which, as the check would.
    if ((error as { code?: unknown } | null)?.code !== '23505') throw error;
    await refuseClash(database.query, userId, c, except);
    throw conflict(CONTACT_MESSAGES.phoneOrEmailTaken);
  }
}

async function updateContact(database: Database, userId: number, contactId: number, groupId: number | null, c: TContactValues): Promise<TContact> {
  await database.query(
    `UPDATE contacts SET name = $3, phone = $4, email = $5, group_id = $6, fields = $7::jsonb, updated_at = now() WHERE id = $1 AND user_id = $2`,
    [contactId, userId, c.name, c.phone, c.email, groupId, JSON.stringify(c.fields)],
  );
  return oneContact(database.query, userId, contactId);
}

/**
 * Insert contacts as one conditional statement under the book's lock (contactCap): all of them when the book has
 * room for all, none otherwise (a "400" naming how many still fit). A row whose phone or e-mail is taken meanwhile
 * is left out (ON CONFLICT DO NOTHING); answers the new ids in the rows' order (absent ones left out).
 */
export async function insertContacts(
  deps: Pick<Deps, 'database' | 'contactCap'>,
  userId: number,
  rows: readonly (TContactValues & { groupId: number | null })[],
): Promise<number[]> {
  if (!rows.length) return [];
  const { database, contactCap } = deps;
  const refuse = async (query: Query) => badInput(CONTACT_MESSAGES.tooManyContacts(CONTACT_LIMITS.contacts - (await countOf(query, userId, 'contacts'))));
  if (!(await contactCap.precheck(database.query, userId, 'contacts', rows.length))) throw await refuse(database.query);
  return database.transaction(async (query) => {
    const guard = await contactCap.guard(query, userId, 'contacts', rows.length);
    const [room] = await query<FlagRow>(`SELECT $1::int IS NOT NULL AND ${guard} AS ok`, [userId]);
    if (!room?.ok) throw await refuse(query);
    const inserted = await query<IdRow>(
      `INSERT INTO contacts (user_id, group_id, name, phone, email, fields)
       SELECT $1, (x->>'groupId')::int, x->>'name', x->>'phone', x->>'email', x->'fields'
         FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(x, i) WHERE ${guard} ORDER BY i
       ON CONFLICT DO NOTHING RETURNING id`,
      [userId, JSON.stringify(rows)],
    );
    return inserted.map((r) => r.id);
  });
}

/** delContact: the chosen contacts, or every contact of a group (0 = 未分组); others' ids are ignored. */
export async function delContacts(query: Query, userId: number, body: { contactIds?: number[]; groupId?: number }): Promise<{ deleted: number }> {
  if (body.groupId !== undefined && body.groupId !== 0) await ownGroup(query, userId, body.groupId);
  const rows = body.contactIds?.length
    ? await query('DELETE FROM contacts WHERE user_id = $1 AND id = ANY($2::int[]) RETURNING id', [userId, body.contactIds])
    : await query('DELETE FROM contacts WHERE user_id = $1 AND (($2 = 0 AND group_id IS NULL) OR group_id = $2) RETURNING id', [userId, body.groupId]);
  return { deleted: rows.length };
}

/** addContactByGroup: move the chosen contacts into a group (0 = 未分组). */
export async function moveContacts(query: Query, userId: number, body: { contactIds: number[]; groupId: number }): Promise<{ moved: number }> {
  if (body.groupId !== 0) await ownGroup(query, userId, body.groupId);
  const rows = await query('UPDATE contacts SET group_id = $3, updated_at = now() WHERE user_id = $1 AND id = ANY($2::int[]) RETURNING id', [
    userId,
    body.contactIds,
    body.groupId || null,
  ]);
  return { moved: rows.length };
}
