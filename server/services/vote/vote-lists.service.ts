import type { TVoteList } from '../../../schemas/api/vote';
import type { TVoteStatus } from '../../../schemas/vote/vote-lifecycle';
import type { Query } from '../../db/client';
import type { AuthUser } from '../access/sessions.service';
import { col, defineSql } from '../../db/sql';
import { VOTE_COUNTS_SQL, voteInfo, type VoteWithCounts } from './vote-view';

/** The caller's votes ($1 the owner, $2 a LIKE pattern or null, $3 a status or null), the bin, and the picker's list. */
const LIVE = `v.owner_id = $1 AND v.deleted_at IS NULL AND NOT v.is_template AND ($2::text IS NULL OR v.title ILIKE $2) AND ($3::text IS NULL OR v.status = $3)`;
const BIN = `v.owner_id = $1 AND v.deleted_at IS NOT NULL AND NOT v.is_template AND ($2::text IS NULL OR v.title ILIKE $2)`;
const DEPOT = `v.owner_id = $1 AND v.deleted_at IS NULL AND NOT v.is_template AND ($2::text IS NULL OR v.title ILIKE $2)`;

const countVotes = defineSql('vote-lists.count', { n: col.int }, (where: string) => `SELECT count(*)::int AS n FROM vote_activities v WHERE ${where}`, [
  [LIVE],
  [BIN],
  [DEPOT],
]);

const depotRows = defineSql(
  'vote-lists.depot',
  { public_id: col.text, title: col.text, status: col.text.as<TVoteStatus>(), created_at: col.timestamp, player_count: col.int },
  `SELECT v.public_id, v.title, v.status, v.created_at, (SELECT count(*)::int FROM vote_players p WHERE p.vote_id = v.id) AS player_count
     FROM vote_activities v WHERE ${DEPOT} ORDER BY v.id DESC LIMIT $3 OFFSET $4`,
);

const likeOf = (keyword: string | undefined) => (keyword?.trim() ? `%${keyword.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null);

/** getVoteList: the caller's votes out of the bin, searched and filtered; pinned first, then the latest changed. */
export async function listVotes(
  query: Query,
  user: AuthUser,
  body: { keyword?: string; status?: TVoteStatus; page: number; pageSize: number },
  now: Date,
): Promise<TVoteList> {
  const where = LIVE;
  const params = [user.id, likeOf(body.keyword), body.status ?? null];
  const [rows, total] = await Promise.all([
    query<VoteWithCounts>(
      `SELECT v.*, ${VOTE_COUNTS_SQL} FROM vote_activities v WHERE ${where}
       ORDER BY v.top_at DESC NULLS LAST, v.updated_at DESC, v.id DESC LIMIT $4 OFFSET $5`,
      [...params, body.pageSize, (body.page - 1) * body.pageSize],
    ),
    countVotes.run(query, params, where),
  ]);
  return { list: rows.map((r) => voteInfo(r, now)), total: total[0]!.n, page: body.page, pageSize: body.pageSize };
}

/** getThoroughDelVoteList: the caller's bin, the latest deleted first. */
export async function listBin(query: Query, user: AuthUser, body: { keyword?: string; page: number; pageSize: number }, now: Date): Promise<TVoteList> {
  const where = BIN;
  const params = [user.id, likeOf(body.keyword)];
  const [rows, total] = await Promise.all([
    query<VoteWithCounts>(`SELECT v.*, ${VOTE_COUNTS_SQL} FROM vote_activities v WHERE ${where} ORDER BY v.deleted_at DESC, v.id DESC LIMIT $3 OFFSET $4`, [
      ...params,
      body.pageSize,
      (body.page - 1) * body.pageSize,
    ]),
    countVotes.run(query, params, where),
  ]);
  return { list: rows.map((r) => voteInfo(r, now)), total: total[0]!.n, page: body.page, pageSize: body.pageSize };
}

/** getDepotVoteList: the caller's votes as a light list (id, title, status, players) for pickers. */
export async function listDepot(query: Query, user: AuthUser, body: { keyword?: string; page: number; pageSize: number }) {
  const params = [user.id, likeOf(body.keyword)];
  const rows = await depotRows.run(query, [...params, body.pageSize, (body.page - 1) * body.pageSize]);
  const total = await countVotes.run(query, params, DEPOT);
  return {
    list: rows.map((r) => ({
      voteId: r.public_id,
      title: r.title,
      status: r.status,
      playerCount: r.player_count,
      createTime: new Date(r.created_at).toISOString(),
    })),
    total: total[0]!.n,
  };
}
