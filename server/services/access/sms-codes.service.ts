import { USER_MESSAGES } from '../../../schemas/api/user';
import { BRANDS, type TBrandId } from '../../../schemas/brands';
import { clientKey } from './client-key';
import { AppError, badInput, tooMany } from '../errors';
import { SmsProviderError } from '../../providers/sms';
import { hmac, safeEqual, sixDigits } from '../crypto';
import type { Deps } from '../deps';
import { giveBack, hitAll, type Limit } from './rate-limit.service';
import { col, defineSql } from '../../db/sql';

export const CODE_MINUTES = 5;
export const CODE_MAX_TRIES = 5;
/** Per phone and requester: one a minute, 5 an hour (the cool-down that stands in for a captcha), 10 a day. */
export const SMS_COOL_DOWN_SECONDS = 60;
export const SMS_PER_HOUR = 5;
export const SMS_PER_DAY = 10;
/** Per phone from everyone together: what the owner can receive in a day, so a number cannot be bombed. */
export const SMS_PER_PHONE_PER_DAY = 20;
/** Per client address from all phones together; SMS_PER_IP_PER_DAY raises it where every browser is one address (the e2e lanes). */
export const SMS_PER_IP_PER_DAY = Math.max(50, Number(process.env.SMS_PER_IP_PER_DAY) || 0);

const codeHash = (deps: Deps, phone: string, purpose: string, code: string) => hmac(deps.secret, `${phone}:${purpose}:${code}`);

interface SmsLimit extends Limit {
  message: string;
}

/**
 * The limits of one send. The phone's own allowance is counted per requester (client address, IPv6 by /64),
 * so one requester cannot use up the codes the owner will ask for from their own phone; a looser count over
 * all requesters caps what a number receives in a day.
 */
export function smsLimits(phone: string, ip: string): SmsLimit[] {
  const requester = clientKey(ip);
  return [
    { key: `sms:cool:${phone}:${requester}`, limit: 1, windowSeconds: SMS_COOL_DOWN_SECONDS, message: USER_MESSAGES.smsTooOften },
    { key: `sms:hour:${phone}:${requester}`, limit: SMS_PER_HOUR, windowSeconds: 3_600, message: USER_MESSAGES.smsCoolDown },
    { key: `sms:day:${phone}:${requester}`, limit: SMS_PER_DAY, windowSeconds: 86_400, message: USER_MESSAGES.smsDailyLimit },
    { key: `sms:phone:${phone}`, limit: SMS_PER_PHONE_PER_DAY, windowSeconds: 86_400, message: USER_MESSAGES.smsDailyLimit },
    { key: `sms:ip:${requester}`, limit: SMS_PER_IP_PER_DAY, windowSeconds: 86_400, message: USER_MESSAGES.smsDailyLimit },
  ];
}

const sendCodeSql = defineSql(
  'sms-codes.sendCode',
  { id: col.int },
  `INSERT INTO sms_codes (phone, purpose, code_hash, expires_at) VALUES ($1, $2, $3, $4) RETURNING id`,
);

/**
 * Send a 6-digit code. Every limit is counted or none is (a refused request spends nothing), and a send the
 * provider refused gives its counts back; the answer is the same whether or not an account exists.
 */
export async function sendCode(deps: Deps, input: { phone: string; purpose: string; ip: string; brand: TBrandId }): Promise<void> {
  const { database } = deps;
  const limits = smsLimits(input.phone, input.ip);
  const refused = await hitAll(deps, limits);
  if (refused) throw tooMany(refused.message);
  const code = sixDigits();
  // The code lives by the application's clock (the test clock in tests), like every other deadline.
  const expiresAt = new Date(deps.now().getTime() + CODE_MINUTES * 60_000);
  const [row] = await sendCodeSql.run(database.query, [input.phone, input.purpose, codeHash(deps, input.phone, input.purpose, code), expiresAt]);
  const brand = BRANDS[input.brand];
  try {
    await deps.sms.send({
      phone: input.phone,
      brand: brand.id,
      text: `【${brand.name}】您的验证码是${code}，${CODE_MINUTES}分钟内有效。请勿泄露给他人。`,
      code,
      minutes: CODE_MINUTES,
      purpose: input.purpose,
    });
  } catch (error) {
    // Nothing reached the phone: the code is withdrawn (an earlier one stays the newest) and the counts go back.
    await database.query('DELETE FROM sms_codes WHERE id = $1', [row!.id]);
    await giveBack(
      database,
      limits.map((l) => l.key),
    );
    throw sendFailure(error);
  }
}

function sendFailure(error: unknown): AppError {
  if (error instanceof SmsProviderError && error.kind === 'limited') return tooMany(USER_MESSAGES.smsProviderLimited);
  if (error instanceof SmsProviderError && error.providerCode === 'isv.MOBILE_NUMBER_ILLEGAL') return badInput('请输入正确的手机号', 'phone');
  return new AppError('500', USER_MESSAGES.smsFailed, null, { cause: error });
}

const verifyCodeSql = defineSql(
  'sms-codes.verifyCode',
  { id: col.int, code_hash: col.text },
  `UPDATE sms_codes SET tries = tries + 1
     WHERE id = (SELECT id FROM sms_codes WHERE phone = $1 AND purpose = $2 ORDER BY id DESC LIMIT 1)
       AND used_at IS NULL AND expires_at > $4 AND tries < $3
     RETURNING id, code_hash`,
);

/**
 * Check a code: only the newest code of (phone, purpose) counts; every try is counted by one conditional
 * update; five wrong tries kill it; a right one is used up at once.
 */
export async function verifyCode(deps: Deps, phone: string, purpose: string, code: string): Promise<void> {
  await spendCode(deps, await checkCode(deps, phone, purpose, code));
}

/**
 * Check a code without using it up (the try is counted all the same): a call proved by two codes checks both,
 * then spends both (spendCode), so a wrong second code does not cost the right first one.
 */
export async function checkCode(deps: Deps, phone: string, purpose: string, code: string): Promise<number> {
  const { database } = deps;
  const now = deps.now();
  const rows = await verifyCodeSql.run(database.query, [phone, purpose, CODE_MAX_TRIES, now]);
  const row = rows[0];
  if (!row) {
    const dead = await database.query(
      `SELECT 1 FROM sms_codes WHERE id = (SELECT id FROM sms_codes WHERE phone = $1 AND purpose = $2 ORDER BY id DESC LIMIT 1)
         AND used_at IS NULL AND expires_at > $4 AND tries >= $3`,
      [phone, purpose, CODE_MAX_TRIES, now],
    );
    throw badInput(dead.length ? USER_MESSAGES.codeDead : USER_MESSAGES.codeWrong, 'code');
  }
  if (!safeEqual(row.code_hash, codeHash(deps, phone, purpose, code))) throw badInput(USER_MESSAGES.codeWrong, 'code');
  return row.id;
}

/** Use up a checked code: once only (a second use of the same code, even racing, is refused). */
export async function spendCode(deps: Deps, id: number): Promise<void> {
  const used = await deps.database.query('UPDATE sms_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id', [id]);
  if (!used.length) throw new AppError('400', USER_MESSAGES.codeWrong, { field: 'code' });
}
