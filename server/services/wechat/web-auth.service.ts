import { WEB_AUTH_MESSAGES } from '../../../schemas/api/component';
import { WechatOpenError } from '../../providers/wechat-open';
import type { Deps } from '../deps';
import { conflict } from '../errors';
import { hmac, randomToken, safeEqual, sha256 } from '../crypto';
import { componentAccessToken, upstream } from './component-token.service';
import { requireOpen } from './authorizers.service';

/**
 * WeChat web authorisation on behalf of a bound official account (代公众号发起网页授权, issue 47 item 1): the
 * authorise link with a signed state (the subject it is for — a vote —, the account, a nonce, an expiry), then the
 * code the browser brings back, taken once (wechat_web_auth_uses, before WeChat is asked) and exchanged for the
 * openid. The answer is a signed identity token for that account's openid, which later calls check.
 */
const STATE_MS = 10 * 60_000;
const IDENTITY_DAYS = 30;

const signState = (secret: string, appid: string, subject: string, nonce: string, expires: number) =>
  hmac(secret, `wechat-web-auth|${appid}|${subject}|${nonce}|${expires}`);
const signIdentity = (secret: string, appid: string, openid: string, expires: number) => hmac(secret, `wechat-openid|${appid}|${openid}|${expires}`);

/** The link the voter's browser follows; WeChat sends it back to redirectUri with code and state. */
export function webAuthUrl(deps: Deps, appid: string, subject: string, redirectUri: string): { url: string; state: string } {
  const open = requireOpen(deps);
  const nonce = randomToken(12);
  const expires = deps.now().getTime() + STATE_MS;
  const state = `${nonce}.${expires}.${signState(deps.secret, appid, subject, nonce, expires)}`;
  return { url: open.oauthUrl(appid, redirectUri, state), state };
}

/** The state's nonce when it was made by us for this account and subject and has not expired; else a refusal. */
function nonceOf(deps: Deps, appid: string, subject: string, state: string): string {
  const [nonce, expiresText, signature] = state.split('.');
  const expires = Number(expiresText);
  if (!nonce || !signature || !Number.isFinite(expires) || expires < deps.now().getTime())
    throw conflict(WEB_AUTH_MESSAGES.state, { reason: 'wechatRequired' });
  if (!safeEqual(signature, signState(deps.secret, appid, subject, nonce, expires))) throw conflict(WEB_AUTH_MESSAGES.state, { reason: 'wechatRequired' });
  return nonce;
}

export interface WebIdentity {
  openid: string;
  unionid: string | null;
  /** Proves the openid for this account to later calls (identityOfToken). */
  token: string;
  expiresIn: number;
}

/**
 * The code and state the browser came back with: the state checked, the code and nonce taken once, then the code
 * exchanged for the openid of this account (WeChat refuses a code issued for another account or used before).
 */
export async function webAuthIdentity(
  deps: Deps,
  appid: string,
  subject: string,
  input: { code: string; state: string; appid?: string },
): Promise<WebIdentity> {
  if (input.appid && input.appid !== appid) throw conflict(WEB_AUTH_MESSAGES.otherAccount, { reason: 'wechatRequired' });
  const nonce = nonceOf(deps, appid, subject, input.state);
  const open = requireOpen(deps);
  const taken = await deps.database.query(
    `INSERT INTO wechat_web_auth_uses (code_hash, nonce, authorizer_appid, subject, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT DO NOTHING RETURNING code_hash`,
    [sha256(input.code), nonce, appid, subject, deps.now()],
  );
  if (!taken.length) throw conflict(WEB_AUTH_MESSAGES.used, { reason: 'wechatRequired' });
  const token = await componentAccessToken(deps, open);
  const who = await open.oauthIdentity(token, appid, input.code).catch((error: unknown) => {
    // 40029 invalid code (forged, expired or issued for another account), 40163 code been used.
    if (error instanceof WechatOpenError && (error.errcode === 40029 || error.errcode === 40163))
      throw conflict(WEB_AUTH_MESSAGES.code, { reason: 'wechatRequired', errcode: error.errcode });
    return upstream(error);
  });
  const expires = deps.now().getTime() + IDENTITY_DAYS * 86_400_000;
  return {
    openid: who.openid,
    unionid: who.unionid,
    token: `${appid}.${who.openid}.${expires}.${signIdentity(deps.secret, appid, who.openid, expires)}`,
    expiresIn: IDENTITY_DAYS * 86_400,
  };
}

/** The openid an identity token proves for this account; a token of another account or a forged or expired one is refused. */
export function identityOfToken(deps: Deps, appid: string, token: string): string {
  const [tokenAppid, openid, expiresText, signature] = token.split('.');
  const expires = Number(expiresText);
  const valid =
    tokenAppid &&
    openid &&
    signature &&
    Number.isFinite(expires) &&
    expires >= deps.now().getTime() &&
    safeEqual(signature, signIdentity(deps.secret, tokenAppid, openid, expires));
  if (!valid) throw conflict(WEB_AUTH_MESSAGES.token, { reason: 'wechatRequired' });
  if (tokenAppid !== appid) throw conflict(WEB_AUTH_MESSAGES.otherAccount, { reason: 'wechatRequired' });
  return openid;
}

/**
 * The codes taken longer ago than a state lives: their states are refused by their expiry from then on, so the rows
 * guard nothing more (the sweep of server/jobs/web-auth-cleanup.ts, any process). Answers how many went.
 */
export async function sweepWebAuthUses(deps: Pick<Deps, 'database' | 'now'>): Promise<number> {
  const rows = await deps.database.query('DELETE FROM wechat_web_auth_uses WHERE created_at < $1 RETURNING code_hash', [
    new Date(deps.now().getTime() - STATE_MS),
  ]);
  return rows.length;
}
