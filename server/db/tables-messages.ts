import { sql } from 'drizzle-orm';
import { boolean, serial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './tables';

/**
 * The header bell's messages (migration 0053, issue 46 item 4; spec §3 "Message", §4): what the system tells one
 * user. newsType routes a click (10 → /info.html, 12 → /member/index.html; the others in docs/decisions.md).
 * `key`, when set, makes a message once-only per user (a recharge's transaction, a membership period's end).
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    newsType: integer('news_type').notNull(),
    read: boolean('read').notNull().default(false),
    key: text('key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('messages_user_key_uq').on(t.userId, t.key),
    index('messages_user_idx').on(t.userId, t.id),
    check('messages_title_ck', sql`length(${t.title}) BETWEEN 1 AND 200`),
  ],
);
