import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { answerSheets, projects } from './tables';
import type { RowOf } from './rows';

/**
 * Lucky draws and exam certificates (migration 0079, issue 49 item 5): a project's draw switch and prizes (stock,
 * probability in ‰, `won` taken by one conditional UPDATE), one draw record per sheet with the winner's contact,
 * a certificate template per exam and one certificate per passing sheet.
 */
export const drawSettings = pgTable('draw_settings', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const drawPrizes = pgTable(
  'draw_prizes',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    image: text('image').notNull().default(''),
    stock: integer('stock').notNull(),
    won: integer('won').notNull().default(0),
    /** Chance of this prize per draw, in ‰ (the prizes' sum ≤ 1000; the rest is 未中奖). */
    permille: integer('permille').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('draw_prizes_public_id_uq').on(t.publicId),
    index('draw_prizes_project_idx').on(t.projectId, t.sort),
    check('draw_prizes_stock_ck', sql`${t.stock} >= 0 AND ${t.won} >= 0`),
    check('draw_prizes_permille_ck', sql`${t.permille} BETWEEN 0 AND 1000`),
  ],
);

export const drawRecords = pgTable(
  'draw_records',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    sheetId: integer('sheet_id')
      .notNull()
      .references(() => answerSheets.id, { onDelete: 'cascade' }),
    /** null: 未中奖 (or the prize was deleted later; prize_name keeps what was won). */
    prizeId: integer('prize_id').references(() => drawPrizes.id, { onDelete: 'set null' }),
    prizeName: text('prize_name').notNull().default(''),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    contactAddress: text('contact_address'),
    contactAt: timestamp('contact_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('draw_records_sheet_uq').on(t.sheetId),
    index('draw_records_winners_idx')
      .on(t.projectId, t.id)
      .where(sql`${t.prizeId} IS NOT NULL`),
  ],
);

export const certificateSettings = pgTable('certificate_settings', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  title: text('title').notNull(),
  /** With {姓名} {分数} {日期} {证书编号} {项目} filled in. */
  body: text('body').notNull(),
  issuer: text('issuer').notNull().default(''),
  passScore: doublePrecision('pass_score').notNull(),
  /** The subject whose answer is the holder's name (migration 0084); '' = the first titled 姓名, else typed. */
  nameSubject: text('name_subject').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    serialNo: text('serial_no').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    sheetId: integer('sheet_id')
      .notNull()
      .references(() => answerSheets.id, { onDelete: 'cascade' }),
    holderName: text('holder_name').notNull(),
    score: doublePrecision('score').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('certificates_serial_uq').on(t.serialNo), uniqueIndex('certificates_sheet_uq').on(t.sheetId)],
);

export type DrawSettingRow = RowOf<typeof drawSettings>;
export type DrawPrizeRow = RowOf<typeof drawPrizes>;
export type DrawRecordRow = RowOf<typeof drawRecords>;
export type CertificateSettingsRow = RowOf<typeof certificateSettings>;
export type CertificateRow = RowOf<typeof certificates>;
