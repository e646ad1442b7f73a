import type { TProjectSettings } from '../../../schemas/api/settings';
import type { Query } from '../../db/client';
import { requireBoundAppid } from './bound-account';

// 仅限微信授权填写 (issue 47 item 1, forms): what the project's settings, copies and report need of it, kept here so
// projects/ and report/ do not depend on submit/ (server/services/submit/form-wechat.service.ts has the rest).
type WechatSettings = Pick<TProjectSettings, 'wechatAuthId' | 'wechatAppid'>;

/**
 * The settings as saved: the AppID comes from the owner's own binding when the account changes (never the
 * client's value, never a collaborator's binding); an unchanged choice keeps the stored AppID, so a cancelled
 * binding does not refuse saving the rest of the settings.
 */
export async function withFormWechat(query: Query, ownerId: number, stored: WechatSettings, next: TProjectSettings): Promise<TProjectSettings> {
  if (next.wechatAuthId === null) return { ...next, wechatAppid: null };
  if (next.wechatAuthId === stored.wechatAuthId && stored.wechatAppid) return { ...next, wechatAppid: stored.wechatAppid };
  return { ...next, wechatAppid: await requireBoundAppid(query, ownerId, next.wechatAuthId) };
}

/** A project made from another (copy, template, import) never carries a 微信授权 account: it is its owner's to choose. */
export const withoutFormWechat = (settings: Record<string, unknown>): Record<string, unknown> => {
  const { wechatAuthId: _id, wechatAppid: _appid, ...rest } = settings;
  return rest;
};

/** An openid as the report shows it: its first and last four characters. */
export const shortOpenid = (openid: string | null): string | null =>
  openid ? (openid.length > 10 ? `${openid.slice(0, 4)}…${openid.slice(-4)}` : openid) : null;
