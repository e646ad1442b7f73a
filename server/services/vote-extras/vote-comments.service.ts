import type { z } from 'zod';
import type { ZCommentListRequest, ZSaveCommentRequest } from '../../../schemas/api/vote-extras-models';
import type { TComment } from '../../../schemas/api/vote-extras';
import { sanitizePlainText } from '../../../schemas/rich-text/sanitize-project';
import type { Database, Query } from '../../db/client';
import { badInput, conflict, tooMany } from '../errors';
import { hitAll, type Limiter } from '../access/rate-limit.service';
import type { AuthUser } from '../access/sessions.service';
import { publicId } from '../crypto';
import { managedVote, playerOf, publicVote, rulesOf } from './vote-access';
import { col, defineSql } from '../../db/sql';

/** Per voter (login or device) and per address: enough for a person, not for a flood. */
const COMMENT_LIMITS = { perVoterMinute: 5, perVoterDay: 50, perIpHour: 200 };

interface CommentRow {
  public_id: string;
  nickname: string;
  content: string;
  status: TComment['status'];
  created_at: Date;
  player_public_id: string | null;
  player_name: string | null;
  total: string | number;
}

const view = (r: CommentRow): TComment => ({
  commentId: r.public_id,
  nickname: r.nickname,
  content: r.content,
  playerId: r.player_public_id,
  playerName: r.player_name,
  status: r.status,
  createTime: new Date(r.created_at).toISOString(),
});

/**
 * The comments of a vote. The public sees shown ones only (with moderation on, a comment is shown once the creator
 * approves it); `manage` is the creator's view of every comment and needs a power on the vote.
 */
export async function listComments(query: Query, user: AuthUser | null, body: z.output<typeof ZCommentListRequest>) {
  const vote = body.manage ? await managedVote(query, user, body.voteId, 'read') : await publicVote(query, body.voteId);
  const rules = rulesOf(vote);
  const player = body.playerId ? await playerOf(query, vote.id, body.playerId) : null;
  const statuses = body.manage ? (body.status ? [body.status] : ['pending', 'shown', 'hidden']) : ['shown'];
  if (!body.manage && !rules.comments) return { list: [], total: 0, moderation: rules.commentReview, open: false };
  const rows = await query<CommentRow>(
    `SELECT c.public_id, c.nickname, c.content, c.status, c.created_at, p.public_id AS player_public_id, p.name AS player_name, count(*) OVER () AS total
     FROM vote_comments c LEFT JOIN vote_players p ON p.id = c.player_id
     WHERE c.vote_id = $1 AND c.status = ANY($2::text[]) AND ($3::int IS NULL OR c.player_id = $3)
     ORDER BY c.id DESC LIMIT $4 OFFSET $5`,
    [vote.id, statuses, player?.id ?? null, body.pageSize, (body.page - 1) * body.pageSize],
  );
  return { list: rows.map(view), total: Number(rows[0]?.total ?? 0), moderation: rules.commentReview, open: rules.comments };
}

const saveCommentSql = defineSql(
  'vote-comments.saveComment',
  { public_id: col.text },
  `INSERT INTO vote_comments (public_id, vote_id, player_id, user_id, device_id, nickname, content, status, ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING public_id`,
);

/**
 * A voter posts a comment from the voting page. Refused when comments are off; pending when moderation is on.
 * Rate-limited per voter and per address in one transaction of conditional upserts (reliability rule 13).
 */
export async function saveComment(
  deps: Limiter & { database: Database },
  user: AuthUser | null,
  body: z.output<typeof ZSaveCommentRequest>,
  ip: string,
): Promise<{ commentId: string; status: TComment['status'] }> {
  const { query } = deps.database;
  const vote = await publicVote(query, body.voteId);
  const rules = rulesOf(vote);
  if (!rules.comments) throw conflict('主办方未开启评论');
  const content = sanitizePlainText(body.content).trim();
  if (!content) throw badInput('请输入评论内容', 'content');
  const player = body.playerId ? await playerOf(query, vote.id, body.playerId) : null;
  const voter = user ? `u${user.id}` : `d${body.deviceId}`;
  const refused = await hitAll(deps, [
    { key: `vote-comment:${vote.id}:${voter}:m`, limit: COMMENT_LIMITS.perVoterMinute, windowSeconds: 60 },
    { key: `vote-comment:${vote.id}:${voter}:d`, limit: COMMENT_LIMITS.perVoterDay, windowSeconds: 86_400 },
    { key: `vote-comment:ip:${ip}`, limit: COMMENT_LIMITS.perIpHour, windowSeconds: 3_600 },
  ]);
  if (refused) throw tooMany(refused.windowSeconds === 60 ? '评论太频繁，请稍后再试' : '今日评论次数已达上限，请明天再来');
  const nickname = sanitizePlainText(body.nickname ?? '').trim() || (user ? user.username || '投票用户' : '匿名用户');
  const status: TComment['status'] = rules.commentReview ? 'pending' : 'shown';
  const [row] = await saveCommentSql.run(query, [
    publicId(),
    vote.id,
    player?.id ?? null,
    user?.id ?? null,
    body.deviceId,
    nickname.slice(0, 20),
    content,
    status,
    ip,
  ]);
  return { commentId: row!.public_id, status };
}

/** Approve (show) or hide comments; power 1 or 2. */
export async function showComments(query: Query, user: AuthUser | null, voteId: string, commentIds: string[], show: boolean) {
  const vote = await managedVote(query, user, voteId, 'edit');
  const rows = await query('UPDATE vote_comments SET status = $3 WHERE vote_id = $1 AND public_id = ANY($2::text[]) RETURNING id', [
    vote.id,
    commentIds,
    show ? 'shown' : 'hidden',
  ]);
  return { updated: rows.length };
}

/** Delete comments for good; power 1 or 2 (a comment is the voter's, the bin keeps only activities). */
export async function deleteComments(query: Query, user: AuthUser | null, voteId: string, commentIds: string[]) {
  const vote = await managedVote(query, user, voteId, 'edit');
  const rows = await query('DELETE FROM vote_comments WHERE vote_id = $1 AND public_id = ANY($2::text[]) RETURNING id', [vote.id, commentIds]);
  return { deleted: rows.length };
}
