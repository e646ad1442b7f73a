import { WEB_AUTH_MESSAGES } from '../../../schemas/api/component';
import type { Query } from '../../db/client';
import type { WechatAuthorizerRow } from '../../db/rows';
import type { Deps } from '../deps';
import { badInput } from '../errors';
import { webAuthUrl } from './web-auth.service';

/**
 * What a 微信授权 project (a vote, a chain…) needs of its owner's binding (issue 47 item 1): the AppID of the owner's
 * own authorised official account, written by the server when the setting is saved (never the client's value), and
 * the authorise link back to a path of this site.
 */
type AccountRow = Pick<WechatAuthorizerRow, 'authorizer_appid'>;

/** The AppID of the owner's authorised official account `authId`, or null when it is not (or no longer) one. */
export async function boundAppid(query: Query, ownerId: number, authId: number | null): Promise<string | null> {
  if (authId === null) return null;
  const [row] = await query<AccountRow>(
    `SELECT authorizer_appid FROM wechat_authorizers WHERE id = $1 AND user_id = $2 AND kind = 'mp' AND status = 'authorized'`,
    [authId, ownerId],
  );
  return row?.authorizer_appid ?? null;
}

/** The AppID a setting naming `authId` gets, or the refusal 请选择已授权绑定的公众号 (field wechatAuthId). */
export async function requireBoundAppid(query: Query, ownerId: number, authId: number | null): Promise<string> {
  const appid = await boundAppid(query, ownerId, authId);
  if (!appid) throw badInput(WEB_AUTH_MESSAGES.chooseAccount, 'wechatAuthId');
  return appid;
}

/** A path of this site the participant comes back to (never another host). */
const ownPath = (path: string) => /^\/(?![/\\])[^\s#]*$/.test(path);

/** WeChat's authorise link for `subject` through `appid`, returning to `redirectPath` on this site. */
export function subjectAuthUrl(deps: Deps, origin: string, appid: string, subject: string, redirectPath: string): { url: string } {
  if (!ownPath(redirectPath)) throw badInput('返回地址无效', 'redirectPath');
  return { url: webAuthUrl(deps, appid, subject, `${origin}${redirectPath}`).url };
}
