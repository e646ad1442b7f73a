import { ACCOUNT_MESSAGES } from '../../../schemas/api/user-account';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/rows';
import { hmac, randomToken, safeEqual } from '../crypto';
import { badInput } from '../errors';

/** The browser that asked for the authorisation keeps the state's nonce in this cookie: a state from elsewhere is refused. */
export const QQ_STATE_COOKIE = 'wj_qq_state';
const STATE_MINUTES = 10;

/** `<expires ms>.<nonce>.<signature>`: valid STATE_MINUTES by the application clock, in the browser holding the nonce. */
export function qqState(secret: string, now: Date): { state: string; nonce: string } {
  const nonce = randomToken(12);
  const body = `${now.getTime() + STATE_MINUTES * 60_000}.${nonce}`;
  return { state: `${body}.${hmac(secret, `qq-state:${body}`)}`, nonce };
}

export function qqStateValid(secret: string, state: string, cookieNonce: string | undefined, now: Date): boolean {
  const [expires, nonce, signature, extra] = state.split('.');
  if (!expires || !nonce || !signature || extra !== undefined || !cookieNonce) return false;
  if (!safeEqual(signature, hmac(secret, `qq-state:${expires}.${nonce}`))) return false;
  return safeEqual(nonce, cookieNonce) && Number(expires) > now.getTime();
}

/**
 * Bind a provider's identity to the user. Already theirs: nothing to do. Another account's: refused. The user
 * holding another identity of the provider: refused (the unique (user, provider) key decides a race).
 */
export async function bindIdentity(database: Database, userId: number, provider: 'qq', openId: string): Promise<void> {
  const inserted = await database
    .query(
      `INSERT INTO user_identities (provider, open_id, user_id) VALUES ($1, $2, $3)
       ON CONFLICT (provider, open_id) DO NOTHING RETURNING user_id`,
      [provider, openId, userId],
    )
    .catch((error: unknown) => {
      if ((error as { code?: unknown } | null)?.code === '23505') throw badInput(ACCOUNT_MESSAGES.qqOtherBound);
      throw error;
    });
  if (inserted.length) return;
  const [holder] = await database.query<{ user_id: number }>('SELECT user_id FROM user_identities WHERE provider = $1 AND open_id = $2', [provider, openId]);
  if (holder && holder.user_id !== userId) throw badInput(ACCOUNT_MESSAGES.qqTaken);
}

/** The live account a provider's identity is bound to. */
export async function boundUser(database: Database, provider: 'qq', openId: string): Promise<UserRow | null> {
  const rows = await database.query<UserRow>(
    `SELECT u.* FROM user_identities i JOIN users u ON u.id = i.user_id WHERE i.provider = $1 AND i.open_id = $2 AND u.deleted_at IS NULL`,
    [provider, openId],
  );
  return rows[0] ?? null;
}
