import { NOTICE_KIND_WORDS, type TNoticeKind } from '../../../schemas/notice/notice-kinds';
import type { Database } from '../../db/client';
import type { WechatAuthorizerRow, WechatNoticeTemplateRow } from '../../db/rows';
import { WechatOpenError, type WechatOpen } from '../../providers/wechat-open';
import type { TEnv } from '../../env';
import { AppError } from '../errors';
import { plainTitle } from '../report/report-subjects';
import { authorizerAccessToken } from '../wechat/authorizers.service';
import { openidOf } from './notice-channels';
import { beijingMinute, templateData } from './notice-wechat-data';

export interface WechatSendDeps {
  database: Database;
  wechatOpen?: WechatOpen | null;
  env?: TEnv;
}

/** A claimed WeChat notice. */
export interface WechatNotice {
  kind: TNoticeKind;
  participant: string;
  recipient_name: string;
  text: string;
  title: string;
  wechat_authorizer_id: number | null;
  created_at: Date;
}

export type WechatOutcome = { sent: true } | { sent: false; errcode: number | null };

type TemplateRow = Pick<WechatNoticeTemplateRow, 'template_id' | 'keys'> & Pick<WechatAuthorizerRow, 'user_id'>;

/** WeChat's refusal keeps its errcode; anything else (no token, no answer) is "not delivered" without one. */
const refusal = (error: unknown): WechatOutcome => {
  if (error instanceof WechatOpenError) return { sent: false, errcode: error.errcode };
  // A token WeChat would not renew comes back as the envelope's refusal carrying the errcode (upstream()).
  const data = error instanceof AppError ? (error.data as { errcode?: unknown } | null) : null;
  return { sent: false, errcode: typeof data?.errcode === 'number' ? data.errcode : null };
};

/**
 * One notice as a template message of the owner's official account to the participant's openid, with the
 * template chosen for its kind: its fields filled by type (notice-wechat-data.ts). Without the platform, the
 * binding, its template or a token, it is not delivered (errcode null); WeChat's refusal keeps its errcode.
 */
export async function sendWechatNotice(deps: WechatSendDeps, now: () => Date, n: WechatNotice): Promise<WechatOutcome> {
  const openid = openidOf(n.participant);
  if (!deps.wechatOpen || !deps.env || n.wechat_authorizer_id === null || !openid) return { sent: false, errcode: null };
  const [template] = await deps.database.query<TemplateRow>(
    `SELECT t.template_id, t.keys, a.user_id FROM wechat_notice_templates t JOIN wechat_authorizers a ON a.id = t.authorizer_id
     WHERE t.authorizer_id = $1 AND t.kind = $2 AND a.status = 'authorized'`,
    [n.wechat_authorizer_id, n.kind],
  );
  if (!template) return { sent: false, errcode: null };
  try {
    const wechat = { database: deps.database, env: deps.env, wechatOpen: deps.wechatOpen, now };
    const { accessToken } = await authorizerAccessToken(wechat, template.user_id, n.wechat_authorizer_id);
    const fields = {
      title: plainTitle(n.title),
      kindWords: NOTICE_KIND_WORDS[n.kind],
      time: beijingMinute(n.created_at),
      name: n.recipient_name,
      text: n.text,
    };
    await deps.wechatOpen.sendTemplate(accessToken, { touser: openid, templateId: template.template_id, url: '', data: templateData(template.keys, fields) });
    return { sent: true };
  } catch (error) {
    return refusal(error);
  }
}
