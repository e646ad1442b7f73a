import { FEEDBACK_READING_MESSAGES, type TFeedbackItem } from '../../../schemas/api/site';
import type { Query } from '../../db/client';
import { col, defineSql } from '../../db/sql';
import type { TEnv } from '../../env';
import type { AuthUser } from '../access/sessions.service';
import { forbidden, notFound } from '../errors';

/**
 * The site operator reads the help centre's 意见反馈 (issue 48 item 1). The operator is not a role of the product:
 * OPERATOR_ACCOUNTS names the accounts (by phone) of whoever runs the deployment; nobody else may read.
 */
export function assertOperator(env: Pick<TEnv, 'OPERATOR_ACCOUNTS'>, user: AuthUser): void {
  const phones = env.OPERATOR_ACCOUNTS ? env.OPERATOR_ACCOUNTS.split(',') : [];
  if (!phones.includes(user.phone)) throw forbidden(FEEDBACK_READING_MESSAGES.notOperator);
}

const listSql = defineSql(
  'help-feedback.list',
  {
    public_id: col.text,
    article_id: col.int.orNull(),
    title: col.text.orNull(),
    system_source: col.int,
    content: col.text,
    contact: col.text,
    created_at: col.timestamp,
    handled_at: col.timestamp.orNull(),
    total: col.int,
  },
  `SELECT f.public_id, f.article_id, a.title, f.system_source, f.content, f.contact, f.created_at, f.handled_at, count(*) OVER ()::int AS total
   FROM help_feedback f LEFT JOIN help_articles a ON a.id = f.article_id
   ORDER BY f.created_at DESC, f.id DESC LIMIT $1 OFFSET $2`,
);

/** A page of feedback, newest first, with the article's title. */
export async function feedbackList(query: Query, page: { pageNum: number; pageSize: number }): Promise<{ list: TFeedbackItem[]; total: number }> {
  const rows = await listSql.run(query, [page.pageSize, (page.pageNum - 1) * page.pageSize]);
  return {
    list: rows.map((r) => ({
      feedbackId: r.public_id,
      articleId: r.article_id,
      articleTitle: r.title,
      systemSource: r.system_source,
      content: r.content,
      contact: r.contact,
      createTime: r.created_at.toISOString(),
      handledTime: r.handled_at?.toISOString() ?? null,
    })),
    total: rows[0]?.total ?? 0,
  };
}

const handleSql = defineSql(
  'help-feedback.handle',
  { handled_at: col.timestamp },
  `UPDATE help_feedback SET handled_at = COALESCE(handled_at, now()), handled_by = COALESCE(handled_by, $2) WHERE public_id = $1 RETURNING handled_at`,
);

/** 已处理: one statement; marking twice keeps the first time and who did it. */
export async function handleFeedback(query: Query, feedbackId: string, userId: number): Promise<{ handledTime: string }> {
  const [row] = await handleSql.run(query, [feedbackId, userId]);
  if (!row) throw notFound(FEEDBACK_READING_MESSAGES.notFound);
  return { handledTime: row.handled_at.toISOString() };
}
