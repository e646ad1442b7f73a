import type { TJsSdkConfig } from '../../../schemas/api/share';
import type { ProjectRow, WechatAuthorizerRow } from '../../db/rows';
import type { Deps } from '../deps';
import { notFound } from '../errors';
import { jsapiTicket } from './jsapi-ticket.service';
import { jsSdkNonce, jsSdkSignature } from './jssdk-signature';
import { openGraphOf } from './open-graph.service';

/** vote_activities.owner_id is the same integer column; `account`: the official account a vote's rules name. */
type OwnerRow = Pick<ProjectRow, 'owner_id'> & { account: number | null };
type BindingRow = Pick<WechatAuthorizerRow, 'id' | 'authorizer_appid'>;

/** The owner of a live project or vote by its public id, and the account it names; "404" when there is none. */
async function ownerOf(deps: Deps, target: { questionId?: string; voteId?: string }): Promise<OwnerRow> {
  const [row] = target.voteId
    ? await deps.database.query<OwnerRow>(
        `SELECT owner_id, CASE WHEN settings->>'wechatAuthId' ~ '^[0-9]{1,9}$' THEN (settings->>'wechatAuthId')::int END AS account
         FROM vote_activities WHERE public_id = $1 AND deleted_at IS NULL`,
        [target.voteId],
      )
    : await deps.database.query<OwnerRow>('SELECT owner_id, NULL::int AS account FROM projects WHERE public_id = $1 AND deleted_at IS NULL', [
        target.questionId,
      ]);
  if (!row) throw notFound(target.voteId ? '投票不存在或已删除' : '项目不存在或已删除');
  return row;
}

/**
 * getJsSdkConfig: wx.config for a page of a project (or vote) whose owner bound an official account (the one a
 * vote's rules name when it is still authorised, else the latest authorised one), signed with that account's jsapi_ticket; null when the platform is not configured or the owner
 * bound none, and the page then configures nothing. The card is the page's Open Graph card.
 */
export async function jsSdkConfig(
  deps: Deps,
  input: { questionId?: string; voteId?: string; url: string },
  site: { origin: string; host: string | undefined },
): Promise<TJsSdkConfig | null> {
  const { owner_id: userId, account } = await ownerOf(deps, input);
  const open = deps.wechatOpen;
  if (!open) return null;
  const [binding] = await deps.database.query<BindingRow>(
    `SELECT id, authorizer_appid FROM wechat_authorizers WHERE user_id = $1 AND kind = 'mp' AND status = 'authorized' AND refresh_token IS NOT NULL
     ORDER BY id = $2 DESC, id DESC LIMIT 1`,
    [userId, account ?? 0],
  );
  if (!binding) return null;
  const ticket = await jsapiTicket(deps, open, { userId, authId: binding.id });
  const timestamp = Math.floor(deps.now().getTime() / 1000);
  const nonceStr = jsSdkNonce();
  const path = input.voteId ? `/v/${input.voteId}` : `/s/${input.questionId}`;
  const og = await openGraphOf(deps, { path, ...site });
  return {
    appId: binding.authorizer_appid,
    timestamp,
    nonceStr,
    signature: jsSdkSignature({ ticket, nonceStr, timestamp, url: input.url }),
    card: { title: og.title, desc: og.description, imgUrl: og.image, link: og.url },
  };
}
