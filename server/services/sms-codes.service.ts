import { USER_MESSAGES } from '../../schemas/api/user';
import { BRANDS, type TBrandId } from '../../schemas/brands';
import { AppError, badInput, tooMany } from '../http/errors';
import { hmac, safeEqual, sixDigits } from './crypto';
import type { Deps } from './deps';
import { hit } from './rate-limit.service';

export const CODE_MINUTES = 5;
export const CODE_MAX_TRIES = 5;
export const SMS_PER_DAY = 10;
export const SMS_PER_IP_PER_DAY = 50;

const codeHash = (deps: Deps, phone: string, purpose: string, code: string) => hmac(deps.secret, `${phone}:${purpose}:${code}`);

/**
 * Send a 6-digit code. Limits are counted on the normalised phone (1 a minute, 10 a day) and on the real
 * client address; the answer is the same whether or not an account exists.
 */
export async function sendCode(deps: Deps, input: { phone: string; purpose: string; ip: string; brand: TBrandId }): Promise<void> {
  const { database } = deps;
  if (!(await hit(database, `sms:min:${input.phone}`, 1, 60))) throw tooMany(USER_MESSAGES.smsTooOften);
  if (!(await hit(database, `sms:day:${input.phone}`, SMS_PER_DAY, 86_400))) throw tooMany(USER_MESSAGES.smsDailyLimit);
  if (!(await hit(database, `sms:ip:${input.ip}`, SMS_PER_IP_PER_DAY, 86_400))) throw tooMany(USER_MESSAGES.smsDailyLimit);
  const code = sixDigits();
  await database.query(
    `INSERT INTO sms_codes (phone, purpose, code_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
    [input.phone, input.purpose, codeHash(deps, input.phone, input.purpose, code), CODE_MINUTES],
  );
  const brand = BRANDS[input.brand];
  await deps.sms.send({
    phone: input.phone,
    brand: brand.id,
    text: `【${brand.name}】您的验证码是${code}，${CODE_MINUTES}分钟内有效。请勿泄露给他人。`,
  });
}

/**
 * Check a code: only the newest code of (phone, purpose) counts; every try is counted by one conditional
 * update; five wrong tries kill it; a right one is used up at once.
 */
export async function verifyCode(deps: Deps, phone: string, purpose: string, code: string): Promise<void> {
  const { database } = deps;
  const rows = await database.query<{ id: number; code_hash: string }>(
    `UPDATE sms_codes SET tries = tries + 1
     WHERE id = (SELECT id FROM sms_codes WHERE phone = $1 AND purpose = $2 ORDER BY id DESC LIMIT 1)
       AND used_at IS NULL AND expires_at > now() AND tries < $3
     RETURNING id, code_hash`,
    [phone, purpose, CODE_MAX_TRIES],
  );
  const row = rows[0];
  if (!row) {
    const dead = await database.query(
      `SELECT 1 FROM sms_codes WHERE id = (SELECT id FROM sms_codes WHERE phone = $1 AND purpose = $2 ORDER BY id DESC LIMIT 1)
         AND used_at IS NULL AND expires_at > now() AND tries >= $3`,
      [phone, purpose, CODE_MAX_TRIES],
    );
    throw badInput(dead.length ? USER_MESSAGES.codeDead : USER_MESSAGES.codeWrong, 'code');
  }
  if (!safeEqual(row.code_hash, codeHash(deps, phone, purpose, code))) throw badInput(USER_MESSAGES.codeWrong, 'code');
  const used = await database.query('UPDATE sms_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id', [row.id]);
  if (!used.length) throw new AppError('400', USER_MESSAGES.codeWrong, { field: 'code' });
}
