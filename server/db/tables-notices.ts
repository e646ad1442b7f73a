import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TNoticeChannel, TNoticeKind, TNoticeOutcome } from '../../schemas/notice/notice-kinds';
import { projects } from './tables';
import { wechatAuthorizers } from './tables-wechat';

/**
 * Notices to a project's participants (migration 0065, issue 47 item 4): one row per notice, its channel (sms or
 * page) and outcome; `onceKey` unique so an event is told once however many processes record it.
 */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TNoticeKind>().notNull(),
    /** `u:<user id>`, `d:<device key>`, `b:<booking>` or `w:<openid>`, as the project names participants. */
    participant: text('participant').notNull(),
    recipientName: text('recipient_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    brand: text('brand').notNull().default(''),
    channel: text('channel').$type<TNoticeChannel>().notNull(),
    outcome: text('outcome').$type<TNoticeOutcome>().notNull(),
    text: text('text').notNull(),
    onceKey: text('once_key').notNull(),
    /** Channel 'wechat' (migration 0067): the bound official account that sends it. */
    wechatAuthorizerId: integer('wechat_authorizer_id').references(() => wechatAuthorizers.id, { onDelete: 'set null' }),
    /** WeChat's errcode when it refused the message. */
    errcode: integer('errcode'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('notices_once_uq').on(t.onceKey),
    index('notices_project_idx').on(t.projectId, t.id),
    index('notices_page_idx')
      .on(t.projectId, t.participant)
      .where(sql`outcome = 'pending' AND channel = 'page'`),
    index('notices_send_idx')
      .on(t.id)
      .where(sql`outcome = 'pending' AND channel IN ('wechat', 'sms')`),
    check('notices_kind_ck', sql`${t.kind} IN ('waitlist_promoted', 'order_ready_for_pickup', 'payment_received', 'booking_reminder', 'order_shipped')`),
    check('notices_channel_ck', sql`${t.channel} IN ('wechat', 'sms', 'page')`),
    check('notices_outcome_ck', sql`${t.outcome} IN ('pending', 'sending', 'sent', 'refused', 'no_quota', 'opted_out', 'shown')`),
  ],
);

/** A participant who turned a project's notices off. */
export const noticeOptouts = pgTable(
  'notice_optouts',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    participant: text('participant').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.participant] })],
);

/**
 * The template a bound official account sends each notice kind with (migration 0067): chosen by the account's
 * owner from the account's own templates as WeChat lists them, kept with its title and content keys in order.
 */
export const wechatNoticeTemplates = pgTable(
  'wechat_notice_templates',
  {
    authorizerId: integer('authorizer_id')
      .notNull()
      .references(() => wechatAuthorizers.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TNoticeKind>().notNull(),
    templateId: text('template_id').notNull(),
    title: text('title').notNull().default(''),
    keys: jsonb('keys').$type<string[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.authorizerId, t.kind] }),
    check(
      'wechat_notice_templates_kind_ck',
      sql`${t.kind} IN ('waitlist_promoted', 'order_ready_for_pickup', 'payment_received', 'booking_reminder', 'order_shipped')`,
    ),
  ],
);
