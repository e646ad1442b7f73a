import type { z } from 'zod';
import { ARTICLE_MESSAGES, type ZFeedbackRequest } from '../../../schemas/api/article';
import type { TSystemSource } from '../../../schemas/help/article-types';
import { sanitizePlainText } from '../../../schemas/rich-text/sanitize-project';
import type { Database } from '../../db/client';
import { col, defineSql } from '../../db/sql';
import type { AuthUser } from '../access/sessions.service';
import { hitAll, type Limiter } from '../access/rate-limit.service';
import { publicId } from '../crypto';
import { badInput, tooMany } from '../errors';

/** A public write anyone can make: a few per address in ten minutes, a day's cap beside it. */
export const FEEDBACK_LIMITS = { perTenMinutes: 5, perDay: 20 } as const;

const saveSql = defineSql(
  'help-feedback.save',
  { public_id: col.text },
  `INSERT INTO help_feedback (public_id, article_id, system_source, user_id, content, contact, ip)
   VALUES ($1, (SELECT id FROM help_articles WHERE id = $2 AND $3 = ANY(system_sources)), $3, $4, $5, $6, $7) RETURNING public_id`,
);

/** 意见反馈 from the help centre (about one article or the centre as a whole), rate-limited per address. */
export async function saveFeedback(
  deps: Limiter & { database: Database },
  input: { source: TSystemSource; user: AuthUser | null; ip: string; body: z.output<typeof ZFeedbackRequest> },
): Promise<{ feedbackId: string }> {
  const content = sanitizePlainText(input.body.content).trim();
  if (content.length < 5) throw badInput('反馈内容至少5个字', 'content');
  const refused = await hitAll(deps, [
    { key: `help-feedback:ip:${input.ip}:10m`, limit: FEEDBACK_LIMITS.perTenMinutes, windowSeconds: 600 },
    { key: `help-feedback:ip:${input.ip}:d`, limit: FEEDBACK_LIMITS.perDay, windowSeconds: 86_400 },
  ]);
  if (refused) throw tooMany(ARTICLE_MESSAGES.tooMany);
  const contact = sanitizePlainText(input.body.contact).trim();
  const [row] = await saveSql.run(deps.database.query, [
    publicId(),
    input.body.articleId ?? null,
    input.source,
    input.user?.id ?? null,
    content,
    contact,
    input.ip,
  ]);
  return { feedbackId: row!.public_id };
}
