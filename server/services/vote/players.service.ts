import type { TPlayerList } from '../../../schemas/api/vote-player';
import type { TPublicPlayer } from '../../../schemas/api/vote';
import { voteSettingsOf } from '../../../schemas/vote/vote-rules';
import type { Database, Query } from '../../db/client';
import type { VotePlayerRow, VoteRow } from '../../db/rows';
import { badInput, notFound } from '../errors';
import { publicId } from '../crypto';
import type { AuthUser } from '../access/sessions.service';
import { accessVote, publicVote } from './vote-access.service';
import { cleanImage, cleanMediaUrl, cleanRich, cleanTitle } from './vote-text';
import { col, defineSql } from '../../db/sql';
import type { Deps } from '../deps';
import { signedMediaUrl } from '../uploads/media-uploads.service';

export interface PlayerInput {
  name: string;
  photo: string;
  description: string;
  videoUrl: string;
  audioUrl: string;
  typeId: number | null;
}

type Listed = VotePlayerRow & { votes: number; rank: number; type_name: string | null };

/** Votes summed from the shards and the rank among approved players (ties share a rank), beside each player `p`. */
const RANKED = `
  WITH counted AS (
    SELECT p.*, t.name AS type_name, coalesce((SELECT sum(c.n) FROM vote_player_counts c WHERE c.player_id = p.id), 0)::int AS votes
    FROM vote_players p LEFT JOIN vote_player_types t ON t.id = p.type_id WHERE p.vote_id = $1
  ), ranked AS (
    SELECT counted.*, (CASE WHEN review = 'approved' THEN rank() OVER (PARTITION BY review = 'approved' ORDER BY votes DESC) ELSE 0 END)::int AS rank FROM counted
  )`;

export function playerView(p: Listed, show: { counts: boolean; ranking: boolean }): TPublicPlayer {
  return {
    playerId: p.public_id,
    no: p.no,
    name: p.name,
    photo: p.photo,
    description: p.description,
    videoUrl: p.video_url,
    audioUrl: p.audio_url,
    typeId: p.type_id,
    typeName: p.type_name,
    votes: show.counts ? p.votes : null,
    rank: show.ranking ? p.rank : null,
    review: p.review,
  };
}

/** The player list's filter: $2 a keyword (name or number), $3 a type, $4 a review state, $5 one player; each may be null. */
const PLAYER_FILTER = `($2::text IS NULL OR name ILIKE '%' || $2 || '%' OR no::text = $2) AND ($3::int IS NULL OR type_id = $3) AND ($4::text IS NULL OR review = $4) AND ($5::text IS NULL OR public_id = $5)`;
const countPlayers = defineSql('players.count', { n: col.int }, `SELECT count(*)::int AS n FROM vote_players WHERE vote_id = $1 AND ${PLAYER_FILTER}`);

/** Whether the caller owns the vote (sees everything) or is the public (approved players; counts and rank as the rules say). */
async function viewerOf(database: Database, user: AuthUser | null, voteId: string): Promise<{ vote: VoteRow; owner: boolean }> {
  const vote = await publicVote(database.query, voteId).catch(async (error) => {
    if (!user) throw error;
    return (await accessVote(database.query, user, voteId, { allowDeleted: true })).vote;
  });
  return { vote, owner: !!user && vote.owner_id === user.id };
}

/** Who reads players: the database, and what signs an uploaded file's address for the public. */
type TPlayerReader = Pick<Deps, 'database' | 'secret' | 'now'>;

/**
 * The public (not the owner) gets an uploaded video or audio as a signed address: the file is private (its uploader,
 * or a signed link), like a video block on the answering page. The owner keeps the plain address, which the editor
 * saves back.
 */
function forViewer(deps: TPlayerReader, owner: boolean, player: TPublicPlayer): TPublicPlayer {
  if (owner) return player;
  return { ...player, videoUrl: signedMediaUrl(deps, player.videoUrl), audioUrl: signedMediaUrl(deps, player.audioUrl) };
}

export async function listPlayers(
  deps: TPlayerReader,
  user: AuthUser | null,
  body: {
    voteId: string;
    keyword?: string;
    playerId?: string;
    typeId?: number;
    sort: 'no' | 'votes';
    review?: 'approved' | 'pending' | 'rejected';
    page: number;
    pageSize: number;
  },
  ranking = false,
): Promise<TPlayerList> {
  const { database } = deps;
  const { vote, owner } = await viewerOf(database, user, body.voteId);
  const settings = voteSettingsOf(vote.settings);
  const show = { counts: owner || settings.showCounts, ranking: owner || settings.showRanking };
  // The ranking of a vote that hides it (or hides counts) is not sorted by votes for the public: it would tell them.
  const byVotes = (ranking || body.sort === 'votes') && show.counts && show.ranking;
  const keyword = body.keyword?.trim() || null;
  const review = owner ? (body.review ?? null) : 'approved';
  const where = PLAYER_FILTER;
  const params = [vote.id, keyword?.replace(/[\\%_]/g, (c) => `\\${c}`) ?? null, body.typeId ?? null, review, body.playerId ?? null];
  const rows = await database.query<Listed>(`${RANKED} SELECT * FROM ranked WHERE ${where} ORDER BY ${byVotes ? 'votes DESC, no' : 'no'} LIMIT $6 OFFSET $7`, [
    ...params,
    body.pageSize,
    (body.page - 1) * body.pageSize,
  ]);
  const total = await countPlayers.run(database.query, params);
  return { list: rows.map((r) => forViewer(deps, owner, playerView(r, show))), total: total[0]!.n, page: body.page, pageSize: body.pageSize };
}

/** getLastOrNext: the neighbour of a player in the page's order (number, or votes when the rules show them). */
export async function neighbour(
  deps: TPlayerReader,
  user: AuthUser | null,
  body: { voteId: string; playerId: string; direction: 'last' | 'next'; sort: 'no' | 'votes' },
): Promise<TPublicPlayer | null> {
  const { database } = deps;
  const { vote, owner } = await viewerOf(database, user, body.voteId);
  const settings = voteSettingsOf(vote.settings);
  const show = { counts: owner || settings.showCounts, ranking: owner || settings.showRanking };
  const order = body.sort === 'votes' && show.counts && show.ranking ? 'votes DESC, no' : 'no';
  const rows = await database.query<Listed & { pos: number }>(
    `${RANKED}, ordered AS (SELECT ranked.*, row_number() OVER (ORDER BY ${order}) AS pos FROM ranked WHERE review = 'approved')
     SELECT o.* FROM ordered o, ordered me WHERE me.public_id = $2 AND o.pos = me.pos + $3`,
    [vote.id, body.playerId, body.direction === 'next' ? 1 : -1],
  );
  return rows[0] ? forViewer(deps, owner, playerView(rows[0], show)) : null;
}

const takeNumbersSql = defineSql(
  'players.takeNumbers',
  { player_seq: col.int },
  'UPDATE vote_activities SET player_seq = player_seq + $2 WHERE id = $1 RETURNING player_seq',
);

/** The next numbers of a vote, taken with one UPDATE … RETURNING: parallel adds never share a number. */
export async function takeNumbers(query: Query, voteId: number, count: number): Promise<number> {
  const rows = await takeNumbersSql.run(query, [voteId, count]);
  return rows[0]!.player_seq - count + 1;
}

export async function checkType(query: Query, voteId: number, typeId: number | null): Promise<void> {
  if (typeId === null) return;
  const rows = await query('SELECT 1 FROM vote_player_types WHERE id = $1 AND vote_id = $2', [typeId, voteId]);
  if (!rows.length) throw badInput('分组不存在', 'typeId');
}

const cleanPlayer = (p: PlayerInput): PlayerInput => ({
  name: cleanTitle(p.name, '选手名称'),
  photo: cleanImage(p.photo),
  description: cleanRich(p.description),
  videoUrl: cleanMediaUrl(p.videoUrl),
  audioUrl: cleanMediaUrl(p.audioUrl),
  typeId: p.typeId,
});

/** Insert players in order with the next numbers; `review` pending for public sign-ups (wt-vote-extras). */
export async function insertPlayers(
  query: Query,
  voteId: number,
  players: PlayerInput[],
  review: 'approved' | 'pending' = 'approved',
): Promise<VotePlayerRow[]> {
  if (!players.length) return [];
  const first = await takeNumbers(query, voteId, players.length);
  const clean = players.map(cleanPlayer);
  return query<VotePlayerRow>(
    `INSERT INTO vote_players (public_id, vote_id, type_id, no, name, photo, description, video_url, audio_url, review)
     SELECT x.public_id, $1, x.type_id, x.no, x.name, x.photo, x.description, x.video_url, x.audio_url, $2
     FROM jsonb_to_recordset($3::jsonb) AS x(public_id text, type_id int, no int, name text, photo text, description text, video_url text, audio_url text)
     ORDER BY x.no RETURNING *`,
    [
      voteId,
      review,
      JSON.stringify(
        clean.map((p, i) => ({
          public_id: publicId(),
          type_id: p.typeId,
          no: first + i,
          name: p.name,
          photo: p.photo,
          description: p.description,
          video_url: p.videoUrl,
          audio_url: p.audioUrl,
        })),
      ),
    ],
  );
}

async function viewOne(query: Query, voteId: number, playerId: number): Promise<TPublicPlayer> {
  const rows = await query<Listed>(`${RANKED} SELECT * FROM ranked WHERE id = $2`, [voteId, playerId]);
  return playerView(rows[0]!, { counts: true, ranking: true });
}

const savePlayerSql = defineSql(
  'players.savePlayer',
  { id: col.int },
  `UPDATE vote_players SET name = $3, photo = $4, description = $5, video_url = $6, audio_url = $7, type_id = $8, updated_at = now()
       WHERE vote_id = $1 AND public_id = $2 RETURNING id`,
);

/** addPlayer / saveOrUpdatePlayer: one player, new (next number) or changed (number kept). */
export async function savePlayer(database: Database, user: AuthUser, voteId: string, playerId: string | undefined, input: PlayerInput): Promise<TPublicPlayer> {
  return database.transaction(async (query) => {
    const { vote } = await accessVote(query, user, voteId);
    await checkType(query, vote.id, input.typeId);
    if (!playerId) {
      const [row] = await insertPlayers(query, vote.id, [input]);
      return viewOne(query, vote.id, row!.id);
    }
    const p = cleanPlayer(input);
    const rows = await savePlayerSql.run(query, [vote.id, playerId, p.name, p.photo, p.description, p.videoUrl, p.audioUrl, p.typeId]);
    if (!rows[0]) throw notFound('选手不存在或已删除');
    return viewOne(query, vote.id, rows[0].id);
  });
}

/** delWxPlayer: the players and their votes go (the voters' used votes stay used). */
export async function deletePlayers(database: Database, user: AuthUser, voteId: string, playerIds: string[]) {
  const { vote } = await accessVote(database.query, user, voteId);
  const rows = await database.query('DELETE FROM vote_players WHERE vote_id = $1 AND public_id = ANY($2::text[]) RETURNING id', [vote.id, playerIds]);
  return { deleted: rows.length };
}

/** getPlayerVerify: approve or reject public sign-ups. */
export async function reviewPlayers(database: Database, user: AuthUser, voteId: string, playerIds: string[], review: 'approved' | 'rejected') {
  const { vote } = await accessVote(database.query, user, voteId);
  const rows = await database.query('UPDATE vote_players SET review = $3, updated_at = now() WHERE vote_id = $1 AND public_id = ANY($2::text[]) RETURNING id', [
    vote.id,
    playerIds,
    review,
  ]);
  return { updated: rows.length };
}
