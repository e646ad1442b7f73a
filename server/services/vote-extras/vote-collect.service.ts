import type { z } from 'zod';
import type { TCollectTarget, TCollection, TCollectionKind, ZCollectionCancelRequest } from '../../../schemas/api/vote-extras-models';
import type { Query } from '../../db/client';
import type { AuthUser } from '../access/sessions.service';
import { publicId } from '../crypto';
import { notFound } from '../errors';
import { playerOf, publicVote } from './vote-access';
import { col, defineSql } from '../../db/sql';

/**
 * Favourites (activity/collect/*, 我的收藏): a logged-in user keeps vote activities (player_id 0), players of a vote
 * (vote_collections) and templates of the template centre (template_collections, migration 0060). One row per user
 * and target: the unique keys make a double click one favourite.
 */
type Target = { table: 'vote'; vote: number; player: number } | { table: 'template'; project: number };

const templateSql = defineSql('vote-collect.template', { id: col.int }, 'SELECT id FROM projects WHERE public_id = $1 AND is_template AND deleted_at IS NULL');

/** The vote (and player) or template a favourite names; "404" for a deleted one or a player of another vote. */
async function target(query: Query, body: TCollectTarget): Promise<Target> {
  if (body.questionId) {
    const [row] = await templateSql.run(query, [body.questionId]);
    if (!row) throw notFound('模板不存在或已删除');
    return { table: 'template', project: row.id };
  }
  const vote = await publicVote(query, body.voteId!);
  return { table: 'vote', vote: vote.id, player: body.playerId ? (await playerOf(query, vote.id, body.playerId)).id : 0 };
}

const voteWhetherSql = defineSql(
  'vote-collect.collectionWhether',
  { public_id: col.text },
  'SELECT public_id FROM vote_collections WHERE user_id = $1 AND vote_id = $2 AND player_id = $3',
);
const templateWhetherSql = defineSql(
  'vote-collect.templateWhether',
  { public_id: col.text },
  'SELECT public_id FROM template_collections WHERE user_id = $1 AND project_id = $2',
);

async function whether(query: Query, user: AuthUser, t: Target) {
  const [row] =
    t.table === 'template' ? await templateWhetherSql.run(query, [user.id, t.project]) : await voteWhetherSql.run(query, [user.id, t.vote, t.player]);
  return { collected: Boolean(row), collectionId: row?.public_id ?? null };
}

export async function collectionWhether(query: Query, user: AuthUser, body: TCollectTarget) {
  return whether(query, user, await target(query, body));
}

async function remove(query: Query, user: AuthUser, t: Target): Promise<number> {
  const rows =
    t.table === 'template'
      ? await query('DELETE FROM template_collections WHERE user_id = $1 AND project_id = $2 RETURNING id', [user.id, t.project])
      : await query('DELETE FROM vote_collections WHERE user_id = $1 AND vote_id = $2 AND player_id = $3 RETURNING id', [user.id, t.vote, t.player]);
  return rows.length;
}

/** Set or clear one favourite: an insert that does nothing on conflict, or a delete. */
export async function collectionSetting(query: Query, user: AuthUser, body: TCollectTarget & { collect: boolean }) {
  const t = await target(query, body);
  if (!body.collect) {
    await remove(query, user, t);
    return { collected: false, collectionId: null };
  }
  if (t.table === 'template') {
    await query(`INSERT INTO template_collections (public_id, user_id, project_id) VALUES ($1, $2, $3) ON CONFLICT (user_id, project_id) DO NOTHING`, [
      publicId(),
      user.id,
      t.project,
    ]);
  } else {
    await query(
      `INSERT INTO vote_collections (public_id, user_id, vote_id, player_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, vote_id, player_id) DO NOTHING`,
      [publicId(), user.id, t.vote, t.player],
    );
  }
  return whether(query, user, t);
}

/** Cancel by the page's collection ids (the user's own only; others' ids delete nothing) or by target. */
export async function collectionCancel(query: Query, user: AuthUser, body: z.output<typeof ZCollectionCancelRequest>) {
  if ('collectionIds' in body) {
    const votes = await query('DELETE FROM vote_collections WHERE user_id = $1 AND public_id = ANY($2::text[]) RETURNING id', [user.id, body.collectionIds]);
    const templates = await query('DELETE FROM template_collections WHERE user_id = $1 AND public_id = ANY($2::text[]) RETURNING id', [
      user.id,
      body.collectionIds,
    ]);
    return { cancelled: votes.length + templates.length };
  }
  return { cancelled: await remove(query, user, await target(query, body)) };
}

interface Row {
  public_id: string;
  kind: TCollectionKind;
  title: string;
  cover: string | null;
  vote_public_id: string | null;
  vote_title: string | null;
  player_public_id: string | null;
  player_name: string | null;
  question_id: string | null;
  question_type: number | null;
  created_at: Date;
  total: string | number;
}

const view = (r: Row): TCollection => ({
  collectionId: r.public_id,
  kind: r.kind,
  title: r.title,
  cover: r.cover,
  voteId: r.vote_public_id,
  voteTitle: r.vote_title,
  playerId: r.player_public_id,
  playerName: r.player_name,
  questionId: r.question_id,
  questionType: r.question_type,
  createTime: new Date(r.created_at).toISOString(),
});

/** The picture shown beside a favourite: the player's photo, else the vote's first cover. */
const COVER_SQL = `COALESCE(NULLIF(p.photo, ''), v.cover_images->>0)`;

/** Every favourite of $1 with its kind: votes and players of votes not in the bin, templates still in the centre. */
const ALL_SQL = `
  SELECT c.public_id, CASE WHEN c.player_id = 0 THEN 'vote' ELSE 'player' END AS kind, COALESCE(p.name, v.title) AS title, ${COVER_SQL} AS cover,
    v.public_id AS vote_public_id, v.title AS vote_title, p.public_id AS player_public_id, p.name AS player_name,
    NULL::text AS question_id, NULL::int AS question_type, c.created_at, c.id
  FROM vote_collections c JOIN vote_activities v ON v.id = c.vote_id AND v.deleted_at IS NULL
  LEFT JOIN vote_players p ON p.id = c.player_id
  WHERE c.user_id = $1 AND (c.player_id = 0 OR p.id IS NOT NULL)
  UNION ALL
  SELECT t.public_id, 'template', q.title, NULL, NULL, NULL, NULL, NULL, q.public_id, q.question_type, t.created_at, t.id
  FROM template_collections t JOIN projects q ON q.id = t.project_id AND q.is_template AND q.deleted_at IS NULL
  WHERE t.user_id = $1`;

/** The user's favourites of one kind or all, newest first. */
export async function collectionPage(query: Query, user: AuthUser, kind: TCollectionKind | undefined, page: number, pageSize: number) {
  const rows = await query<Row>(
    `SELECT f.*, count(*) OVER () AS total FROM (${ALL_SQL}) f WHERE $2::text IS NULL OR f.kind = $2
     ORDER BY f.created_at DESC, f.id DESC LIMIT $3 OFFSET $4`,
    [user.id, kind ?? null, pageSize, (page - 1) * pageSize],
  );
  return { list: rows.map(view), total: Number(rows[0]?.total ?? 0) };
}
