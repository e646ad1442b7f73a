import type { Query } from '../../db/client';
import type { UserRow } from '../../db/rows';
import { chinaDay, NEWS_TYPES, notify } from '../messages/notify.service';

/** How long before its end a membership's holder hears that it is ending. */
export const EXPIRING_NOTICE_MS = 3 * 24 * 3_600_000;

/**
 * A paid level whose time ran out drops to the free one (spec §9 limits follow at once). Read-time: the session
 * lookup of every request treats it as level 1 and calls this for its user; the order sweeper's round calls it
 * for everyone (users not seen since, whose collaborators still edit within the owner's level). One conditional
 * UPDATE, so any process may run it any number of times; the same statement writes the holder's "expired" message,
 * keyed by the period's end, so it is written once per membership period.
 */
export async function dropExpiredLevels(query: Query, now: Date, userId?: number): Promise<number> {
  const rows = await query<Pick<UserRow, 'id'>>(
    `WITH dropped AS (
       UPDATE users SET member_level = 1 WHERE member_level > 1 AND member_expire IS NOT NULL AND member_expire <= $1 AND ($2::int IS NULL OR id = $2)
       RETURNING id, member_expire
     ), noted AS (
       INSERT INTO messages (user_id, title, news_type, key, created_at)
       SELECT id, '会员已到期，已恢复为免费版；续费后即可恢复会员权益', $3, 'member-expired:' || (extract(epoch FROM member_expire) * 1000)::bigint, $1 FROM dropped
       ON CONFLICT (user_id, key) DO NOTHING
     )
     SELECT id FROM dropped`,
    [now, userId ?? null, NEWS_TYPES.member],
  );
  return rows.length;
}

/**
 * The sweeper's round: every paid membership ending within 3 days gets one "expiring" message per period (keyed by
 * its end, so a renewal's new end is a new period). Returns how many were written.
 */
export async function noteExpiringLevels(query: Query, now: Date): Promise<number> {
  const due = await query<Pick<UserRow, 'id' | 'member_expire'>>(
    `SELECT u.id, u.member_expire FROM users u
     WHERE u.member_level > 1 AND u.member_expire > $1 AND u.member_expire <= $2
       AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.user_id = u.id AND m.key = 'member-expiring:' || (extract(epoch FROM u.member_expire) * 1000)::bigint)`,
    [now, new Date(now.getTime() + EXPIRING_NOTICE_MS)],
  );
  for (const row of due) {
    const end = new Date(row.member_expire!);
    const title = `会员将于 ${chinaDay(end)} 到期，到期后恢复为免费版，请及时续费`;
    await notify(query, row.id, { title, newsType: NEWS_TYPES.member, key: `member-expiring:${end.getTime()}` }, now);
  }
  return due.length;
}
