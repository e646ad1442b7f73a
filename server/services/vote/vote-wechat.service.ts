import { WEB_AUTH_MESSAGES } from '../../../schemas/api/component';
import { VOTE_MESSAGES } from '../../../schemas/vote/vote-messages';
import { voteSettingsOf, type TVoteSettings } from '../../../schemas/vote/vote-rules';
import type { Query } from '../../db/client';
import type { Deps } from '../deps';
import { conflict } from '../errors';
import { boundAppid, requireBoundAppid, subjectAuthUrl } from '../wechat/bound-account';
import { webAuthIdentity } from '../wechat/web-auth.service';
import { publicVote } from './vote-access.service';

/**
 * 微信授权 votes (issue 47 item 1): the rules name one of the owner's bound official accounts, and voters prove an
 * openid of it through WeChat's web authorisation (server/services/wechat/web-auth.service.ts); a ballot then counts
 * one voter per openid (voter-identity.ts). The owner's binding and the authorise link: ../wechat/bound-account.ts.
 */

/** Rules about to be saved: a 微信授权 vote gets its account's AppID from the owner's binding (never from the client). */
export async function withWechatAccount(query: Query, ownerId: number, settings: TVoteSettings): Promise<TVoteSettings> {
  if (settings.identity !== 'wechat') return { ...settings, wechatAppid: null };
  return { ...settings, wechatAppid: await requireBoundAppid(query, ownerId, settings.wechatAuthId) };
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

/** getVoteWechatAuthUrl: WeChat's authorise link for this vote's account, returning to `redirectPath` on this site. */
export async function voteWechatAuthUrl(deps: Deps, origin: string, body: { voteId: string; redirectPath: string }): Promise<{ url: string }> {
  const { appid, subject } = await wechatVote(deps, body.voteId);
  return subjectAuthUrl(deps, origin, appid, subject, body.redirectPath);
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
