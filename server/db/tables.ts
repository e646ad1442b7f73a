import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    phone: text('phone').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    headImg: text('head_img').notNull().default(''),
    memberLevel: integer('member_level').notNull().default(1),
    memberExpire: timestamp('member_expire', { withTimezone: true }),
    balanceFen: integer('balance_fen').notNull().default(0),
    coin: integer('coin').notNull().default(0),
    intro: boolean('intro').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_public_id_uq').on(t.publicId), uniqueIndex('users_phone_uq').on(t.phone)],
);

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_lookup_idx').on(t.phone, t.purpose, t.id)],
);

/** Fixed-window counters; every check is one conditional upsert (reliability.md rule 1). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

export const smsOutbox = pgTable('sms_outbox', {
  id: serial('id').primaryKey(),
  phone: text('phone').notNull(),
  text: text('text').notNull(),
  brand: text('brand').notNull().default('wenjuan'),
  createdAt: createdAt(),
});

export const qrLogins = pgTable('qr_logins', {
  id: text('id').primaryKey(),
  pollSecretHash: text('poll_secret_hash').notNull(),
  status: text('status').notNull().default('waiting'),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});

