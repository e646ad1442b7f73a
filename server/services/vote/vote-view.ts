import type { TVoteInfo } from '../../../schemas/api/vote';
import { votePhase, type TVotePhase } from '../../../schemas/vote/vote-lifecycle';
import type { VoteRow } from '../../db/rows';

/** The counts beside a vote row (`v` is vote_activities): approved players, valid votes (shards summed), visits. */
export const VOTE_COUNTS_SQL = `
  (SELECT count(*)::int FROM vote_players p WHERE p.vote_id = v.id AND p.review = 'approved') AS player_count,
  (SELECT coalesce(sum(c.n), 0)::int FROM vote_player_counts c WHERE c.vote_id = v.id) AS vote_count,
  (SELECT coalesce(sum(s.n), 0)::int FROM vote_visits s WHERE s.vote_id = v.id) AS visit_count`;

export type VoteWithCounts = VoteRow & { player_count: number; vote_count: number; visit_count: number };

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

export const phaseOf = (v: Pick<VoteRow, 'status' | 'start_at' | 'end_at'>, now: Date): TVotePhase =>
  votePhase({ status: v.status, startAt: v.start_at ? new Date(v.start_at) : null, endAt: v.end_at ? new Date(v.end_at) : null }, now);

export function voteInfo(v: VoteWithCounts, now: Date): TVoteInfo {
  return {
    voteId: v.public_id,
    title: v.title,
    coverImages: v.cover_images,
    description: v.description,
    startTime: iso(v.start_at),
    endTime: iso(v.end_at),
    status: v.status,
    phase: phaseOf(v, now),
    isTop: v.top_at !== null,
    inBin: v.deleted_at !== null,
    playerCount: Number(v.player_count),
    voteCount: Number(v.vote_count),
    visitCount: Number(v.visit_count),
    version: v.version,
    createTime: iso(v.created_at)!,
    updateTime: iso(v.updated_at)!,
    deleteTime: iso(v.deleted_at),
  };
}

export async function withCounts(query: (sql: string, params: unknown[]) => Promise<VoteWithCounts[]>, voteId: number): Promise<VoteWithCounts> {
  const rows = await query(`SELECT v.*, ${VOTE_COUNTS_SQL} FROM vote_activities v WHERE v.id = $1`, [voteId]);
  return rows[0]!;
}
