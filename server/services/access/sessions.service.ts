import type { Database } from '../../db/client';
import { randomToken, sha256 } from '../crypto';
import { col, defineSql } from '../../db/sql';

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
export async function createSession(database: Database, userId: number): Promise<string> {
  const token = randomToken(16);
  await database.query(`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3))`, [
    sha256(token),
    userId,
    SESSION_DAYS,
  ]);
  return token;
}

const resolveTokenSql = defineSql(
  'sessions.resolveToken',
  { id: col.int, public_id: col.text, phone: col.text, username: col.text, member_level: col.int },
  `SELECT u.id, u.public_id, u.phone, u.username, u.member_level FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
);

export async function resolveToken(database: Database, token: string | undefined): Promise<AuthUser | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = sha256(token);
  const rows = await resolveTokenSql.run(database.query, [tokenHash]);
  const row = rows[0];
  if (!row) return null;
  return { id: row.id, publicId: row.public_id, phone: row.phone, username: row.username, memberLevel: row.member_level, tokenHash };
}

export async function revokeSession(database: Database, tokenHash: string): Promise<void> {
  await database.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash]);
}

/** Password change or reset: every other session of the user dies. */
export async function revokeUserSessions(database: Database, userId: number, exceptHash?: string): Promise<void> {
  await database.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND token_hash <> $2', [userId, exceptHash ?? '']);
}
