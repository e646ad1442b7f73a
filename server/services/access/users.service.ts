import { levelAt } from '../../../schemas/money/membership';
import { hash, verify } from '@node-rs/argon2';
import { levelOf, USER_MESSAGES, looksLikePhone, type TUserInfo } from '../../../schemas/api/user';
import { isMobile, normalizePhone } from '../../../schemas/phone';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/rows';
import { publicId } from '../crypto';

// Argon2id (the library's default algorithm); a dummy hash keeps "no such account" as slow as a wrong password.
const ARGON = { memoryCost: 19456, timeCost: 2, parallelism: 1 };
let dummyHash: Promise<string> | null = null;

export const hashPassword = (password: string) => hash(password, ARGON);

export async function checkPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash('dummy-password-1', ARGON);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

export async function findUserByPhone(database: Database, phone: string): Promise<UserRow | null> {
  return (await database.query<UserRow>('SELECT * FROM users WHERE phone = $1', [phone]))[0] ?? null;
}

export async function findUserById(database: Database, id: number): Promise<UserRow | null> {
  return (await database.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]))[0] ?? null;
}

/** What a login string names: a phone-shaped string only ever a phone, anything else only a user name. */
export type LoginIdentity = { kind: 'phone'; value: string } | { kind: 'username'; value: string };

export function loginIdentity(login: string): LoginIdentity {
  return isMobile(login) ? { kind: 'phone', value: normalizePhone(login) } : { kind: 'username', value: login.trim() };
}

/**
 * The one account a login string names. A user name held by several accounts (default names like 用户8000
 * repeat) names none of them: the phone is the way in then.
 */
export async function findUserByLogin(database: Database, identity: LoginIdentity): Promise<UserRow | null> {
  if (identity.kind === 'phone') return findUserByPhone(database, identity.value);
  const rows = await database.query<UserRow>('SELECT * FROM users WHERE username = $1 AND deleted_at IS NULL ORDER BY id LIMIT 2', [identity.value]);
  return rows.length === 1 ? rows[0]! : null;
}

/**
 * Why `username` cannot be this user's login name, or null. Phone-shaped names (and bare digit strings) are
 * refused outright; a name another account already uses, or equal to another account's phone, is taken.
 */
export async function usernameRefusal(database: Database, userId: number, username: string): Promise<string | null> {
  if (looksLikePhone(username)) return USER_MESSAGES.usernamePhoneLike;
  const taken = await database.query('SELECT 1 FROM users WHERE id <> $1 AND (username = $2 OR phone = $3) LIMIT 1', [
    userId,
    username,
    normalizePhone(username),
  ]);
  return taken.length ? USER_MESSAGES.usernameTaken : null;
}

/** Create the account for a phone, or return the existing one (the unique phone key decides races). */
export async function ensureUser(database: Database, phone: string, passwordHash: string | null = null): Promise<{ user: UserRow; created: boolean }> {
  const inserted = await database.query<UserRow>(
    `INSERT INTO users (public_id, phone, username, password_hash) VALUES ($1, $2, $3, $4)
     ON CONFLICT (phone) DO NOTHING RETURNING *`,
    [publicId(), phone, `用户${phone.slice(-4)}`, passwordHash],
  );
  if (inserted[0]) return { user: inserted[0], created: true };
  return { user: (await findUserByPhone(database, phone))!, created: false };
}

export async function setPassword(database: Database, userId: number, passwordHash: string): Promise<void> {
  await database.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
}

/** The caller checked it with usernameRefusal first. */
export async function setUsername(database: Database, userId: number, username: string): Promise<void> {
  await database.query('UPDATE users SET username = $2 WHERE id = $1', [userId, username]);
}

export async function setHeadImg(database: Database, userId: number, headImg: string): Promise<void> {
  await database.query('UPDATE users SET head_img = $2 WHERE id = $1', [userId, headImg]);
}

const iso = (value: Date | string | null): string | null => (value ? new Date(value).toISOString() : null);

/**
 * The user as the client sees them at `now`: the member level in force (a paid level whose time ran out is the free
 * one) and `coin`, their coins on the brand the request came from (coins are kept per brand: server/services/user-info.ts reads them).
 */
export function toUserInfo(row: UserRow, now: Date, coin: number): TUserInfo {
  const level = levelOf(levelAt(row.member_level, row.member_expire ? new Date(row.member_expire) : null, now));
  return {
    userId: row.public_id,
    username: row.username,
    // Masked; empty for an account without a bound phone (a deleted one, or one made by a third-party login).
    phone: isMobile(row.phone) ? `${row.phone.slice(0, 3)}****${row.phone.slice(-4)}` : '',
    headImg: row.head_img,
    memberLevel: level.memberLevel,
    memberName: level.name,
    openId: null,
    balance: row.balance_fen / 100,
    coin,
    intro: row.intro,
    expDate: iso(row.member_expire),
    memberTime: iso(row.member_since),
    memberUpgradeType: row.member_upgrade_type,
    hasPassword: Boolean(row.password_hash),
  };
}
