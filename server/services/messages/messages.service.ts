import { MESSAGE_MESSAGES, type TMessage, type TMessageCount } from '../../../schemas/api/message';
import type { Query } from '../../db/client';
import type { MessageRow } from '../../db/rows';
import { notFound } from '../errors';

type Row = Pick<MessageRow, 'id' | 'title' | 'read' | 'news_type' | 'created_at'>;
const COLUMNS = 'id, title, read, news_type, created_at';

const view = (row: Row): TMessage => ({
  id: row.id,
  title: row.title,
  read: row.read,
  newsType: row.news_type,
  createTime: new Date(row.created_at).toISOString(),
});

/** active/message/list: the caller's own messages, newest first. */
export async function messageList(
  query: Query,
  userId: number,
  page: { page: number; pageSize: number; unread?: boolean },
): Promise<{ list: TMessage[]; total: number }> {
  const unreadOnly = page.unread === true;
  const rows = await query<Row>(`SELECT ${COLUMNS} FROM messages WHERE user_id = $1 AND (NOT $2::boolean OR NOT read) ORDER BY id DESC LIMIT $3 OFFSET $4`, [
    userId,
    unreadOnly,
    page.pageSize,
    (page.page - 1) * page.pageSize,
  ]);
  const [count] = await query<{ total: number }>('SELECT count(*)::int AS total FROM messages WHERE user_id = $1 AND (NOT $2::boolean OR NOT read)', [
    userId,
    unreadOnly,
  ]);
  return { list: rows.map(view), total: count!.total };
}

/** active/message/listCount: all of the caller's messages and the unread ones (isReadCount, the badge). */
export async function messageCount(query: Query, userId: number): Promise<TMessageCount> {
  const [row] = await query<TMessageCount>(
    `SELECT count(*)::int AS "totalCount", (count(*) FILTER (WHERE NOT read))::int AS "isReadCount" FROM messages WHERE user_id = $1`,
    [userId],
  );
  return row!;
}

/** active/message/readSingleMessage: one of the caller's messages read; another user's is not found. */
export async function readOne(query: Query, userId: number, messageId: number): Promise<TMessage> {
  const [row] = await query<Row>(`UPDATE messages SET read = true WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`, [messageId, userId]);
  if (!row) throw notFound(MESSAGE_MESSAGES.notFound);
  return view(row);
}

/** active/message/readMessage: every one of the caller's messages read. */
export async function readAll(query: Query, userId: number): Promise<TMessageCount> {
  await query('UPDATE messages SET read = true WHERE user_id = $1 AND NOT read', [userId]);
  return messageCount(query, userId);
}
