import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './tables';
import { voteActivities, votePlayers } from './tables-votes';

/** Declarations of migration 0031 (vote extras, issue 19 part 2); the SQL is the source of truth. */
const at = (name: string) => timestamp(name, { withTimezone: true });
const voteRef = () =>
  integer('vote_id')
    .notNull()
    .references(() => voteActivities.id, { onDelete: 'cascade' });

/** A comment on a vote or one of its players; shown to the public once `status` is 'shown'. */
export const voteComments = pgTable(
  'vote_comments',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    voteId: voteRef(),
    playerId: integer('player_id').references(() => votePlayers.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    deviceId: text('device_id').notNull(),
    nickname: text('nickname').notNull(),
    content: text('content').notNull(),
    status: text('status').$type<'pending' | 'shown' | 'hidden'>().notNull(),
    ip: text('ip').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vote_comments_public_id_uq').on(t.publicId),
    index('vote_comments_vote_idx').on(t.voteId, t.status, t.id),
    check('vote_comments_status_ck', sql`${t.status} IN ('pending', 'shown', 'hidden')`),
  ],
);

/** A favourite: the activity (player_id 0) or one of its players. */
export const voteCollections = pgTable(
  'vote_collections',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    voteId: voteRef(),
    playerId: integer('player_id').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vote_collections_public_id_uq').on(t.publicId),
    uniqueIndex('vote_collections_target_uq').on(t.userId, t.voteId, t.playerId),
    index('vote_collections_user_idx').on(t.userId, t.id),
  ],
);

/** The vote's chosen track (on/off is the rule `music` of its settings). */
export const voteMusic = pgTable(
  'vote_music',
  {
    voteId: integer('vote_id')
      .primaryKey()
      .references(() => voteActivities.id, { onDelete: 'cascade' }),
    open: boolean('open').notNull().default(false),
    source: text('source').$type<'builtin' | 'local'>(),
    musicId: text('music_id'),
    name: text('name'),
    autoplay: boolean('autoplay').notNull().default(true),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [check('vote_music_source_ck', sql`${t.source} IS NULL OR ${t.source} IN ('builtin', 'local')`)],
);

/** Who signed up a player from the voting page (the player row carries the review state). */
export const voteSignUps = pgTable(
  'vote_sign_ups',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    voteId: voteRef(),
    playerId: integer('player_id')
      .notNull()
      .references(() => votePlayers.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    deviceId: text('device_id').notNull(),
    phone: text('phone'),
    ip: text('ip').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vote_sign_ups_public_id_uq').on(t.publicId),
    uniqueIndex('vote_sign_ups_player_uq').on(t.playerId),
    index('vote_sign_ups_vote_idx').on(t.voteId, t.deviceId),
  ],
);

/** The template library: a template vote with its category and use count. */
export const voteTemplates = pgTable(
  'vote_templates',
  {
    voteId: integer('vote_id')
      .primaryKey()
      .references(() => voteActivities.id, { onDelete: 'cascade' }),
    templateKey: text('template_key').notNull(),
    category: text('category').notNull(),
    sort: integer('sort').notNull().default(0),
    recommended: boolean('recommended').notNull().default(false),
    useCount: integer('use_count').notNull().default(0),
  },
  (t) => [uniqueIndex('vote_templates_key_uq').on(t.templateKey), check('vote_templates_use_ck', sql`${t.useCount} >= 0`)],
);
