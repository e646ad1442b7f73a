import { COMPONENT_MESSAGES, NOTICE_TEMPLATE_MESSAGES, type TNoticeTemplates } from '../../../schemas/api/component';
import type { TNoticeKind } from '../../../schemas/notice/notice-kinds';
import type { WechatAuthorizerRow, WechatNoticeTemplateRow } from '../../db/rows';
import type { WechatTemplate } from '../../providers/wechat-open';
import type { Deps } from '../deps';
import { badInput, notFound } from '../errors';
import { authorizerAccessToken, requireOpen } from './authorizers.service';
import { upstream } from './component-token.service';

/** The {{key.DATA}} keys of a template's content, in order, once each (what a notice fills). */
export const templateKeys = (content: string): string[] => [...new Set([...content.matchAll(/\{\{\s*(\w+)\.DATA\s*\}\}/g)].map((m) => m[1]!))];

/** The caller's own authorised official account (a mini-program sends no template messages). */
async function ownOfficialAccount(deps: Deps, userId: number, authId: number): Promise<void> {
  const [row] = await deps.database.query<Pick<WechatAuthorizerRow, 'kind' | 'status'>>(
    'SELECT kind, status FROM wechat_authorizers WHERE id = $1 AND user_id = $2',
    [authId, userId],
  );
  if (!row || row.status !== 'authorized') throw notFound(COMPONENT_MESSAGES.notFound);
  if (row.kind !== 'mp') throw badInput(NOTICE_TEMPLATE_MESSAGES.notMp, 'authId');
}

/** The account's templates as WeChat lists them now (its 模板消息 in the official account's console). */
async function accountTemplates(deps: Deps, userId: number, authId: number): Promise<WechatTemplate[]> {
  await ownOfficialAccount(deps, userId, authId);
  const open = requireOpen(deps);
  const { accessToken } = await authorizerAccessToken(deps, userId, authId);
  return open.privateTemplates(accessToken).catch(upstream);
}

async function chosen(deps: Deps, authId: number): Promise<TNoticeTemplates['chosen']> {
  const rows = await deps.database.query<Pick<WechatNoticeTemplateRow, 'kind' | 'template_id' | 'title'>>(
    'SELECT kind, template_id, title FROM wechat_notice_templates WHERE authorizer_id = $1 ORDER BY kind',
    [authId],
  );
  return rows.map((r) => ({ kind: r.kind, templateId: r.template_id, title: r.title }));
}

/** getNoticeTemplates: the account's templates and the one chosen per notice kind. */
export async function noticeTemplates(deps: Deps, userId: number, authId: number): Promise<TNoticeTemplates> {
  const templates = await accountTemplates(deps, userId, authId);
  return { templates, chosen: await chosen(deps, authId) };
}

/**
 * setNoticeTemplate: the template a notice kind is sent with, one of the account's own (read from WeChat now, so a
 * typo or a deleted template is refused), kept with its content's keys; an empty id stops sending the kind by WeChat.
 */
export async function setNoticeTemplate(
  deps: Deps,
  userId: number,
  input: { authId: number; kind: TNoticeKind; templateId: string },
): Promise<TNoticeTemplates> {
  const templates = await accountTemplates(deps, userId, input.authId);
  if (!input.templateId) {
    await deps.database.query('DELETE FROM wechat_notice_templates WHERE authorizer_id = $1 AND kind = $2', [input.authId, input.kind]);
    return { templates, chosen: await chosen(deps, input.authId) };
  }
  const template = templates.find((t) => t.templateId === input.templateId);
  if (!template) throw badInput(NOTICE_TEMPLATE_MESSAGES.unknownTemplate, 'templateId');
  await deps.database.query(
    `INSERT INTO wechat_notice_templates (authorizer_id, kind, template_id, title, keys, updated_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6)
     ON CONFLICT (authorizer_id, kind) DO UPDATE SET template_id = excluded.template_id, title = excluded.title, keys = excluded.keys, updated_at = excluded.updated_at`,
    [input.authId, input.kind, template.templateId, template.title, JSON.stringify(templateKeys(template.content)), deps.now()],
  );
  return { templates, chosen: await chosen(deps, input.authId) };
}
