import { API_TOKEN_LIMITS, API_TOKEN_MESSAGES, API_TOKEN_PREFIX, type TApiTokenItem, type TApiTokenScope } from '../../../schemas/api/api-tokens';
import type { Database } from '../../db/client';
import { randomToken, sha256 } from '../crypto';
import { notFound, tooMany } from '../errors';

/** The characters of a token shown in the list to tell it apart (wjp_ and 4 more). */
const PREFIX_LENGTH = API_TOKEN_PREFIX.length + 4;
const DAY_MS = 86_400_000;

interface ApiTokenRow {
  id: number;
  name: string;
  scope: TApiTokenScope;
  prefix: string;
  created_at: Date | string;
  expires_at: Date | string | null;
  last_used_at: Date | string | null;
  last_used_ip: string | null;
}

const iso = (value: Date | string | null) => (value == null ? null : new Date(value).toISOString());

function itemOf(row: ApiTokenRow, now: Date): TApiTokenItem {
  const expireTime = iso(row.expires_at);
  return {
    tokenId: Number(row.id),
    name: row.name,
    scope: row.scope,
    prefix: row.prefix,
    createTime: iso(row.created_at)!,
    expireTime,
    lastUsedTime: iso(row.last_used_at),
    lastUsedIp: row.last_used_ip,
    expired: expireTime !== null && new Date(expireTime).getTime() <= now.getTime(),
  };
}

interface LiveCountRow {
  live: number;
}

const COLUMNS = 'id::float8 AS id, name, scope, prefix, created_at, expires_at, last_used_at, last_used_ip';

export interface CreateApiTokenInput {
  name: string;
  scope: TApiTokenScope;
  expireDays: number | null;
}

/**
 * A new token, `wjp_` and 32 random base64url characters (192 bits); only its SHA-256 is stored. At most
 * API_TOKEN_LIMITS.perUser live (not deleted, not expired) tokens per user: the user's row is locked for the count
 * and the insert, so parallel creates queue and the 21st is refused on PGlite and PostgreSQL alike.
 */
export async function createApiToken(database: Database, userId: number, input: CreateApiTokenInput, now: Date): Promise<TApiTokenItem & { token: string }> {
  const token = `${API_TOKEN_PREFIX}${randomToken(24)}`;
  const expiresAt = input.expireDays === null ? null : new Date(now.getTime() + input.expireDays * DAY_MS);
  const row = await database.transaction(async (query) => {
    await query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const [{ live }] = await query<LiveCountRow>(
      `SELECT count(*)::int AS live FROM api_tokens WHERE user_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2)`,
      [userId, now],
    );
    if (live >= API_TOKEN_LIMITS.perUser) throw tooMany(API_TOKEN_MESSAGES.tooMany);
    const [inserted] = await query<ApiTokenRow>(
      `INSERT INTO api_tokens (user_id, name, scope, token_hash, prefix, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
       RETURNING ${COLUMNS}`,
      [userId, input.name, input.scope, sha256(token), token.slice(0, PREFIX_LENGTH), expiresAt, now],
    );
    return inserted;
  });
  return { ...itemOf(row, now), token };
}

/** The user's tokens not deleted, newest first, expired ones included (flagged) so the user sees why one stopped. */
export async function listApiTokens(database: Database, userId: number, now: Date): Promise<TApiTokenItem[]> {
  const rows = await database.query<ApiTokenRow>(`SELECT ${COLUMNS} FROM api_tokens WHERE user_id = $1 AND revoked_at IS NULL ORDER BY id DESC LIMIT 100`, [
    userId,
  ]);
  return rows.map((row) => itemOf(row, now));
}

/** Deletes one of the user's own tokens; any other id (another user's, already deleted, none) is the same 404. */
export async function revokeApiToken(database: Database, userId: number, tokenId: number): Promise<void> {
  const rows = await database.query('UPDATE api_tokens SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id', [
    tokenId,
    userId,
  ]);
  if (rows.length === 0) throw notFound(API_TOKEN_MESSAGES.gone);
}
