import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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
    /** Since when the current paid level runs (memberTime) and the period it was last bought for (memberUpgradeType: 1 month, 2 year). */
    memberSince: timestamp('member_since', { withTimezone: true }),
    memberUpgradeType: integer('member_upgrade_type'),
    /** Never negative (users_balance_ck); every change is a balance_ledger row (server/db/tables-money.ts). */
    balanceFen: integer('balance_fen').notNull().default(0),
    intro: boolean('intro').notNull().default(false),
    createdAt: createdAt(),
    /** Set when the owner deleted the account: the row stays anonymised, its phone freed (migration 0059). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_public_id_uq').on(t.publicId),
    uniqueIndex('users_phone_uq').on(t.phone),
    index('users_username_idx').on(t.username),
    check('users_balance_ck', sql`${t.balanceFen} >= 0`),
  ],
);

/** A third-party identity (QQ) bound to an account: one account per identity, one identity per provider and account. */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').notNull(),
    openId: text('open_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.openId] }),
    uniqueIndex('user_identities_user_uq').on(t.userId, t.provider),
    check('user_identities_provider_ck', sql`${t.provider} IN ('qq')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** What the 登录设备 list names a session by (never the token or its hash). */
    id: bigserial('id', { mode: 'number' }).notNull().unique(),
    userAgent: text('user_agent'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
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
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/**
 * A project (spec §3 "Project"): questionType 1 survey, 2 exam, 4 form, 5 solitaire, 6 online payment,
 * 7 appointment. `public_id` is the opaque questionId of routes and payloads; `deleted_at` set = in the bin.
 */
export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionType: integer('question_type').notNull(),
    solitaireType: integer('solitaire_type'),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    conclusion: text('conclusion').notNull().default(''),
    shareTitle: text('share_title').notNull().default(''),
    status: integer('status').notNull().default(0),
    dataCount: integer('data_count').notNull().default(0),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    style: jsonb('style').$type<Record<string, unknown>>().notNull().default({}),
    logic: jsonb('logic').$type<Record<string, unknown>>().notNull().default({}),
    /** Bumped by every change, so a stale editor save is a conflict, not a silent overwrite. */
    version: integer('version').notNull().default(1),
    /** Bumped by a trigger on every change to the project's conclusions (migration 0013): submits compare it. */
    conclusionsVersion: integer('conclusions_version').notNull().default(0),
    isTemplate: boolean('is_template').notNull().default(false),
    templateTypeId: integer('template_type_id'),
    hot: integer('hot').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Migration 0049: the first publication (null: never published, so its page says 尚未发布, not 已暂停). */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by'),
    /** Migration 0057: 去广告, the respondent page drops the brand's footer; paid once (advert_paid_at) per project. */
    advertFree: boolean('advert_free').notNull().default(false),
    advertPaidAt: timestamp('advert_paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('projects_public_id_uq').on(t.publicId),
    index('projects_owner_idx').on(t.ownerId, t.questionType, t.deletedAt),
    index('projects_template_idx').on(t.isTemplate, t.questionType),
  ],
);

/** Subjects of a project; `config` holds the whole subject document of schemas/subjects. */
export const subjects = pgTable(
  'subjects',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    uuid: text('uuid').notNull(),
    subjectType: integer('subject_type').notNull(),
    indexSort: doublePrecision('index_sort').notNull(),
    config: jsonb('config').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('subjects_project_uuid_uq').on(t.projectId, t.uuid), index('subjects_project_sort_idx').on(t.projectId, t.indexSort)],
);

/** Collaborators (issue 8); the owner is projects.owner_id with power 1. */
export const projectMembers = pgTable(
  'project_members',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    powerType: integer('power_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_members_user_idx').on(t.userId)],
);

/** Projects created per user per day; the daily limit is one conditional upsert on this row. */
export const dailyCreations = pgTable(
  'daily_creations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const templateTypes = pgTable('template_types', {
  id: serial('id').primaryKey(),
  questionType: integer('question_type').notNull(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** Conclusion pages of a project (editor settings: conclusion CRUD). */
export const conclusions = pgTable(
  'conclusions',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    config: jsonb('config').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('conclusions_public_id_uq').on(t.publicId), index('conclusions_project_idx').on(t.projectId)],
);

/** "My question bank": subjects a user saved for reuse. */
export const subjectBank = pgTable(
  'subject_bank',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    title: text('title').notNull(),
    subjectType: integer('subject_type').notNull(),
    config: jsonb('config').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('subject_bank_public_id_uq').on(t.publicId), index('subject_bank_user_idx').on(t.userId, t.id)],
);

/**
 * Uploaded files; stored under DATA_DIR/uploads by name. 'image': a creator's picture (/upload/image), public.
 * 'answer': a respondent's file or signature (upload/file), private to its project's members and removed with
 * its project, its sheet, or when no sheet took it (migration 0025, server/jobs/upload-cleanup.ts). 'media': a
 * creator's video or audio (upload/video, upload/audio), private like 'answer' (migration 0081).
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    userId: integer('user_id'),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
    kind: text('kind').notNull().default('image'),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    subjectUuid: text('subject_uuid'),
    /** The submission that last offered this file, and when (a submit in progress keeps it alive). */
    submissionId: text('submission_id'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * The sheet that holds it (no foreign key: its per-row trigger slowed 清空数据 sixfold); set null when the
     * sheet is deleted, linkedAt staying, so the file goes next (project-data.service.ts, upload-cleanup.ts).
     */
    sheetId: integer('sheet_id'),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('uploads_name_uq').on(t.name),
    index('uploads_unheld_idx')
      .on(t.id)
      .where(sql`${t.kind} = 'answer' AND (${t.sheetId} IS NULL OR ${t.projectId} IS NULL)`),
    index('uploads_sheet_idx')
      .on(t.sheetId)
      .where(sql`${t.sheetId} IS NOT NULL`),
    index('uploads_project_idx')
      .on(t.projectId)
      .where(sql`${t.projectId} IS NOT NULL`),
    check('uploads_kind_check', sql`${t.kind} IN ('image', 'answer', 'media')`),
  ],
);

/** Append-only answer sheets: one row per accepted submission (architecture.md "Data"). */
export const answerSheets = pgTable(
  'answer_sheets',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    submissionId: text('submission_id').notNull(),
    bodyHash: text('body_hash').notNull(),
    userId: integer('user_id'),
    deviceId: text('device_id').notNull(),
    ip: text('ip').notNull(),
    source: text('source').notNull(),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    result: jsonb('result').notNull(),
    score: doublePrecision('score'),
    durationSeconds: integer('duration_seconds').notNull(),
    suspect: boolean('suspect').notNull().default(false),
    /** Why the sheet is suspect: a screening rule's name, a submit rule's (答题过快 …) or 手动标记 (migration 0061). */
    suspectReason: text('suspect_reason'),
    /** When the paid risk screening took this sheet (one unit of the owner's risk quota); null: not yet screened. */
    riskScreenedAt: timestamp('risk_screened_at', { withTimezone: true }),
    /** 仅限微信授权填写: the respondent's openid of the project's official account (migration 0069); null elsewhere. */
    wechatOpenid: text('wechat_openid'),
    /**
     * The chosen options, pairwise (migration 0098, formerly the rows of answer_choices): the subject key and the
     * option key (option_keys ids) of each, read as `unnest(a.choice_subjects, a.choice_options) AS c(subject_id, option_id)`.
     */
    choiceSubjects: integer('choice_subjects')
      .array()
      .notNull()
      .default(sql`'{}'`),
    choiceOptions: integer('choice_options')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** 1 valid, 0 moved to the project's answer bin. */
    status: integer('status').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('answer_sheets_public_id_uq').on(t.publicId),
    uniqueIndex('answer_sheets_submission_uq').on(t.projectId, t.submissionId),
    index('answer_sheets_project_idx').on(t.projectId, t.id),
    // Partial: anonymous sheets (most of them) have no user and skip this index on insert (migration 0014).
    index('answer_sheets_user_idx')
      .on(t.userId, t.id)
      .where(sql`${t.userId} IS NOT NULL`),
    // The data detail's sorts (提交时间, 用时, 得分), read as keyset pages (report-detail.ts).
    index('answer_sheets_project_created_idx').on(t.projectId, t.createdAt, t.id),
    index('answer_sheets_project_duration_idx').on(t.projectId, t.durationSeconds, t.id),
    index('answer_sheets_project_score_idx').on(t.projectId, t.score, t.id),
    // The sheets the risk screening has not taken yet, oldest first (migration 0061).
    index('answer_sheets_risk_pending_idx')
      .on(t.projectId, t.createdAt, t.id)
      .where(sql`${t.riskScreenedAt} IS NULL`),
    // The answer bin and the suspect sheets, read fresh by the report's filter index (migration 0095).
    index('answer_sheets_not_valid_idx')
      .on(t.projectId, t.id)
      .where(sql`${t.status} <> 1`),
    index('answer_sheets_suspect_idx')
      .on(t.projectId, t.id)
      .where(sql`${t.suspect}`),
  ],
);

/** Stable integer ids for (subject uuid, option uuid) of a project; option_uuid '' is the subject itself. */
export const optionKeys = pgTable(
  'option_keys',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    subjectUuid: text('subject_uuid').notNull(),
    optionUuid: text('option_uuid').notNull(),
  },
  (t) => [uniqueIndex('option_keys_uq').on(t.projectId, t.subjectUuid, t.optionUuid)],
);

/**
 * The report's rolled-up statistics of a project: additive facts (report-facts.ts) of its valid sheets with
 * id <= watermark, for the subjects described by `shape`. The unfiltered report adds the facts of the sheets
 * past the watermark (report-rollup.ts).
 */
export const reportRollups = pgTable('report_rollups', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  shape: text('shape').notNull(),
  watermark: integer('watermark').notNull(),
  sheets: integer('sheets').notNull(),
  facts: jsonb('facts').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Answer sheets of projects without a total cap, counted in shards so parallel submits do not queue on the
 * project row; a project's count is projects.data_count plus these (ANSWER_COUNT_SQL). Capped projects count
 * in data_count with one conditional update.
 */
export const projectAnswerCounts = pgTable(
  'project_answer_counts',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    shard: integer('shard').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.shard] })],
);

/** Quota fill; every increment is one conditional UPDATE … WHERE used < limit. */
export const quotaCounters = pgTable(
  'quota_counters',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    quotaId: text('quota_id').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.quotaId] })],
);

/** Answers per device / user / address of a project, for the per-respondent limits. */
export const respondentCounters = pgTable(
  'respondent_counters',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.kind, t.key] })],
);

/**
 * A timed exam's clock per respondent (`d:<device>`, and `u:<user id>` when logged in), recorded by the server
 * when the sheet opens; `submissionId` is the sheet it last timed (stored: the attempt is over). Migration 0048.
 */
export const answerStarts = pgTable(
  'answer_starts',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    respondent: text('respondent').notNull(),
    submissionId: text('submission_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.respondent] })],
);

/** Collaboration invitations (spec §3 team work code): valid 7 days, with the power granted on joining. */
export const teamWorkCodes = pgTable(
  'team_work_codes',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    code: text('code').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    powerType: integer('power_type').notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('team_work_codes_public_id_uq').on(t.publicId), uniqueIndex('team_work_codes_code_uq').on(t.code)],
);

/** wxApplet/search/saveSearch: one template search (keyword, who, which kind); the hot-search box reads the most searched words. */
export const templateSearches = pgTable(
  'template_searches',
  {
    id: serial('id').primaryKey(),
    keyword: text('keyword').notNull(),
    userId: integer('user_id'),
    questionType: integer('question_type'),
    createdAt: createdAt(),
  },
  (t) => [index('template_searches_created_idx').on(t.createdAt)],
);
