import { z } from 'zod';
import type { TVoteDetail, ZSaveAloneRequest, ZSaveVoteRequest } from '../../../schemas/api/vote';
import { levelOf } from '../../../schemas/api/user';
import { VOTE_MESSAGES } from '../../../schemas/vote/vote-messages';
import { voteSettingsOf, ZVoteSettings } from '../../../schemas/vote/vote-rules';
import type { Database, Query } from '../../db/client';
import type { VoteRow } from '../../db/rows';
import { conflict } from '../errors';
import { publicId } from '../crypto';
import type { AuthUser } from '../access/sessions.service';
import { TODAY_SQL } from '../projects/projects.service';
import { accessVote } from './vote-access.service';
import { cleanImages, cleanRich, cleanTitle, windowOf } from './vote-text';
import { voteInfo, withCounts } from './vote-view';
import { col, defineSql } from '../../db/sql';
import { withWechatAccount } from './vote-wechat.service';

type TSaveVote = z.output<typeof ZSaveVoteRequest>;
type TSaveAlone = z.output<typeof ZSaveAloneRequest>;
export type SaveVoteResult = { voteId: string; version: number; isCreate: 0 | 1 };

/**
 * A new vote counts against the owner's daily creations like a project (one conditional upsert on
 * daily_creations); over the limit the answer is isCreate 0 and nothing is written.
 */
export async function takeDailyCreation(query: Query, user: AuthUser): Promise<boolean> {
  const counted = await query(
    `INSERT INTO daily_creations AS d (user_id, day, count) VALUES ($1, ${TODAY_SQL}, 1)
     ON CONFLICT (user_id, day) DO UPDATE SET count = d.count + 1 WHERE d.count < $2 RETURNING count`,
    [user.id, levelOf(user.memberLevel).maxNumber],
  );
  return counted.length > 0;
}

const saveVoteSql = defineSql(
  'vote-activities.saveVote',
  { version: col.int },
  `UPDATE vote_activities SET title = $2, cover_images = $3::jsonb, description = $4, start_at = $5, end_at = $6,
           settings = COALESCE($7::jsonb, settings), version = version + 1, updated_at = now() WHERE id = $1 RETURNING version`,
);

export async function saveVote(database: Database, user: AuthUser, brand: string, body: TSaveVote): Promise<SaveVoteResult> {
  const { start, end } = windowOf(body.startTime, body.endTime);
  const fields = { title: cleanTitle(body.title, '投票标题'), covers: cleanImages(body.coverImages), description: cleanRich(body.description) };
  return database.transaction(async (query) => {
    if (body.voteId) {
      const { vote } = await accessVote(query, user, body.voteId, { lock: true });
      if (body.version !== undefined && body.version !== vote.version) throw conflict(VOTE_MESSAGES.stale);
      const rows = await saveVoteSql.run(query, [
        vote.id,
        fields.title,
        JSON.stringify(fields.covers),
        fields.description,
        start,
        end,
        body.settings ? JSON.stringify(await withWechatAccount(query, vote.owner_id, body.settings)) : null,
      ]);
      return { voteId: vote.public_id, version: rows[0]!.version, isCreate: 1 };
    }
    if (!(await takeDailyCreation(query, user))) return { voteId: '', version: 0, isCreate: 0 };
    const vote = await insertVote(query, user.id, brand, {
      ...fields,
      start,
      end,
      settings: await withWechatAccount(query, user.id, body.settings ?? ZVoteSettings.parse({})),
    });
    for (const [i, name] of [...new Set(body.playerTypes ?? [])].entries())
      await query('INSERT INTO vote_player_types (vote_id, name, sort) VALUES ($1, $2, $3)', [vote.id, cleanTitle(name, '分组名称'), i]);
    return { voteId: vote.public_id, version: vote.version, isCreate: 1 };
  });
}

export interface NewVote {
  title: string;
  covers: string[];
  description: string;
  start: Date | null;
  end: Date | null;
  settings: unknown;
}

export async function insertVote(query: Query, ownerId: number, brand: string, v: NewVote): Promise<VoteRow> {
  const rows = await query<VoteRow>(
    `INSERT INTO vote_activities (public_id, owner_id, brand, title, cover_images, description, start_at, end_at, settings)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9::jsonb) RETURNING *`,
    [publicId(), ownerId, brand, v.title, JSON.stringify(v.covers), v.description, v.start, v.end, JSON.stringify(v.settings)],
  );
  return rows[0]!;
}

const saveVoteAloneSql = defineSql(
  'vote-activities.saveVoteAlone',
  { version: col.int },
  `UPDATE vote_activities SET title = $2, cover_images = $3::jsonb, description = $4, start_at = $5, end_at = $6, version = version + 1, updated_at = now()
       WHERE id = $1 RETURNING version`,
);

/** saveOrUpdateToAloneVote: the fields sent, alone; the others stay. */
export async function saveVoteAlone(database: Database, user: AuthUser, body: TSaveAlone): Promise<SaveVoteResult> {
  return database.transaction(async (query) => {
    const { vote } = await accessVote(query, user, body.voteId, { lock: true });
    if (body.version !== undefined && body.version !== vote.version) throw conflict(VOTE_MESSAGES.stale);
    const startTime = body.startTime !== undefined ? body.startTime : vote.start_at && new Date(vote.start_at).toISOString();
    const endTime = body.endTime !== undefined ? body.endTime : vote.end_at && new Date(vote.end_at).toISOString();
    const { start, end } = windowOf(startTime, endTime);
    const rows = await saveVoteAloneSql.run(query, [
      vote.id,
      body.title !== undefined ? cleanTitle(body.title, '投票标题') : vote.title,
      JSON.stringify(body.coverImages !== undefined ? cleanImages(body.coverImages) : vote.cover_images),
      body.description !== undefined ? cleanRich(body.description) : vote.description,
      start,
      end,
    ]);
    return { voteId: vote.public_id, version: rows[0]!.version, isCreate: 1 };
  });
}

export async function getVote(database: Database, user: AuthUser | null, voteId: string, now: Date): Promise<TVoteDetail> {
  const { vote, powerType } = await accessVote(database.query, user, voteId, { allowDeleted: true });
  const full = await withCounts(database.query, vote.id);
  return { ...voteInfo(full, now), settings: voteSettingsOf(vote.settings), powerType, brand: vote.brand };
}

/** getCopeVote: a new draft with the rules, groups and players (numbers kept), no votes; counts as a creation. */
export async function copyVote(database: Database, user: AuthUser, voteId: string): Promise<SaveVoteResult> {
  return database.transaction(async (query) => {
    const { vote } = await accessVote(query, user, voteId);
    if (!(await takeDailyCreation(query, user))) return { voteId: '', version: 0, isCreate: 0 };
    const copy = await insertVote(query, user.id, vote.brand, {
      title: `${vote.title}（副本）`.slice(0, 100),
      covers: vote.cover_images,
      description: vote.description,
      start: vote.start_at ? new Date(vote.start_at) : null,
      end: vote.end_at ? new Date(vote.end_at) : null,
      settings: vote.settings,
    });
    await copyPlayers(query, vote.id, copy.id);
    return { voteId: copy.public_id, version: copy.version, isCreate: 1 };
  });
}

/** Groups and approved players of one vote into another (a copy, a template's use). */
export async function copyPlayers(query: Query, from: number, to: number): Promise<void> {
  await query(
    `WITH types AS (
       INSERT INTO vote_player_types (vote_id, name, sort) SELECT $2, name, sort FROM vote_player_types WHERE vote_id = $1 ORDER BY sort, id RETURNING id, name
     )
     INSERT INTO vote_players (public_id, vote_id, type_id, no, name, photo, description, video_url, audio_url)
     SELECT 'p' || md5(random()::text || p.id::text), $2, t.id, p.no, p.name, p.photo, p.description, p.video_url, p.audio_url
     FROM vote_players p LEFT JOIN vote_player_types ot ON ot.id = p.type_id
     LEFT JOIN types t ON t.name = ot.name
     WHERE p.vote_id = $1 AND p.review = 'approved' ORDER BY p.no`,
    [from, to],
  );
  await query(`UPDATE vote_activities SET player_seq = (SELECT coalesce(max(no), 0) FROM vote_players WHERE vote_id = $1) WHERE id = $1`, [to]);
}
