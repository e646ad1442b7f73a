import type { TVotingDetail } from '../../../schemas/api/vote';
import { SUSPECT_REASONS } from '../../../schemas/vote/vote-rules';
import type { Database } from '../../db/client';
import { notFound } from '../errors';
import type { AuthUser } from '../access/sessions.service';
import { accessVote, holdVote } from './vote-access.service';
import { col, defineSql } from '../../db/sql';

/** A voter as the creator sees them: a phone masked, a user or device by a short tag. */
export function maskVoter(key: string): string {
  const [kind, value = ''] = [key.slice(0, 1), key.slice(2)];
  if (kind === 'p') return `${value.slice(0, 3)}****${value.slice(-4)}`;
  if (kind === 'u') return `用户 ${value}`;
  return `设备 ${value.slice(0, 6)}…`;
}

interface DetailRow {
  id: string | number;
  player_public: string;
  no: number;
  name: string;
  voter_key: string;
  ip: string;
  ip_area: string;
  valid: boolean;
  suspect: boolean;
  suspect_reason: string | null;
  created_at: Date;
}

/** The detail list's filter: $1 the vote, then a player, a valid flag and a suspect flag, each may be null. */
const DETAIL_FILTER = `b.vote_id = $1 AND ($2::text IS NULL OR p.public_id = $2) AND ($3::boolean IS NULL OR b.valid = $3) AND ($4::boolean IS NULL OR b.suspect = $4)`;
const countDetails = defineSql(
  'vote-detail.count',
  { n: col.int },
  `SELECT count(*)::int AS n FROM vote_ballots b JOIN vote_players p ON p.id = b.player_id WHERE ${DETAIL_FILTER}`,
);

/** getVotingDetailList: the vote rows, newest first, by player and by valid or suspect flag. */
export async function listDetails(
  database: Database,
  user: AuthUser,
  body: { voteId: string; playerId?: string; valid?: boolean; suspect?: boolean; page: number; pageSize: number },
) {
  const { vote } = await accessVote(database.query, user, body.voteId, { allowDeleted: true });
  const where = DETAIL_FILTER;
  const params = [vote.id, body.playerId ?? null, body.valid ?? null, body.suspect ?? null];
  const rows = await database.query<DetailRow>(
    `SELECT b.id, p.public_id AS player_public, p.no, p.name, b.voter_key, b.ip, b.ip_area, b.valid, b.suspect, b.suspect_reason, b.created_at
     FROM vote_ballots b JOIN vote_players p ON p.id = b.player_id WHERE ${where} ORDER BY b.id DESC LIMIT $5 OFFSET $6`,
    [...params, body.pageSize, (body.page - 1) * body.pageSize],
  );
  const total = await countDetails.run(database.query, params);
  const list: TVotingDetail[] = rows.map((r) => ({
    detailId: String(r.id),
    playerId: r.player_public,
    playerNo: r.no,
    playerName: r.name,
    voter: maskVoter(r.voter_key),
    ip: r.ip,
    ipArea: r.ip_area,
    valid: r.valid,
    suspect: r.suspect,
    suspectReason: r.suspect_reason ? (SUSPECT_REASONS[r.suspect_reason] ?? r.suspect_reason) : null,
    createTime: new Date(r.created_at).toISOString(),
  }));
  return { list, total: total[0]!.n, page: body.page, pageSize: body.pageSize };
}

const setDetailValidSql = defineSql(
  'vote-detail.setDetailValid',
  { player_id: col.int, shard: col.int },
  'UPDATE vote_ballots SET valid = $3 WHERE id = $2 AND vote_id = $1 AND valid <> $3 RETURNING player_id, shard',
);
const setDetailValidSql2 = defineSql(
  'vote-detail.setDetailValid2',
  { public_id: col.text, valid: col.bool, votes: col.int },
  `SELECT p.public_id, b.valid, (SELECT coalesce(sum(n), 0)::int FROM vote_player_counts c WHERE c.player_id = p.id) AS votes
       FROM vote_ballots b JOIN vote_players p ON p.id = b.player_id WHERE b.id = $2 AND b.vote_id = $1`,
);

/**
 * getVotingDetailValid: void a vote (it leaves the player's count) or restore it (it returns). The flag flips with
 * one conditional UPDATE (a second click changes nothing), and the count moves in the shard the vote counted in,
 * so a shard never goes below zero. A voided vote does not give the voter's vote back.
 */
export async function setDetailValid(database: Database, user: AuthUser, body: { voteId: string; detailId: string; valid: boolean }) {
  return database.transaction(async (query) => {
    const { vote } = await accessVote(query, user, body.voteId);
    // Beside ballots, never beside a deletion of the player (whose count rows this may write).
    await holdVote(query, vote.id, 'shared');
    const flipped = await setDetailValidSql.run(query, [vote.id, body.detailId, body.valid]);
    if (flipped[0]) {
      const { player_id, shard } = flipped[0];
      await query(
        `INSERT INTO vote_player_counts AS c (vote_id, player_id, shard, n) VALUES ($1, $2, $3, $4) ON CONFLICT (player_id, shard) DO UPDATE SET n = c.n + $5`,
        [vote.id, player_id, shard, body.valid ? 1 : 0, body.valid ? 1 : -1],
      );
    }
    const rows = await setDetailValidSql2.run(query, [vote.id, body.detailId]);
    if (!rows[0]) throw notFound('投票记录不存在');
    return { detailId: body.detailId, valid: rows[0].valid, playerId: rows[0].public_id, votes: rows[0].votes };
  });
}
