import { ACCOUNT_MESSAGES, type TAccountSmsPurpose } from '../../../schemas/api/user-account';
import { USER_MESSAGES } from '../../../schemas/api/user';
import { isMobile } from '../../../schemas/phone';
import type { Database, Query } from '../../db/client';
import type { UserRow } from '../../db/rows';
import { AppError, badInput, unauthorized } from '../errors';
import type { Deps } from '../deps';
import { deleteOwnedProjects } from '../projects/project-bin.service';
import { checkOldPassword } from '../access/login-limits.service';
import { checkCode, spendCode, verifyCode } from '../access/sms-codes.service';

/** The SMS purposes of codes sent to the user's own bound phone (sendAccountSms): used by nothing else. */
export const ACCOUNT_SMS_PURPOSE: Record<TAccountSmsPurpose, string> = { rebind: 'rebind-old', cancel: 'cancel-account' };
/** The code a new phone receives through sendSms type 'bind'. */
export const BIND_PURPOSE = 'bind';

/** An account without a bound phone carries a placeholder (a deleted one, or one made by a third-party login). */
export const hasBoundPhone = (row: Pick<UserRow, 'phone'>): boolean => isMobile(row.phone);

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/**
 * Bind a phone, or change the bound one: the new number proves itself with a 'bind' code; a bound number must
 * also prove itself with its own code (sendAccountSms 'rebind'). The codes are checked before telling whether
 * the new number belongs to another account, so the answer tells it only to whoever holds that number.
 */
export async function bindPhone(deps: Deps, row: UserRow, body: { phone: string; code: string; oldCode?: string }): Promise<void> {
  const bound = hasBoundPhone(row);
  if (bound && row.phone === body.phone) throw badInput(ACCOUNT_MESSAGES.phoneSame, 'phone');
  if (bound && !body.oldCode) throw badInput(ACCOUNT_MESSAGES.oldCodeMissing, 'oldCode');
  // Both codes are checked before either is spent: a wrong new code leaves the old number's code usable.
  const oldId = bound ? await checkCode(deps, row.phone, ACCOUNT_SMS_PURPOSE.rebind, body.oldCode!) : null;
  const newId = await checkCode(deps, body.phone, BIND_PURPOSE, body.code);
  if (oldId !== null) await spendCode(deps, oldId);
  await spendCode(deps, newId);
  try {
    // The unique phone key decides a race between two accounts binding the same number.
    const rows = await deps.database.query(
      'UPDATE users SET phone = $2 WHERE id = $1 AND deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM users WHERE phone = $2) RETURNING id',
      [row.id, body.phone],
    );
    if (!rows.length) throw badInput(ACCOUNT_MESSAGES.phoneTaken, 'phone');
  } catch (error) {
    if (isUniqueViolation(error)) throw badInput(ACCOUNT_MESSAGES.phoneTaken, 'phone');
    throw error;
  }
}

/** The proof of a deletion: the login password (counted like any old-password check) or a 'cancel' code to the bound phone. */
export async function proveOwner(deps: Deps, row: UserRow, body: { password?: string; code?: string }): Promise<void> {
  if (body.code && hasBoundPhone(row)) return verifyCode(deps, row.phone, ACCOUNT_SMS_PURPOSE.cancel, body.code);
  if (body.password && row.password_hash) {
    try {
      return await checkOldPassword(deps, row, body.password);
    } catch (error) {
      if (error instanceof AppError && error.message === USER_MESSAGES.oldPasswordWrong) throw badInput(ACCOUNT_MESSAGES.passwordWrong, 'password');
      throw error;
    }
  }
  throw badInput(ACCOUNT_MESSAGES.cancelProofMissing, body.code ? 'code' : 'password');
}

export const DELETED_USERNAME = '已注销用户';

/**
 * Delete an account (docs/decisions.md "Deleting an account"), in one transaction holding the user's row: refused
 * while a project of theirs has collaborators or the balance is not spent. Their projects and votes go for good,
 * with their memberships, sessions, messages, question bank, exports and third-party bindings; the row stays,
 * anonymised with the phone freed, so the balance ledger, recharge orders and orders they paid keep their user.
 */
export function deleteAccount(database: Database, userId: number, now: Date): Promise<void> {
  return database.transaction((query) => deleteAccountIn(query, userId, now));
}

async function deleteAccountIn(query: Query, userId: number, now: Date): Promise<void> {
  const [user] = await query<Pick<UserRow, 'balance_fen'>>('SELECT balance_fen FROM users WHERE id = $1 AND deleted_at IS NULL FOR UPDATE', [userId]);
  if (!user) throw unauthorized();
  const team = await query(
    `SELECT 1 FROM projects p JOIN project_members m ON m.project_id = p.id
      WHERE p.owner_id = $1 AND m.user_id <> $1 AND p.deleted_at IS NULL AND NOT p.is_template LIMIT 1`,
    [userId],
  );
  if (team.length) throw badInput(ACCOUNT_MESSAGES.cancelWithTeam);
  if (user.balance_fen > 0) throw badInput(ACCOUNT_MESSAGES.cancelWithBalance);
  await deleteOwnedProjects(query, userId);
  await query('DELETE FROM vote_activities WHERE owner_id = $1', [userId]);
  for (const table of ['project_members', 'sessions', 'qr_logins', 'messages', 'subject_bank', 'export_jobs', 'user_identities', 'user_quotas'] as const)
    await query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
  await query(
    `UPDATE users SET phone = 'deleted:' || public_id, username = $2, password_hash = NULL, head_img = '', intro = false,
            member_level = 1, member_expire = NULL, member_since = NULL, member_upgrade_type = NULL, deleted_at = $3
      WHERE id = $1`,
    [userId, DELETED_USERNAME, now],
  );
}

/** The first-visit guide was seen: the user info's `intro` is true from now on, on every device. */
export async function markIntroSeen(database: Database, userId: number): Promise<void> {
  await database.query('UPDATE users SET intro = true WHERE id = $1', [userId]);
}
