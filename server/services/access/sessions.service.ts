import { levelAt } from '../../../schemas/money/membership';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/rows';
import { dropExpiredLevels } from './member-expiry.service';
import { randomToken, sha256 } from '../crypto';
import { API_TOKEN_PREFIX } from '../../../schemas/api/api-tokens';

export const SESSION_DAYS = 7;

export interface AuthUser {
  id: number;
  publicId: string;
  phone: string;
  username: string;
  memberLevel: number;
  tokenHash: string;
  /** Set when the request came with a personal API token (schemas/api/api-tokens.ts); null for a login session. */
  apiToken: { id: number; scope: 'read' | 'write' } | null;
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
export async function resolveToken(database: Database, token: string | undefined, now: Date = new Date(), ip: string | null = null): Promise<AuthUser | null> {
  if (!token || token.length > 200) return null;
  if (token.startsWith(API_TOKEN_PREFIX)) return resolveApiToken(database, token, now, ip);
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
  return { id: row.id, publicId: row.public_id, phone: row.phone, username: row.username, memberLevel, tokenHash, apiToken: null };
}

type UserColumns = Pick<UserRow, 'id' | 'public_id' | 'phone' | 'username' | 'member_level' | 'member_expire'>;

/**
 * A personal API token (`wjp_…`): live when not deleted, not expired at `now` and its user not deleted. Its last use
 * (time and address) is written at most every LAST_SEEN_MINUTES, like a session's last_seen_at.
 */
async function resolveApiToken(database: Database, token: string, now: Date, ip: string | null): Promise<AuthUser | null> {
  const tokenHash = sha256(token);
  const rows = await database.query<UserColumns & { token_id: number; scope: 'read' | 'write'; stale: boolean }>(
    `SELECT u.id, u.public_id, u.phone, u.username, u.member_level, u.member_expire, t.id::float8 AS token_id, t.scope,
            (t.last_used_at IS NULL OR t.last_used_at < $2::timestamptz - make_interval(mins => $3)) AS stale
       FROM api_tokens t JOIN users u ON u.id = t.user_id
     WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > $2) AND u.deleted_at IS NULL`,
    [tokenHash, now, LAST_SEEN_MINUTES],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.stale) await database.query('UPDATE api_tokens SET last_used_at = $2, last_used_ip = $3 WHERE id = $1', [row.token_id, now, ip]);
  const memberLevel = levelAt(row.member_level, row.member_expire ? new Date(row.member_expire) : null, now);
  if (memberLevel !== row.member_level) await dropExpiredLevels(database.query, now, row.id);
  const base = { id: row.id, publicId: row.public_id, phone: row.phone, username: row.username, memberLevel, tokenHash };
  return { ...base, apiToken: { id: Number(row.token_id), scope: row.scope } };
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
