import { WEB_AUTH_MESSAGES } from '../../../schemas/api/component';
import { VOTE_MESSAGES } from '../../../schemas/vote/vote-messages';
import { voteSettingsOf, type TVoteSettings } from '../../../schemas/vote/vote-rules';
import type { Query } from '../../db/client';
import type { WechatAuthorizerRow } from '../../db/rows';
import type { Deps } from '../deps';
import { badInput, conflict } from '../errors';
import { webAuthIdentity, webAuthUrl } from '../wechat/web-auth.service';
import { publicVote } from './vote-access.service';

/**
 * 微信授权 votes (issue 47 item 1): the rules name one of the owner's bound official accounts, and voters prove an
 * openid of it through WeChat's web authorisation (server/services/wechat/web-auth.service.ts); a ballot then counts
 * one voter per openid (voter-identity.ts).
 */
type AccountRow = Pick<WechatAuthorizerRow, 'authorizer_appid'>;

/** The AppID of the owner's authorised official account `authId`, or null when it is not (or no longer) one. */
async function boundAppid(query: Query, ownerId: number, authId: number | null): Promise<string | null> {
  if (authId === null) return null;
  const [row] = await query<AccountRow>(
    `SELECT authorizer_appid FROM wechat_authorizers WHERE id = $1 AND user_id = $2 AND kind = 'mp' AND status = 'authorized'`,
    [authId, ownerId],
  );
  return row?.authorizer_appid ?? null;
}

/** Rules about to be saved: a 微信授权 vote gets its account's AppID from the owner's binding (never from the client). */
export async function withWechatAccount(query: Query, ownerId: number, settings: TVoteSettings): Promise<TVoteSettings> {
  if (settings.identity !== 'wechat') return { ...settings, wechatAppid: null };
  const appid = await boundAppid(query, ownerId, settings.wechatAuthId);
  if (!appid) throw badInput(WEB_AUTH_MESSAGES.chooseAccount, 'wechatAuthId');
  return { ...settings, wechatAppid: appid };
}

/** The vote, its subject in the signed state, and the account its voters authorise through (still bound). */
async function wechatVote(deps: Deps, voteId: string) {
  const vote = await publicVote(deps.database.query, voteId);
  const settings = voteSettingsOf(vote.settings);
  if (settings.identity !== 'wechat') throw conflict(VOTE_MESSAGES.notWechat);
  const appid = await boundAppid(deps.database.query, vote.owner_id, settings.wechatAuthId);
  if (!appid || appid !== settings.wechatAppid) throw conflict(WEB_AUTH_MESSAGES.noAccount);
  return { appid, subject: `vote:${vote.public_id}` };
}

/** A path of this site the voter comes back to (never another host). */
const ownPath = (path: string) => /^\/(?![/\\])[^\s#]*$/.test(path);

/** getVoteWechatAuthUrl: WeChat's authorise link for this vote's account, returning to `redirectPath` on this site. */
export async function voteWechatAuthUrl(deps: Deps, origin: string, body: { voteId: string; redirectPath: string }): Promise<{ url: string }> {
  if (!ownPath(body.redirectPath)) throw badInput('返回地址无效', 'redirectPath');
  const { appid, subject } = await wechatVote(deps, body.voteId);
  return { url: webAuthUrl(deps, appid, subject, `${origin}${body.redirectPath}`).url };
}

/** getVoteWechatVoter: the code and state WeChat sent the voter back with → the identity token ballots carry. */
export async function voteWechatVoter(
  deps: Deps,
  body: { voteId: string; code: string; state: string; appid?: string },
): Promise<{ wechatToken: string; expiresIn: number }> {
  const { appid, subject } = await wechatVote(deps, body.voteId);
  const who = await webAuthIdentity(deps, appid, subject, body);
  return { wechatToken: who.token, expiresIn: who.expiresIn };
}
