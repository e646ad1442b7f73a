import { APPLET_NOT_CONFIGURED } from '../../../schemas/api/applet';
import type { Query } from '../../db/client';
import { WechatAppletError, type WechatApplet } from '../../providers/wechat-applet';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { AppError, badInput } from '../errors';

/** How long a 小程序链接 stays valid (WeChat allows at most 30 days). */
export const APPLET_LINK_DAYS = 30;

const bound = (applet: WechatApplet | null): WechatApplet => {
  if (!applet) throw badInput(APPLET_NOT_CONFIGURED);
  return applet;
};

/** WeChat refused or could not be reached: said as such (a refusal, never a 500). */
async function upstream<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const reason = error instanceof WechatAppletError ? error.message : '微信接口暂时无法访问，请稍后再试';
    throw badInput(`${what}失败：${reason}`);
  }
}

/** The project's link in the mini-program: any power on it (a viewer shares too). */
async function sharedProject(query: Query, user: AuthUser | null, questionId: string) {
  await accessProject(query, user, questionId, 'read');
  return { scene: `q=${questionId}`, query: `questionId=${questionId}` };
}

/** getQuestionCode: the 小程序码 (data: URL) and the 小程序链接 of the project's page in the bound mini-program. */
export async function questionCode(query: Query, applet: WechatApplet | null, page: string, user: AuthUser | null, questionId: string) {
  const target = await sharedProject(query, user, questionId);
  const client = bound(applet);
  const code = await upstream('生成小程序码', () => client.unlimitedCode(page, target.scene));
  const url = await upstream('生成小程序链接', () => client.urlLink(page, target.query, APPLET_LINK_DAYS));
  return { qrCode: `data:${code.mime};base64,${code.image.toString('base64')}`, url };
}

/** T2/getAppletUrl: the 小程序链接 alone. */
export async function appletUrl(query: Query, applet: WechatApplet | null, page: string, user: AuthUser | null, questionId: string) {
  const target = await sharedProject(query, user, questionId);
  const client = bound(applet);
  return { url: await upstream('生成小程序链接', () => client.urlLink(page, target.query, APPLET_LINK_DAYS)) };
}
