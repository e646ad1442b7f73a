import { CHAIN_MESSAGES } from '../../../schemas/api/chain';
import { WEB_AUTH_MESSAGES } from '../../../schemas/api/component';
import type { TRefusalReason } from '../../../schemas/refusals';
import type { Query } from '../../db/client';
import type { ChainSettingsRow, ProjectRow } from '../../db/rows';
import type { AuthUser } from '../access/sessions.service';
import type { Deps } from '../deps';
import { conflict } from '../errors';
import { boundAppid, requireBoundAppid, subjectAuthUrl } from '../wechat/bound-account';
import { identityOfToken, webAuthIdentity } from '../wechat/web-auth.service';
import { participantOf, publicSolitaire } from './chain-project.service';
import { col, defineSql } from '../../db/sql';

/**
 * 仅限微信授权参与 (issue 47 item 1): a 接龙 of any kind (sign-up, check-in, group-buy) names one of its owner's
 * authorised official accounts in its chain_settings row; its participants prove an openid of it through WeChat's
 * web authorisation (server/services/wechat/web-auth.service.ts, subject `chain:<questionId>`) and are
 * `w:<openid>` — every browser of one WeChat user is one participant, logged in or not.
 */
export type WechatChain = Pick<ChainSettingsRow, 'wechat_appid'>;
type WechatSetting = Pick<ChainSettingsRow, 'wechat_auth_id' | 'wechat_appid'>;
export interface ChainCaller {
  deviceId?: string;
  wechatToken?: string;
}

const ownerOf = async (query: Query, projectId: number) =>
  (await query<Pick<ProjectRow, 'owner_id'>>('SELECT owner_id FROM projects WHERE id = $1', [projectId]))[0]!.owner_id;

/**
 * Saving the setting: the AppID comes from the owner's own binding (never the client, never a collaborator's). A
 * check-in or group-buy has no chain_settings row until its first setting: made here with only these two columns.
 */
export async function saveChainWechat(query: Query, projectId: number, authId: number | null): Promise<void> {
  const appid = authId === null ? null : await requireBoundAppid(query, await ownerOf(query, projectId), authId);
  await query(
    `INSERT INTO chain_settings (project_id, wechat_auth_id, wechat_appid) VALUES ($1, $2, $3)
     ON CONFLICT (project_id) DO UPDATE SET wechat_auth_id = EXCLUDED.wechat_auth_id, wechat_appid = EXCLUDED.wechat_appid`,
    [projectId, authId, appid],
  );
}

const solitaireWechatSql = defineSql(
  'chain-wechat.solitaireWechat',
  { wechat_auth_id: col.int.orNull(), wechat_appid: col.text.orNull() },
  'SELECT wechat_auth_id, wechat_appid FROM chain_settings WHERE project_id = $1',
);

/** The 微信授权 setting of a 接龙 of any kind (both null when off, or when it has no chain_settings row). */
export async function solitaireWechat(query: Query, projectId: number): Promise<WechatSetting> {
  const [row] = await solitaireWechatSql.run(query, [projectId]);
  return { wechat_auth_id: row?.wechat_auth_id ?? null, wechat_appid: row?.wechat_appid ?? null };
}

/**
 * Who calls a participant's call (join, edit, withdraw): `w:<openid>` on a 微信授权 chain (the token is required and
 * checked: forged, expired or of another account → refused with reason wechatRequired), else login or device key.
 */
export function chainParticipant(
  deps: Deps,
  chain: WechatChain,
  user: AuthUser | null,
  caller: ChainCaller,
  required: string = CHAIN_MESSAGES.wechatRequired,
): string | null {
  if (!chain.wechat_appid) return participantOf(user, caller.deviceId);
  if (!caller.wechatToken) throw conflict(required, { reason: 'wechatRequired' satisfies TRefusalReason });
  return `w:${identityOfToken(deps, chain.wechat_appid, caller.wechatToken)}`;
}

/** The same for a reader (the public list's `mine`, notices): no or a stale token is nobody, not a refusal. */
export function chainViewer(deps: Deps, chain: WechatChain, user: AuthUser | null, caller: ChainCaller): string | null {
  try {
    return chainParticipant(deps, chain, user, caller);
  } catch {
    return null;
  }
}

/** The 接龙 (any kind), its subject in the signed state, and the account its participants authorise through (still bound). */
async function wechatChain(deps: Deps, questionId: string) {
  const { query } = deps.database;
  const project = await publicSolitaire(query, questionId);
  const chain = await solitaireWechat(query, project.id);
  if (!chain.wechat_appid) throw conflict(CHAIN_MESSAGES.notWechat);
  const appid = await boundAppid(query, await ownerOf(query, project.id), chain.wechat_auth_id);
  if (!appid || appid !== chain.wechat_appid) throw conflict(WEB_AUTH_MESSAGES.chainNoAccount);
  return { appid, subject: `chain:${project.public_id}` };
}

/** getChainWechatAuthUrl: WeChat's authorise link for this chain's account, back to `redirectPath` on this site. */
export async function chainWechatAuthUrl(deps: Deps, origin: string, body: { questionId: string; redirectPath: string }): Promise<{ url: string }> {
  const { appid, subject } = await wechatChain(deps, body.questionId);
  return subjectAuthUrl(deps, origin, appid, subject, body.redirectPath);
}

/** getChainWechatIdentity: the code and state WeChat sent the participant back with → the identity token. */
export async function chainWechatIdentity(
  deps: Deps,
  body: { questionId: string; code: string; state: string; appid?: string },
): Promise<{ wechatToken: string; expiresIn: number }> {
  const { appid, subject } = await wechatChain(deps, body.questionId);
  const who = await webAuthIdentity(deps, appid, subject, body);
  return { wechatToken: who.token, expiresIn: who.expiresIn };
}
