import type { z } from 'zod';
import type { ZCollection, ZCollectionCancelRequest } from '../../../schemas/api/vote-extras-models';
import type { Query } from '../../db/client';
import type { AuthUser } from '../access/sessions.service';
import { publicId } from '../crypto';
import { playerOf, publicVote } from './vote-access';
import { col, defineSql } from '../../db/sql';

/**
 * Favourites (activity/collect/*): a logged-in user keeps vote activities (player_id 0) and players of a vote.
 * One row per (user, vote, player): the unique key over non-null columns makes a double click one favourite.
 */
type TCollection = z.input<typeof ZCollection>;

/** The vote (and player) a favourite names; "404" for a deleted vote or a player of another vote. */
async function target(query: Query, voteId: string, playerId: string | undefined): Promise<{ vote: number; player: number }> {
  const vote = await publicVote(query, voteId);
  return { vote: vote.id, player: playerId ? (await playerOf(query, vote.id, playerId)).id : 0 };
}

const collectionWhetherSql = defineSql(
  'vote-collect.collectionWhether',
  { public_id: col.text },
  'SELECT public_id FROM vote_collections WHERE user_id = $1 AND vote_id = $2 AND player_id = $3',
);

export async function collectionWhether(query: Query, user: AuthUser, voteId: string, playerId?: string) {
  const t = await target(query, voteId, playerId);
  const [row] = await collectionWhetherSql.run(query, [user.id, t.vote, t.player]);
  return { collected: Boolean(row), collectionId: row?.public_id ?? null };
}

/** Set or clear one favourite: an insert that does nothing on conflict, or a delete. */
export async function collectionSetting(query: Query, user: AuthUser, voteId: string, playerId: string | undefined, collect: boolean) {
  const t = await target(query, voteId, playerId);
  if (!collect) {
    await query('DELETE FROM vote_collections WHERE user_id = $1 AND vote_id = $2 AND player_id = $3', [user.id, t.vote, t.player]);
    return { collected: false, collectionId: null };
  }
  await query(
    `INSERT INTO vote_collections (public_id, user_id, vote_id, player_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, vote_id, player_id) DO NOTHING`,
    [publicId(), user.id, t.vote, t.player],
  );
  return collectionWhether(query, user, voteId, playerId);
}

export async function collectionCancel(query: Query, user: AuthUser, body: z.output<typeof ZCollectionCancelRequest>) {
  if ('collectionIds' in body) {
    const rows = await query('DELETE FROM vote_collections WHERE user_id = $1 AND public_id = ANY($2::text[]) RETURNING id', [user.id, body.collectionIds]);
    return { cancelled: rows.length };
  }
  const t = await target(query, body.voteId, body.playerId);
  const rows = await query('DELETE FROM vote_collections WHERE user_id = $1 AND vote_id = $2 AND player_id = $3 RETURNING id', [user.id, t.vote, t.player]);
  return { cancelled: rows.length };
}

interface Row {
  public_id: string;
  vote_public_id: string;
  vote_title: string;
  cover: string | null;
  player_public_id: string | null;
  player_name: string | null;
  created_at: Date;
  total: string | number;
}

const view = (r: Row): TCollection => ({
  collectionId: r.public_id,
  kind: r.player_public_id ? 'player' : 'vote',
  voteId: r.vote_public_id,
  voteTitle: r.vote_title,
  cover: r.cover,
  playerId: r.player_public_id,
  playerName: r.player_name,
  createTime: new Date(r.created_at).toISOString(),
});

/** The user's favourites, newest first; those of deleted votes (in the bin) are not listed. */
export async function collectionPage(query: Query, user: AuthUser, kind: 'vote' | 'player' | undefined, page: number, pageSize: number) {
  const rows = await query<Row>(
    `SELECT c.public_id, v.public_id AS vote_public_id, v.title AS vote_title, ${COVER_SQL} AS cover, p.public_id AS player_public_id, p.name AS player_name,
       c.created_at, count(*) OVER () AS total
     FROM vote_collections c JOIN vote_activities v ON v.id = c.vote_id AND v.deleted_at IS NULL
     LEFT JOIN vote_players p ON p.id = c.player_id
     WHERE c.user_id = $1 AND ($2::text IS NULL OR ($2 = 'vote' AND c.player_id = 0) OR ($2 = 'player' AND c.player_id <> 0))
       AND (c.player_id = 0 OR p.id IS NOT NULL)
     ORDER BY c.id DESC LIMIT $3 OFFSET $4`,
    [user.id, kind ?? null, pageSize, (page - 1) * pageSize],
  );
  return { list: rows.map(view), total: Number(rows[0]?.total ?? 0) };
}

/** The picture shown beside a favourite: the player's photo, else the vote's first cover. */
const COVER_SQL = `COALESCE(NULLIF(p.photo, ''), v.cover_images->>0)`;
