import { CONTACT_LIMITS } from '../../../schemas/api/contacts';
import type { Query } from '../../db/client';
import type { CountOf } from './contact-rows';

/** What a user's book counts against its limit (schemas/api/contacts.ts CONTACT_LIMITS). */
export type TCapKind = 'contacts' | 'groups' | 'fields';
const TABLES: Record<TCapKind, string> = { contacts: 'contacts', groups: 'contact_groups', fields: 'contact_fields' };

/**
 * How an insert stays within the per-user limit under concurrency. exactContactCap takes the user's book row
 * (contact_settings, made on first use) FOR UPDATE in the insert's transaction — two imports of one user run one
 * after the other — and the insert is one conditional statement: `INSERT … SELECT … WHERE <guard>`, the guard
 * counting the rows already there. The naive variant (tests/helpers/naive-strategies.ts) reads the count before
 * the transaction and inserts unconditionally; the concurrency test shows it overshoots.
 */
export interface ContactCapStrategy {
  /** Before the insert's transaction; false refuses at once. */
  precheck(query: Query, userId: number, kind: TCapKind, adding: number): Promise<boolean>;
  /** In the transaction, before the insert: answers the SQL guard the INSERT … SELECT carries (`$1` is the user). */
  guard(query: Query, userId: number, kind: TCapKind, adding: number): Promise<string>;
}

/** Take the user's book row (created on first use) and hold it until the transaction ends. */
export async function lockBook(query: Query, userId: number): Promise<void> {
  await query(
    `INSERT INTO contact_settings (user_id) VALUES ($1)
     ON CONFLICT (user_id) DO UPDATE SET updated_at = contact_settings.updated_at`,
    [userId],
  );
}

/** The SQL condition: what is there plus what comes stays within the limit. */
export const capGuard = (kind: TCapKind, adding: number): string =>
  `(SELECT count(*) FROM ${TABLES[kind]} WHERE user_id = $1) + ${Math.trunc(adding)} <= ${CONTACT_LIMITS[kind]}`;

export const exactContactCap: ContactCapStrategy = {
  precheck: async () => true,
  async guard(query, userId, kind, adding) {
    await lockBook(query, userId);
    return capGuard(kind, adding);
  },
};

/** How many rows of `kind` the user has. */
export async function countOf(query: Query, userId: number, kind: TCapKind): Promise<number> {
  const [row] = await query<CountOf<'n'>>(`SELECT count(*) AS n FROM ${TABLES[kind]} WHERE user_id = $1`, [userId]);
  return Number(row?.n ?? 0);
}
