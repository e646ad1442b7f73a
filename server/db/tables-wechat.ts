import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './tables';

/**
 * WeChat authorisation (migration 0058, issue 46 item 5): the third-party platform's shared state, one row per
 * platform AppID (the ticket WeChat pushes, the component access token and its expiry, the refresh claim).
 */
export const wechatComponent = pgTable('wechat_component', {
  appId: text('app_id').primaryKey(),
  verifyTicket: text('verify_ticket'),
  ticketAt: timestamp('ticket_at', { withTimezone: true }),
  accessToken: text('access_token'),
  tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
  refreshClaimUntil: timestamp('refresh_claim_until', { withTimezone: true }),
});

/** An official account (kind mp) or mini-program (mini) a user authorised, with its tokens and pay settings. */
export const wechatAuthorizers = pgTable(
  'wechat_authorizers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorizerAppid: text('authorizer_appid').notNull(),
    kind: text('kind').notNull().$type<'mp' | 'mini'>(),
    appletSource: integer('applet_source'),
    nickName: text('nick_name').notNull().default(''),
    headImg: text('head_img').notNull().default(''),
    userName: text('user_name').notNull().default(''),
    principalName: text('principal_name').notNull().default(''),
    serviceType: integer('service_type').notNull().default(0),
    verifyType: integer('verify_type').notNull().default(0),
    funcIds: jsonb('func_ids').notNull().$type<number[]>().default([]),
    accessToken: text('access_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshToken: text('refresh_token'),
    /** One process renews the access token at a time (server/services/wechat/shared-credential.ts). */
    tokenClaimUntil: timestamp('token_claim_until', { withTimezone: true }),
    status: text('status').notNull().$type<'authorized' | 'unauthorized'>().default('authorized'),
    payMchId: text('pay_mch_id'),
    /** Encrypted with the app secret (server/services/wechat/sealed.ts); never answered in full. */
    payApiKey: text('pay_api_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('wechat_authorizers_user_appid_uq').on(t.userId, t.authorizerAppid),
    index('wechat_authorizers_appid_idx').on(t.authorizerAppid),
    check('wechat_authorizers_kind_ck', sql`${t.kind} IN ('mp', 'mini')`),
    check('wechat_authorizers_status_ck', sql`${t.status} IN ('authorized', 'unauthorized')`),
  ],
);

/** The JS-SDK jsapi_ticket of a bound official account (migration 0064, issue 47 item 2), shared by every process. */
export const wechatJsapiTickets = pgTable('wechat_jsapi_tickets', {
  authorizerId: integer('authorizer_id')
    .primaryKey()
    .references(() => wechatAuthorizers.id, { onDelete: 'cascade' }),
  ticket: text('ticket'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  /** One process fetches a new ticket until then; the others wait for the row. */
  claimUntil: timestamp('claim_until', { withTimezone: true }),
});

/**
 * WeChat web authorisation codes taken (migration 0063, issue 47): a code and its state's nonce are stored before
 * the code is exchanged, so each is used once whatever the process.
 */
export const wechatWebAuthUses = pgTable(
  'wechat_web_auth_uses',
  {
    codeHash: text('code_hash').primaryKey(),
    nonce: text('nonce').notNull(),
    authorizerAppid: text('authorizer_appid').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('wechat_web_auth_uses_nonce_uq').on(t.nonce), index('wechat_web_auth_uses_created_idx').on(t.createdAt)],
);
