import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects, users } from './tables';

/** What a custom contact field holds (migration 0082, issue 50 item 1). */
export type TContactFieldKind = 'text' | 'number' | 'date' | 'choice';
/** An invitation's channel. */
export type TInvitationChannel = 'sms' | 'email';
/** A send: waiting for its time, being sent, finished, or cancelled before it went. */
export type TInvitationState = 'scheduled' | 'sending' | 'done' | 'cancelled';
/**
 * One message's outcome: queued (due at next_attempt_at), refused (no SMS counts left: never sent), sending (taken by
 * a process), sent (the provider accepted it), delivered (its delivery report came), failed (for good), skipped
 * (the contact opted out).
 */
export type TInvitationMessageState = 'queued' | 'refused' | 'sending' | 'sent' | 'delivered' | 'failed' | 'skipped';

/** A user's contact groups (migration 0082). A contact is in at most one group; none is 未分组. */
export const contactGroups = pgTable(
  'contact_groups',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('contact_groups_user_name_uq').on(t.userId, t.name), check('contact_groups_name_ck', sql`length(${t.name}) BETWEEN 1 AND 30`)],
);

/** The custom fields a user defines for their contacts. `options` lists a choice field's choices. */
export const contactFields = pgTable(
  'contact_fields',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<TContactFieldKind>().notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contact_fields_user_name_uq').on(t.userId, t.name),
    check('contact_fields_name_ck', sql`length(${t.name}) BETWEEN 1 AND 20`),
    check('contact_fields_kind_ck', sql`${t.kind} IN ('text', 'number', 'date', 'choice')`),
  ],
);

/** Which columns a user's address book shows, in order: built-in keys ('name', 'phone', …) and custom field ids. */
export const contactSettings = pgTable('contact_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  shownFields: jsonb('shown_fields').$type<(string | number)[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One person in a user's address book; `fields` maps a custom field's id to its value. */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => contactGroups.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    fields: jsonb('fields').$type<Record<string, string | number>>().notNull().default({}),
    emailOptOutAt: timestamp('email_opt_out_at', { withTimezone: true }),
    smsOptOutAt: timestamp('sms_opt_out_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contacts_user_phone_uq')
      .on(t.userId, t.phone)
      .where(sql`${t.phone} IS NOT NULL`),
    uniqueIndex('contacts_user_email_uq')
      .on(t.userId, sql`lower(${t.email})`)
      .where(sql`${t.email} IS NOT NULL`),
    index('contacts_user_group_idx').on(t.userId, t.groupId, t.id),
    check('contacts_name_ck', sql`length(${t.name}) BETWEEN 1 AND 50`),
  ],
);

/**
 * A contact's own link to one project (the token in the answering address): ties the sheet to the contact; a resend
 * reuses it. With `oneSheet` the submit claims it by one conditional UPDATE (sheet_id IS NULL).
 */
export const contactLinks = pgTable(
  'contact_links',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    oneSheet: boolean('one_sheet').notNull().default(true),
    sheetId: integer('sheet_id'),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('contact_links_token_uq').on(t.token), uniqueIndex('contact_links_project_contact_uq').on(t.projectId, t.contactId)],
);

/** One send (SMS or e-mail) to a group or a selection, now or scheduled; `resendOf` names the send it resends. */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<TInvitationChannel>().notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    signName: text('sign_name'),
    state: text('state').$type<TInvitationState>().notNull().default('scheduled'),
    oneSheet: boolean('one_sheet').notNull().default(true),
    resendOf: integer('resend_of'),
    total: integer('total').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The request's origin and brand at send time (migration 0086): the links' host and the brand that signs. */
    origin: text('origin').notNull().default(''),
    brand: text('brand').notNull().default(''),
  },
  (t) => [
    index('invitations_project_idx').on(t.projectId, t.id),
    index('invitations_user_idx').on(t.userId, t.id),
    check('invitations_channel_ck', sql`${t.channel} IN ('sms', 'email')`),
    check('invitations_state_ck', sql`${t.state} IN ('scheduled', 'sending', 'done', 'cancelled')`),
  ],
);

/** One message of a send to one contact, taken by any process (FOR UPDATE SKIP LOCKED), retried, its outcome kept. */
export const invitationMessages = pgTable(
  'invitation_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    invitationId: integer('invitation_id')
      .notNull()
      .references(() => invitations.id, { onDelete: 'cascade' }),
    linkId: integer('link_id')
      .notNull()
      .references(() => contactLinks.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    channel: text('channel').$type<TInvitationChannel>().notNull(),
    /** The phone or e-mail address at the time of sending. */
    address: text('address').notNull(),
    name: text('name').notNull(),
    /** The message as sent (variables filled in). */
    content: text('content').notNull(),
    state: text('state').$type<TInvitationMessageState>().notNull().default('queued'),
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedBy: text('claimed_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    providerId: text('provider_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invitation_messages_due_idx').on(t.state, t.nextAttemptAt, t.id),
    index('invitation_messages_invitation_idx').on(t.invitationId, t.id),
    index('invitation_messages_link_idx').on(t.linkId),
    index('invitation_messages_provider_idx').on(t.providerId),
    check('invitation_messages_channel_ck', sql`${t.channel} IN ('sms', 'email')`),
    check('invitation_messages_state_ck', sql`${t.state} IN ('queued', 'refused', 'sending', 'sent', 'delivered', 'failed', 'skipped')`),
  ],
);

/** An SMS signature's review: 审核中, 已通过, 未通过 (migration 0086, helper sms). */
export type TSmsSignState = 'reviewing' | 'approved' | 'rejected';

/** A user's SMS signature (【name】 begins each text), reviewed by an operator; the chosen approved one signs sends. */
export const smsSigns = pgTable(
  'sms_signs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    purpose: text('purpose').notNull(),
    state: text('state').$type<TSmsSignState>().notNull().default('reviewing'),
    reason: text('reason'),
    chosen: boolean('chosen').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sms_signs_user_name_uq').on(t.userId, t.name),
    uniqueIndex('sms_signs_user_chosen_uq')
      .on(t.userId)
      .where(sql`${t.chosen}`),
    index('sms_signs_state_idx').on(t.state, t.id),
    check('sms_signs_name_ck', sql`length(${t.name}) BETWEEN 2 AND 12`),
    check('sms_signs_state_ck', sql`${t.state} IN ('reviewing', 'approved', 'rejected')`),
    check('sms_signs_chosen_ck', sql`NOT ${t.chosen} OR ${t.state} = 'approved'`),
  ],
);
