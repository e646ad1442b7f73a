import type { AuthUser } from '../access/sessions.service';
import { saveChainWechat, solitaireWechat } from '../chain/chain-wechat.service';
import type { Deps } from '../deps';
import { managedGroupBuy } from './groupbuy-project.service';

/**
 * saveGroupBuySetting: 仅限微信授权参与 for a group-buy (issue 47 item 1), with the edit power — one of the project
 * owner's own authorised official accounts (its AppID written by the server), or null for off. Orders placed from
 * then on belong to the buyer's WeChat identity; orders placed before keep their login or device key.
 */
export async function saveGroupBuyWechat(deps: Deps, user: AuthUser | null, body: { questionId: string; wechatAuthId: number | null }) {
  const { query } = deps.database;
  const project = await managedGroupBuy(query, user, body.questionId, 'edit');
  await saveChainWechat(query, project.id, body.wechatAuthId);
  return { wechatAuthId: (await solitaireWechat(query, project.id)).wechat_auth_id };
}
