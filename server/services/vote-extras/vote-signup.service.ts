import type { z } from 'zod';
import type { ZSaveSignUpRequest, ZSignUpConfig } from '../../../schemas/api/vote-extras-models';
import { sanitizePlainText } from '../../../schemas/rich-text/sanitize-project';
import { isMobile, normalizePhone } from '../../../schemas/phone';
import type { Database, Query } from '../../db/client';
import { badInput, conflict, notFound, tooMany } from '../errors';
import { hitAll, type Limiter } from '../access/rate-limit.service';
import type { AuthUser } from '../access/sessions.service';
import { publicId } from '../crypto';
import { publicVote, rulesOf, type VoteRef } from './vote-access';
import { col, defineSql } from '../../db/sql';

/**
 * Players signed up by the public (activity/vote/getWxAppletVoteSignUp, saveOrUpdateSignUp, delSignUp). A sign-up
 * is a vote_players row with review 'pending' (or 'approved' when the creator turned review off), numbered in
 * turn like any player; vote_sign_ups remembers the signer (login or device) so they can see, edit or withdraw it
 * while it waits. The creator approves or rejects with core's activity/player/getPlayerVerify.
 */
export const SIGNUP_LIMITS = { perSignerDay: 3, perIpHour: 20, pendingPerVote: 500 };
type TStatus = 'pending' | 'approved' | 'rejected';

const signer = (user: AuthUser | null, deviceId: string | undefined) =>
  user ? { user: user.id, device: deviceId ?? '' } : { user: null, device: deviceId ?? '' };

const closedReasonSql = defineSql(
  'vote-signup.closedReason',
  { status: col.text, end_at: col.timestamp.orNull() },
  'SELECT status, end_at FROM vote_activities WHERE id = $1',
);

/** Why a sign-up cannot be made now, or null. */
async function closedReason(query: Query, vote: VoteRef, now: Date): Promise<string | null> {
  if (!rulesOf(vote).signUp) return '主办方未开放选手报名';
  const [row] = await closedReasonSql.run(query, [vote.id]);
  if (row?.status === 'ended' || (row?.end_at && new Date(row.end_at) <= now)) return '投票活动已结束，报名已关闭';
  if (row?.status === 'suspended') return '投票活动已暂停，暂不能报名';
  return null;
}

interface MineRow {
  public_id: string;
  name: string;
  review: TStatus;
  photo: string;
  created_at: Date;
}

async function mine(query: Query, voteId: number, who: ReturnType<typeof signer>) {
  if (!who.user && !who.device) return [];
  const rows = await query<MineRow>(
    `SELECT s.public_id, p.name, p.review, p.photo, s.created_at FROM vote_sign_ups s JOIN vote_players p ON p.id = s.player_id
     WHERE s.vote_id = $1 AND (s.user_id = $2 OR ($2::int IS NULL AND s.device_id = $3 AND s.device_id <> '')) ORDER BY s.id DESC LIMIT 20`,
    [voteId, who.user, who.device],
  );
  return rows.map((r) => ({ signUpId: r.public_id, name: r.name, status: r.review, createTime: new Date(r.created_at).toISOString(), image: r.photo || null }));
}

const signUpConfigSql = defineSql(
  'vote-signup.signUpConfig',
  { id: col.int, name: col.text },
  'SELECT id, name FROM vote_player_types WHERE vote_id = $1 ORDER BY sort, id',
);

export async function signUpConfig(
  query: Query,
  user: AuthUser | null,
  voteId: string,
  deviceId: string | undefined,
  now: Date,
): Promise<z.input<typeof ZSignUpConfig>> {
  const vote = await publicVote(query, voteId);
  const reason = await closedReason(query, vote, now);
  const types = await signUpConfigSql.run(query, [vote.id]);
  return {
    voteId: vote.public_id,
    title: vote.title,
    open: reason === null,
    closedReason: reason,
    review: rulesOf(vote).signUpReview,
    playerTypes: types.map((t) => ({ typeId: t.id, name: t.name })),
    mine: await mine(query, vote.id, signer(user, deviceId)),
  };
}

/**
 * Sign up (or edit one's own sign-up while it waits). Rate limits per signer and per address are taken first, in
 * one transaction of conditional upserts; the player's number comes from the vote's counter (one UPDATE … RETURNING).
 */
export async function saveSignUp(
  deps: Limiter & { database: Database; now: () => Date },
  user: AuthUser | null,
  body: z.output<typeof ZSaveSignUpRequest>,
  ip: string,
) {
  const name = sanitizePlainText(body.name).trim();
  if (!name) throw badInput('请填写选手名称', 'name');
  const phone = body.phone ? normalizePhone(body.phone) : null;
  if (phone && !isMobile(phone)) throw badInput('请输入正确的手机号', 'phone');
  const description = sanitizePlainText(body.description ?? '');
  const who = signer(user, body.deviceId);
  const { query } = deps.database;
  const vote = await publicVote(query, body.voteId);
  const reason = await closedReason(query, vote, deps.now());
  if (reason) throw conflict(reason);
  if (body.typeId && !(await query('SELECT 1 FROM vote_player_types WHERE id = $1 AND vote_id = $2', [body.typeId, vote.id])).length) {
    throw badInput('分组不存在，请重新选择', 'typeId');
  }
  if (body.signUpId) return editSignUp(deps.database, vote, who, body.signUpId, { name, description, typeId: body.typeId ?? null, photo: body.image ?? '' });
  const key = who.user ? `u${who.user}` : `d${who.device}`;
  const refused = await hitAll(deps, [
    { key: `vote-signup:${vote.id}:${key}`, limit: SIGNUP_LIMITS.perSignerDay, windowSeconds: 86_400 },
    { key: `vote-signup:ip:${ip}`, limit: SIGNUP_LIMITS.perIpHour, windowSeconds: 3_600 },
  ]);
  if (refused) throw tooMany(refused.windowSeconds === 86_400 ? `每人每天最多报名${SIGNUP_LIMITS.perSignerDay}次` : '报名太频繁，请稍后再试');
  const review: TStatus = rulesOf(vote).signUpReview ? 'pending' : 'approved';
  return deps.database.transaction(async (tx) => {
    const [seq] = await tx<{ player_seq: number }>(
      `UPDATE vote_activities SET player_seq = player_seq + 1 WHERE id = $1 AND deleted_at IS NULL
         AND (SELECT count(*) FROM vote_players WHERE vote_id = $1 AND review = 'pending') < $2 RETURNING player_seq`,
      [vote.id, SIGNUP_LIMITS.pendingPerVote],
    );
    if (!seq) throw conflict('待审核的报名过多，请等待主办方审核后再报名');
    const [player] = await tx<{ id: number }>(
      `INSERT INTO vote_players (public_id, vote_id, type_id, no, name, photo, description, review) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [publicId(), vote.id, body.typeId ?? null, seq.player_seq, name.slice(0, 50), body.image ?? '', description, review],
    );
    const [row] = await tx<{ public_id: string }>(
      'INSERT INTO vote_sign_ups (public_id, vote_id, player_id, user_id, device_id, phone, ip) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING public_id',
      [publicId(), vote.id, player!.id, who.user, who.device, phone, ip],
    );
    return { signUpId: row!.public_id, status: review };
  });
}

const OWN = `s.public_id = $2 AND s.vote_id = $1 AND (s.user_id = $3 OR ($3::int IS NULL AND s.device_id = $4 AND s.device_id <> ''))`;

const editSignUpSql = defineSql(
  'vote-signup.editSignUp',
  { review: col.text.as<TStatus>() },
  `UPDATE vote_players p SET name = $5, description = $6, type_id = $7, photo = $8, updated_at = now()
     FROM vote_sign_ups s WHERE s.player_id = p.id AND p.review = 'pending' AND ${OWN} RETURNING p.review`,
);

async function editSignUp(
  database: Database,
  vote: VoteRef,
  who: ReturnType<typeof signer>,
  signUpId: string,
  fields: { name: string; description: string; typeId: number | null; photo: string },
) {
  const rows = await editSignUpSql.run(database.query, [
    vote.id,
    signUpId,
    who.user,
    who.device,
    fields.name.slice(0, 50),
    fields.description,
    fields.typeId,
    fields.photo,
  ]);
  if (!rows[0]) throw notFound('报名不存在，或已审核不能修改');
  return { signUpId, status: rows[0].review };
}

/** Withdraw one's own sign-up while it waits for review (an approved player is the creator's to remove). */
export async function deleteSignUp(database: Database, user: AuthUser | null, body: { voteId: string; signUpId: string; deviceId?: string }) {
  const vote = await publicVote(database.query, body.voteId);
  const who = signer(user, body.deviceId);
  const rows = await database.query(
    `DELETE FROM vote_players p USING vote_sign_ups s WHERE s.player_id = p.id AND p.review IN ('pending', 'rejected') AND ${OWN} RETURNING p.id`,
    [vote.id, body.signUpId, who.user, who.device],
  );
  if (!rows.length) throw notFound('报名不存在，或已通过审核不能撤回');
  return { signUpId: body.signUpId };
}
