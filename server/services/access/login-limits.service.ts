import { USER_MESSAGES } from '../../../schemas/api/user';
import type { Database } from '../../db/client';
import { clientKey } from './client-key';
import { badInput, tooMany } from '../errors';
import { clearLimit, giveBack, hit, hitAll, type Limiter } from './rate-limit.service';
import type { UserRow } from '../../db/rows';
import { checkPassword, findUserByLogin, loginIdentity } from './users.service';

/** Per (login string, address): 5 tries in 15 minutes; per address: 30. */
export const PASSWORD_TRIES_PER_PAIR = 5;
export const PASSWORD_TRIES_PER_IP = 30;
const PAIR_WINDOW = 900;
/**
 * Per account, whatever alias names it and from wherever: 10 wrong passwords in an hour lock password login
 * for the rest of the hour; the owner lifts it at once by logging in with an SMS code or resetting the password.
 */
export const ACCOUNT_FAILURES = 10;
export const ACCOUNT_WINDOW = 3_600;
/** changePassword's old-password check, per user: 5 in 15 minutes. */
export const OLD_PASSWORD_TRIES = 5;

export const accountLockKey = (userId: number) => `pw:acct:${userId}`;

/**
 * Password login. Every try is counted before the password is checked (one conditional statement each), so
 * parallel guesses cannot overshoot; a right password gives its account and address tries back, so only failures lock.
 * A login string naming no account is counted under its own key and locks alike: the answers never tell
 * whether an account exists.
 */
export async function checkPasswordLogin(limiter: Limiter, login: string, password: string, ip: string): Promise<UserRow> {
  const identity = loginIdentity(login);
  const address = clientKey(ip);
  const pairKey = `pw:${identity.kind}:${identity.value}:${address}`;
  const addressKey = `pw:ip:${address}`;
  const { database } = limiter;
  const refused = await hitAll(limiter, [
    { key: pairKey, limit: PASSWORD_TRIES_PER_PAIR, windowSeconds: PAIR_WINDOW },
    { key: addressKey, limit: PASSWORD_TRIES_PER_IP, windowSeconds: PAIR_WINDOW },
  ]);
  if (refused) throw tooMany(USER_MESSAGES.loginLocked);
  const user = await findUserByLogin(database, identity);
  const accountKey = user ? accountLockKey(user.id) : `pw:acct:${identity.kind}:${identity.value}`;
  if (!(await hit(limiter, accountKey, ACCOUNT_FAILURES, ACCOUNT_WINDOW))) throw tooMany(USER_MESSAGES.accountLocked);
  if (!(await checkPassword(user?.password_hash, password)) || !user) throw badInput(USER_MESSAGES.loginFailed, 'password');
  await clearLimit(database, pairKey);
  // Only failures count: an office behind one address may log in all day.
  await giveBack(database, [accountKey, addressKey]);
  return user;
}

/** The owner proved the phone (SMS login, password reset): password login opens again. */
export async function liftAccountLock(database: Database, userId: number): Promise<void> {
  await clearLimit(database, accountLockKey(userId));
}

/** changePassword: the old password is checked at most 5 times in 15 minutes per user; a right one gives its try back. */
export async function checkOldPassword(limiter: Limiter, user: UserRow, oldPassword: string): Promise<void> {
  const { database } = limiter;
  const key = `pw:old:${user.id}`;
  if (!(await hit(limiter, key, OLD_PASSWORD_TRIES, PAIR_WINDOW))) throw tooMany(USER_MESSAGES.oldPasswordLocked);
  if (!(await checkPassword(user.password_hash, oldPassword))) throw badInput(USER_MESSAGES.oldPasswordWrong, 'oldPassword');
  await giveBack(database, [key]);
}
