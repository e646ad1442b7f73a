import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TVoteSettings } from '../../schemas/vote/vote-rules';
import type { TVoteStatus } from '../../schemas/vote/vote-lifecycle';
import { users } from './tables';

/** Declarations of migration 0030 (votes, issue 19); the SQL and its wj_vote function are the source of truth. */
const at = <N extends string>(name: N) => timestamp(name, { withTimezone: true });
const createdAt = () => at('created_at').notNull().defaultNow();

/** A vote activity (投票): its own entity, `public_id` is the opaque voteId; `deleted_at` set = in the bin. */
export const voteActivities = pgTable(
  'vote_activities',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull().default('toupiao'),
    title: text('title').notNull(),
    coverImages: jsonb('cover_images').$type<string[]>().notNull().default([]),
    description: text('description').notNull().default(''),
    startAt: at('start_at'),
    endAt: at('end_at'),
    status: text('status').$type<TVoteStatus>().notNull().default('draft'),
    deletedAt: at('deleted_at'),
    /** Set = pinned to the top of the list (updateVoteTop); the latest pinned first. */
    topAt: at('top_at'),
    settings: jsonb('settings').$type<Partial<TVoteSettings>>().notNull().default({}),
    isTemplate: boolean('is_template').notNull().default(false),
    /** The last player number given: the next is taken with one UPDATE … RETURNING. */
    playerSeq: integer('player_seq').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vote_activities_public_id_uq').on(t.publicId),
    index('vote_activities_owner_idx').on(t.ownerId, t.deletedAt, t.id),
    check('vote_activities_status_ck', sql`${t.status} IN ('draft', 'running', 'suspended', 'ended')`),
    check('vote_activities_window_ck', sql`${t.startAt} IS NULL OR ${t.endAt} IS NULL OR ${t.endAt} > ${t.startAt}`),
    check('vote_activities_seq_ck', sql`${t.playerSeq} >= 0`),
  ],
);

const voteRef = () =>
  integer('vote_id')
    .notNull()
    .references(() => voteActivities.id, { onDelete: 'cascade' });

export const votePlayerTypes = pgTable(
  'vote_player_types',
  { id: serial('id').primaryKey(), voteId: voteRef(), name: text('name').notNull(), sort: integer('sort').notNull().default(0), createdAt: createdAt() },
  (t) => [index('vote_player_types_vote_idx').on(t.voteId, t.sort, t.id)],
);

/** A player (选手); `no` is given in order per activity; `review` is the creator's verdict on a public sign-up. */
export const votePlayers = pgTable(
  'vote_players',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    voteId: voteRef(),
    typeId: integer('type_id').references(() => votePlayerTypes.id, { onDelete: 'set null' }),
    no: integer('no').notNull(),
    name: text('name').notNull(),
    photo: text('photo').notNull().default(''),
    description: text('description').notNull().default(''),
    videoUrl: text('video_url').notNull().default(''),
    audioUrl: text('audio_url').notNull().default(''),
    review: text('review').$type<'approved' | 'pending' | 'rejected'>().notNull().default('approved'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vote_players_public_id_uq').on(t.publicId),
    uniqueIndex('vote_players_no_uq').on(t.voteId, t.no),
    index('vote_players_name_idx').on(t.voteId, t.name),
    check('vote_players_review_ck', sql`${t.review} IN ('approved', 'pending', 'rejected')`),
    check('vote_players_no_ck', sql`${t.no} > 0`),
  ],
);

const playerRef = () =>
  integer('player_id')
    .notNull()
    .references(() => votePlayers.id, { onDelete: 'cascade' });

/**
 * The ballot's hot tables (receipts, vote rows, counts, voters' counters) have no foreign keys: a foreign key
 * check key-share locks the activity and player rows once a row written, and two batches doing that at once
 * turn those locks into MultiXacts. A ballot holds the vote's lock (advisory 7304, shared) instead, and deleting an
 * activity or a player takes it exclusively and deletes their rows here (triggers of migration 0045).
 */
const heldVoteRef = () => integer('vote_id').notNull();
const heldPlayerRef = () => integer('player_id').notNull();

/** One receipt per client ballot id: a retry replays `result`. */
export const voteReceipts = pgTable(
  'vote_receipts',
  {
    voteId: heldVoteRef(),
    ballotId: text('ballot_id').notNull(),
    voterKey: text('voter_key').notNull(),
    bodyHash: text('body_hash').notNull(),
    result: jsonb('result'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'vote_receipts_pk', columns: [t.voteId, t.ballotId] })],
);

/** One row per vote; `shard` is the player-count shard it counted in, so voiding gives back to the same one. */
export const voteBallots = pgTable(
  'vote_ballots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    voteId: heldVoteRef(),
    playerId: heldPlayerRef(),
    ballotId: text('ballot_id').notNull(),
    voterKey: text('voter_key').notNull(),
    userId: integer('user_id'),
    phone: text('phone'),
    day: date('day').notNull(),
    ip: text('ip').notNull().default(''),
    ipArea: text('ip_area').notNull().default(''),
    device: text('device').notNull().default(''),
    /** The voting page's browser fingerprint (migration 0063), '' when the page sent none. */
    fingerprint: text('fingerprint').notNull().default(''),
    shard: integer('shard').notNull(),
    valid: boolean('valid').notNull().default(true),
    suspect: boolean('suspect').notNull().default(false),
    suspectReason: text('suspect_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vote_ballots_ballot_uq').on(t.voteId, t.ballotId, t.playerId),
    index('vote_ballots_vote_idx').on(t.voteId, t.id),
    index('vote_ballots_player_idx').on(t.playerId, t.createdAt),
    index('vote_ballots_ip_idx').on(t.voteId, t.ip, t.createdAt),
    index('vote_ballots_device_idx').on(t.voteId, t.device, t.createdAt),
    index('vote_ballots_fingerprint_idx').on(t.voteId, t.fingerprint, t.createdAt),
    index('vote_ballots_voter_day_idx').on(t.voteId, t.voterKey, t.day, t.playerId),
  ],
);

/** A player's valid votes: the sum of its shards. */
export const votePlayerCounts = pgTable(
  'vote_player_counts',
  { voteId: heldVoteRef(), playerId: heldPlayerRef(), shard: integer('shard').notNull(), n: integer('n').notNull() },
  (t) => [
    primaryKey({ name: 'vote_player_counts_pk', columns: [t.playerId, t.shard] }),
    index('vote_player_counts_vote_idx').on(t.voteId),
    check('vote_player_counts_n_ck', sql`${t.n} >= 0`),
  ],
);

/** Votes of one voter in a period (a Shanghai day 'YYYY-MM-DD', or 'all'). */
export const voteVoterCounters = pgTable(
  'vote_voter_counters',
  {
    voteId: heldVoteRef(),
    voterKey: text('voter_key').notNull(),
    period: text('period').notNull(),
    n: integer('n').notNull(),
    lastAt: at('last_at').notNull(),
    prevAt: at('prev_at'),
  },
  (t) => [primaryKey({ name: 'vote_voter_counters_pk', columns: [t.voteId, t.voterKey, t.period] }), check('vote_voter_counters_n_ck', sql`${t.n} >= 0`)],
);

/** Votes of one voter for one player on one day. */
export const voteVoterPlayerCounters = pgTable(
  'vote_voter_player_counters',
  { voteId: voteRef(), voterKey: text('voter_key').notNull(), playerId: playerRef(), day: date('day').notNull(), n: integer('n').notNull() },
  (t) => [
    primaryKey({ name: 'vote_voter_player_counters_pk', columns: [t.voteId, t.voterKey, t.playerId, t.day] }),
    check('vote_voter_player_counters_n_ck', sql`${t.n} >= 0`),
  ],
);

export const voteWhitelist = pgTable(
  'vote_whitelist',
  { id: serial('id').primaryKey(), voteId: voteRef(), phone: text('phone').notNull(), name: text('name').notNull().default(''), createdAt: createdAt() },
  (t) => [uniqueIndex('vote_whitelist_phone_uq').on(t.voteId, t.phone)],
);

export const voteVisits = pgTable(
  'vote_visits',
  { voteId: voteRef(), shard: integer('shard').notNull(), n: bigint('n', { mode: 'number' }).notNull() },
  (t) => [primaryKey({ name: 'vote_visits_pk', columns: [t.voteId, t.shard] }), check('vote_visits_n_ck', sql`${t.n} >= 0`)],
);
