import { levelAt } from '../../../schemas/money/membership';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/rows';
import { dropExpiredLevels } from './member-expiry.service';
import { randomToken, sha256 } from '../crypto';

export const SESSION_DAYS = 7;

export interface AuthUser {
  id: number;
  publicId: string;
  phone: string;
  username: string;
  memberLevel: number;
  tokenHash: string;
}

/** A new random 128-bit token; only its hash is stored. Valid 7 days. */
export async function createSession(database: Database, userId: number, userAgent: string | null = null): Promise<string> {
  const token = randomToken(16);
  await database.query(
    `INSERT INTO sessions (token_hash, user_id, expires_at, user_agent, last_seen_at) VALUES ($1, $2, now() + make_interval(days => $3), $4, now())`,
    [sha256(token), userId, SESSION_DAYS, userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null],
  );
  return token;
}

const USER_AGENT_MAX = 300;
/** last_seen_at is written at most this often per session, so a busy page does not write on every call. */
export const LAST_SEEN_MINUTES = 5;

/**
 * The session's user, with the member level in force at `now` (the application clock, which the test clock
 * moves): a paid level whose time ran out is the free one from that moment, in every process, and is written
 * down as such (dropExpiredLevels) so that readers of the stored level agree.
 */
export async function resolveToken(database: Database, token: string | undefined, now: Date = new Date()): Promise<AuthUser | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = sha256(token);
  const rows = await database.query<Pick<UserRow, 'id' | 'public_id' | 'phone' | 'username' | 'member_level' | 'member_expire'> & { stale: boolean }>(
    `SELECT u.id, u.public_id, u.phone, u.username, u.member_level, u.member_expire,
            (s.last_seen_at IS NULL OR s.last_seen_at < now() - make_interval(mins => $2)) AS stale
       FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.deleted_at IS NULL`,
    [tokenHash, LAST_SEEN_MINUTES],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.stale) await database.query('UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1', [tokenHash]);
  const memberLevel = levelAt(row.member_level, row.member_expire ? new Date(row.member_expire) : null, now);
  if (memberLevel !== row.member_level) await dropExpiredLevels(database.query, now, row.id);
  return { id: row.id, publicId: row.public_id, phone: row.phone, username: row.username, memberLevel, tokenHash };
}

export async function revokeSession(database: Database, tokenHash: string): Promise<void> {
  await database.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash]);
}

/** Password change or reset: every other session of the user dies. */
export async function revokeUserSessions(database: Database, userId: number, exceptHash?: string): Promise<void> {
  await database.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND token_hash <> $2', [userId, exceptHash ?? '']);
}

export interface SessionRow {
  id: number;
  token_hash: string;
  user_agent: string | null;
  created_at: Date | string;
  last_seen_at: Date | string | null;
}

/** The user's sessions still in force, newest first. */
export async function listSessions(database: Database, userId: number): Promise<SessionRow[]> {
  return database.query<SessionRow>(
    `SELECT id::float8 AS id, token_hash, user_agent, created_at, last_seen_at FROM sessions
      WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now() ORDER BY created_at DESC, id DESC LIMIT 100`,
    [userId],
  );
}

/** Signs out one of the user's own sessions; false when no such live session is theirs. */
export async function revokeSessionById(database: Database, userId: number, sessionId: number): Promise<boolean> {
  const rows = await database.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id', [
    sessionId,
    userId,
  ]);
  return rows.length > 0;
}
