import type { Query } from '../../db/client';
import type { UserRow } from '../../db/rows';

/**
 * A paid level whose time ran out drops to the free one (spec §9 limits follow at once). Read-time: the session
 * lookup of every request treats it as level 1 and calls this for its user; the order sweeper's round calls it
 * for everyone (users not seen since, whose collaborators still edit within the owner's level). One conditional
 * UPDATE, so any process may run it any number of times.
 */
export async function dropExpiredLevels(query: Query, now: Date, userId?: number): Promise<number> {
  const rows = await query<Pick<UserRow, 'id'>>(
    `UPDATE users SET member_level = 1 WHERE member_level > 1 AND member_expire IS NOT NULL AND member_expire <= $1 AND ($2::int IS NULL OR id = $2) RETURNING id`,
    [now, userId ?? null],
  );
  return rows.length;
}
