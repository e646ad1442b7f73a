import { isIP } from 'node:net';
import { isMobile, normalizePhone } from '../../../schemas/phone';
import type { TVoteSettings } from '../../../schemas/vote/vote-rules';
import { VOTE_MESSAGES } from '../../../schemas/vote/vote-messages';
import type { TRefusalReason } from '../../../schemas/refusals';
import type { Deps } from '../deps';
import { badInput, conflict } from '../errors';
import { hmac, safeEqual } from '../crypto';
import { verifyCode } from '../access/sms-codes.service';
import type { AuthUser } from '../access/sessions.service';
import { identityOfToken } from '../wechat/web-auth.service';

/** Who votes, normalised: one key per person as the rules define a person. */
export interface Voter {
  key: string;
  userId: number | null;
  phone: string | null;
  /** Answered after an SMS check, for the page to send with its next ballots. */
  token: string | null;
}

const TOKEN_DAYS = 7;
const sign = (secret: string, voteId: string, phone: string, expires: number) => hmac(secret, `vote-voter|${voteId}|${phone}|${expires}`);

export function voterToken(deps: Deps, voteId: string, phone: string): string {
  const expires = deps.now().getTime() + TOKEN_DAYS * 86_400_000;
  return `${phone}.${expires}.${sign(deps.secret, voteId, phone, expires)}`;
}

/** The phone a voterToken proves for this vote, or null when it is forged, of another vote or expired. */
export function phoneOfToken(deps: Deps, voteId: string, token: string): string | null {
  const [phone, expiresText, signature] = token.split('.');
  const expires = Number(expiresText);
  if (!phone || !signature || !Number.isFinite(expires) || expires < deps.now().getTime()) return null;
  return safeEqual(signature, sign(deps.secret, voteId, phone, expires)) ? phone : null;
}

const refuse = (message: string, reason: TRefusalReason) => conflict(message, { reason });

/**
 * The voter under the rules' identity: none → the page's device id; login → the session's user (and phone, for
 * the whitelist); sms → a phone proved by a code (purpose 'vote') or by the voterToken an earlier ballot answered;
 * wechat → the openid of the vote's official account that getVoteWechatVoter's token proves (whatever the browser).
 */
export async function identifyVoter(
  deps: Deps,
  settings: TVoteSettings,
  voteId: string,
  user: AuthUser | null,
  body: { deviceId: string; phone?: string; code?: string; voterToken?: string; wechatToken?: string },
): Promise<Voter> {
  if (settings.identity === 'none') return { key: `d:${body.deviceId}`, userId: user?.id ?? null, phone: null, token: null };
  if (settings.identity === 'wechat') {
    if (!body.wechatToken || !settings.wechatAppid) throw refuse(VOTE_MESSAGES.wechatRequired, 'wechatRequired');
    return { key: `w:${identityOfToken(deps, settings.wechatAppid, body.wechatToken)}`, userId: user?.id ?? null, phone: null, token: null };
  }
  if (settings.identity === 'login') {
    if (!user) throw refuse(VOTE_MESSAGES.loginRequired, 'loginRequired');
    return { key: `u:${user.id}`, userId: user.id, phone: user.phone, token: null };
  }
  const proved = body.voterToken ? phoneOfToken(deps, voteId, body.voterToken) : null;
  if (proved) return { key: `p:${proved}`, userId: user?.id ?? null, phone: proved, token: body.voterToken! };
  if (!body.phone || !body.code) throw refuse(VOTE_MESSAGES.phoneRequired, 'phoneRequired');
  const phone = normalizePhone(body.phone);
  if (!isMobile(phone)) throw badInput('请输入正确的手机号', 'phone');
  await verifyCode(deps, phone, 'vote', body.code);
  return { key: `p:${phone}`, userId: user?.id ?? null, phone, token: voterToken(deps, voteId, phone) };
}

/** Where an address is, as far as we can tell without a GeoIP database: this machine, a private network, or unknown (''). */
export function ipArea(ip: string): string {
  if (!isIP(ip)) return '';
  if (ip === '::1' || ip.startsWith('127.') || ip === '::ffff:127.0.0.1') return '本机';
  const v4 = ip.replace(/^::ffff:/, '');
  if (/^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(v4) || /^f[cd]/i.test(ip)) return '局域网';
  return '';
}
