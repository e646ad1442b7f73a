import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TMerchantApplication, TRejectReason } from '../../schemas/api/wxpay';
import type { TApplymentState } from '../../schemas/merchant/constants';
import { users } from './tables';

/**
 * Merchant onboarding (issue 9). An application is one row per out_request_no (unique: the same number
 * submitted twice is one application); every change of state appends to merchant_application_events.
 */
export const merchantApplications = pgTable(
  'merchant_applications',
  {
    id: serial('id').primaryKey(),
    outRequestNo: text('out_request_no').notNull(),
    /** Our applyment id, shown to the user and to the provider. */
    applymentId: text('applyment_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').$type<TApplymentState>().notNull(),
    organizationType: text('organization_type').notNull(),
    merchantName: text('merchant_name').notNull(),
    /** The application as submitted last (applyMch body after its rules). */
    body: jsonb('body').$type<TMerchantApplication>().notNull(),
    /** sha256 of the body: a retry with the same body is a replay, a different body is a change. */
    bodyHash: text('body_hash').notNull(),
    rejectReasons: jsonb('reject_reasons').$type<TRejectReason[]>().notNull().default([]),
    signUrl: text('sign_url'),
    subMchid: text('sub_mchid'),
    submitCount: integer('submit_count').notNull().default(1),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('merchant_applications_out_request_no_uq').on(t.outRequestNo),
    uniqueIndex('merchant_applications_applyment_id_uq').on(t.applymentId),
    index('merchant_applications_user_idx').on(t.userId, t.updatedAt),
    index('merchant_applications_state_idx').on(t.state, t.updatedAt),
  ],
);

export const merchantApplicationEvents = pgTable(
  'merchant_application_events',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => merchantApplications.id, { onDelete: 'cascade' }),
    /** submitted, resubmitted, auditing, rejected, approved, signed. */
    kind: text('kind').notNull(),
    state: text('state').notNull(),
    reasons: jsonb('reasons').notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('merchant_application_events_app_idx').on(t.applicationId, t.id)],
);

/** Seeded: the banks an account may be opened with. */
export const merchantBanks = pgTable('merchant_banks', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  fullName: text('full_name').notNull(),
  /** national (国有), joint (股份制), city (城商行). */
  kind: text('kind').notNull(),
  /** CNAPS bank category code, the first three digits of its branch codes. */
  cnaps: text('cnaps').notNull(),
  /** City banks: the province (6-digit code) they have branches in; null = every province. */
  provinceCode: text('province_code'),
  sort: integer('sort').notNull(),
});

/** Seeded: provinces (parent null) and prefecture-level cities, by GB/T 2260 code. */
export const merchantRegions = pgTable(
  'merchant_regions',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    parentCode: text('parent_code'),
    sort: integer('sort').notNull(),
  },
  (t) => [index('merchant_regions_parent_idx').on(t.parentCode, t.sort)],
);

/** Seeded: sample branches of each bank in each city it serves (the sandbox's; a real provider has its own). */
export const merchantBankBranches = pgTable(
  'merchant_bank_branches',
  {
    id: text('id').primaryKey(),
    bankCode: text('bank_code').notNull(),
    cityCode: text('city_code').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull(),
  },
  (t) => [index('merchant_bank_branches_lookup_idx').on(t.bankCode, t.cityCode, t.sort)],
);
