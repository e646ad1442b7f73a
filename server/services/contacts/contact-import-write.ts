import { CONTACT_MESSAGES, type TImportProblem } from '../../../schemas/api/contacts';
import type { TContactValues } from '../../../schemas/contacts/contact-rules';
import type { Query } from '../../db/client';
import type { Deps } from '../deps';
import { insertContacts } from './contacts.service';

/** One checked row of an import: its spreadsheet row number, the contact, the group name it names ('' = none). */
export interface TReadRow {
  row: number;
  contact: TContactValues;
  group: string;
}

interface TBookHit {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
}

/** The book's contacts that hold any of these phones or e-mails. */
async function bookHits(query: Query, userId: number, rows: readonly TReadRow[]): Promise<TBookHit[]> {
  const phones = rows.flatMap((r) => (r.contact.phone ? [r.contact.phone] : []));
  const emails = rows.flatMap((r) => (r.contact.email ? [r.contact.email.toLowerCase()] : []));
  return query<TBookHit>(
    `SELECT id, name, phone, email FROM contacts
      WHERE user_id = $1 AND ((phone IS NOT NULL AND phone = ANY($2::text[])) OR (email IS NOT NULL AND lower(email) = ANY($3::text[])))`,
    [userId, phones, emails],
  );
}

/**
 * Rows already in the book (by phone or e-mail) are skipped and reported, or update that contact (name, the
 * addresses and custom values the row gives, its group when the row names one); the others are added in one
 * conditional statement (insertContacts: all, or none past the book's limit).
 */
export async function applyDuplicates(
  deps: Pick<Deps, 'database' | 'contactCap'>,
  userId: number,
  rows: readonly TReadRow[],
  groups: ReadonlyMap<number, number | null>,
  mode: 'skip' | 'update',
  problems: TImportProblem[],
): Promise<{ added: number; updated: number; skipped: number }> {
  const hits = await bookHits(deps.database.query, userId, rows);
  const fresh: (TContactValues & { groupId: number | null })[] = [];
  let updated = 0;
  let skipped = 0;
  for (const r of rows) {
    const byPhone = hits.find((h) => r.contact.phone && h.phone === r.contact.phone);
    const byEmail = hits.find((h) => r.contact.email && h.email?.toLowerCase() === r.contact.email.toLowerCase());
    const hit = byPhone ?? byEmail;
    if (!hit) fresh.push({ ...r.contact, groupId: groups.get(r.row) ?? null });
    else if (byPhone && byEmail && byPhone.id !== byEmail.id) problems.push({ row: r.row, name: r.contact.name, message: CONTACT_MESSAGES.dupTwo });
    else if (mode === 'skip') {
      skipped++;
      problems.push({ row: r.row, name: r.contact.name, message: `${CONTACT_MESSAGES.dupInBook}（${hit.name}）` });
    } else if (await updateOne(deps.database.query, userId, hit.id, r, groups.get(r.row) ?? null)) updated++;
    else problems.push({ row: r.row, name: r.contact.name, message: CONTACT_MESSAGES.phoneOrEmailTaken });
  }
  const ids = await insertContacts(deps, userId, fresh);
  skipped += fresh.length - ids.length;
  return { added: ids.length, updated, skipped };
}

/** Update one contact from a row; false when its new phone or e-mail is another contact's. */
async function updateOne(query: Query, userId: number, id: number, r: TReadRow, groupId: number | null): Promise<boolean> {
  try {
    await query(
      `UPDATE contacts SET name = $3, phone = coalesce($4, phone), email = coalesce($5, email), fields = fields || $6::jsonb,
              group_id = CASE WHEN $7::int IS NULL THEN group_id ELSE $7 END, updated_at = now()
        WHERE id = $1 AND user_id = $2`,
      [id, userId, r.contact.name, r.contact.phone, r.contact.email, JSON.stringify(r.contact.fields), groupId],
    );
    return true;
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === '23505') return false;
    throw error;
  }
}
