import { z } from 'zod';
import { contract } from './contract';

/**
 * A template named by its stable key (issue 48 item 2): the case and plan pages name the templates they open by the
 * library's keys (server/seed/templates: `survey-csat`; vote templates with the `vote:` prefix: `vote:teacher`),
 * never by an id, which differs per database. The server answers the ids of this database.
 */
export const ZTemplateKey = z.string().regex(/^(vote:)?[a-z0-9-]{1,40}$/, '模板标识无效');
export const VOTE_KEY_PREFIX = 'vote:';

export const ZTemplateKeysRequest = z.object({ keys: z.array(ZTemplateKey).min(1).max(30) });

export const ZKeyedTemplate = z.object({
  key: z.string(),
  /** project: use through getQuestionCopy; vote: through wxApplet/vote/getTemplateByVoteId. */
  kind: z.enum(['project', 'vote']),
  /** The project's questionId, or the vote template's templateId. */
  templateId: z.string(),
  title: z.string(),
  /** Spec §3 questionType of a project template; null for a vote. */
  questionType: z.number().nullable(),
  solitaireType: z.number().nullable(),
  subjectCount: z.number(),
});
export type TKeyedTemplate = z.infer<typeof ZKeyedTemplate>;

export const templateKeyCalls = {
  getTemplatesByKey: contract({
    path: 'active/template/getTemplatesByKey',
    summary: '按模板标识查询模板（案例与活动方案）',
    request: ZTemplateKeysRequest,
    // Keys this database does not hold are left out.
    response: z.array(ZKeyedTemplate),
    auth: 'optional',
  }),
};
