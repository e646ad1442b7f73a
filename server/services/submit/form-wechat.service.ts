import type { TProjectSettings } from '../../../schemas/api/settings';
import { WEB_AUTH_MESSAGES } from '../../../schemas/api/component';
import { WRITE_MESSAGES } from '../../../schemas/api/write';
import type { Query } from '../../db/client';
import { col, defineSql } from '../../db/sql';
import type { Deps } from '../deps';
import { conflict } from '../errors';
import { answerableProject, refused } from '../access/answer-entry.service';
import { listAuthorizers } from '../wechat/authorizers.service';
import { boundAppid, subjectAuthUrl } from '../wechat/bound-account';
import { identityOfToken, webAuthIdentity } from '../wechat/web-auth.service';

/**
 * 仅限微信授权填写 (issue 47 item 1, forms): a questionnaire, form or exam names one of its owner's authorised
 * official accounts (settings wechatAuthId, its AppID wechatAppid written here); respondents prove an openid of it
 * through WeChat's web authorisation (the votes' and chains' machinery, subject `form:<questionId>`) and each
 * sheet keeps that openid, counted against perWechatLimit by the submit's own statement (kind 'wechat').
 */
type WechatSettings = Pick<TProjectSettings, 'wechatAuthId' | 'wechatAppid'>;

/** The owner's authorised official accounts the settings screen offers (a collaborator sees the owner's). */
export async function ownerWechatAccounts(deps: Deps, ownerId: number, origin: string) {
  const list = await listAuthorizers(deps, ownerId, origin, { forVote: true });
  return { accounts: list.list.map((a) => ({ authId: a.authId, nickName: a.nickName })), configured: list.configured };
}

/**
 * Who answers a 微信授权 project: the openid the identity token proves for the project's account. None → 本问卷仅限
 * 微信授权填写 (reason wechatRequired); forged or expired → 微信身份已失效; another account's → 该微信身份来自其他公众号.
 * null on a project without the setting.
 */
export function formRespondent(deps: Deps, settings: WechatSettings, token: string | undefined): string | null {
  if (!settings.wechatAppid) return null;
  if (!token) throw refused('wechatRequired');
  return identityOfToken(deps, settings.wechatAppid, token);
}

/** The project, its subject in the signed state, and the account its respondents authorise through (still bound). */
async function wechatForm(deps: Deps, questionId: string) {
  const { project, settings } = await answerableProject(deps.database.query, questionId, deps.now());
  if (!settings.wechatAppid) throw conflict(WRITE_MESSAGES.notWechat);
  const appid = await boundAppid(deps.database.query, project.owner_id, settings.wechatAuthId);
  if (!appid || appid !== settings.wechatAppid) throw conflict(WEB_AUTH_MESSAGES.formNoAccount);
  return { appid, subject: `form:${project.public_id}` };
}

/** getFormWechatAuthUrl: WeChat's authorise link for the project's account, back to `redirectPath` on this site. */
export async function formWechatAuthUrl(deps: Deps, origin: string, body: { questionId: string; redirectPath: string }): Promise<{ url: string }> {
  const { appid, subject } = await wechatForm(deps, body.questionId);
  return subjectAuthUrl(deps, origin, appid, subject, body.redirectPath);
}

/** getFormWechatIdentity: the code and state WeChat sent the respondent back with → the identity token. */
export async function formWechatIdentity(
  deps: Deps,
  body: { questionId: string; code: string; state: string; appid?: string },
): Promise<{ wechatToken: string; expiresIn: number }> {
  const { appid, subject } = await wechatForm(deps, body.questionId);
  const who = await webAuthIdentity(deps, appid, subject, body);
  return { wechatToken: who.token, expiresIn: who.expiresIn };
}

/** The respondent counter of an openid (kind 'wechat'), as the submit's statement takes it. */
export const WECHAT_LIMIT_KIND = 'wechat';
const usedSql = defineSql('form-wechat.used', { n: col.int }, 'SELECT n FROM respondent_counters WHERE project_id = $1 AND kind = $2 AND key = $3');

/**
 * The answer page's check before the sheet is shown: a valid token whose openid already used its answers is told
 * so at once (reason wechatLimit), rather than after the respondent filled the sheet in.
 */
export async function checkWechatUsed(query: Query, projectId: number, settings: TProjectSettings, openid: string): Promise<void> {
  if (!settings.perWechatLimit) return;
  const [row] = await usedSql.run(query, [projectId, WECHAT_LIMIT_KIND, openid]);
  if ((row?.n ?? 0) >= settings.perWechatLimit) throw refused('wechatLimit');
}
