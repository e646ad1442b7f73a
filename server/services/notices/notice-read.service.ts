import { NOTICE_MESSAGES, type TMyNotices, type TNoticeList } from '../../../schemas/api/notice';
import type { Query } from '../../db/client';
import type { AppointmentBookingRow, ChainSettingsRow, NoticeRow, ProjectRow } from '../../db/rows';
import type { Deps } from '../deps';
import { identityOfToken } from '../wechat/web-auth.service';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { sha256 } from '../crypto';
import { badInput, notFound } from '../errors';

/** `u:<user id>` when logged in, else `d:<device key>` (as the chain names its participants), or none. */
export const noticeParticipant = (user: AuthUser | null, deviceId: string | undefined): string | null =>
  user ? `u:${user.id}` : deviceId ? `d:${deviceId}` : null;

interface Caller {
  questionId: string;
  deviceId?: string;
  wechatToken?: string;
  bookingToken?: string;
}

/**
 * A booking's private page (its token) is the booking's participant — the login it was booked with, else
 * `b:<booking>` — when the booking is of this project (else "404", telling nothing).
 */
async function bookingParticipant(query: Query, projectId: number, bookingToken: string): Promise<string> {
  const [booking] = await query<Pick<AppointmentBookingRow, 'public_id' | 'user_id'>>(
    'SELECT public_id, user_id FROM appointment_bookings WHERE token_hash = $1 AND project_id = $2',
    [sha256(bookingToken), projectId],
  );
  if (!booking) throw notFound(NOTICE_MESSAGES.badBooking);
  return booking.user_id ? `u:${booking.user_id}` : `b:${booking.public_id}`;
}

/**
 * The participant as the project knows them: a booking's by its token; on a 仅限微信授权参与 chain `w:<openid>` of
 * its account (the token checked: a forged, expired or other account's token is refused); else login or device key.
 */
async function participantIn(deps: Deps, projectId: number, user: AuthUser | null, body: Caller): Promise<string | null> {
  if (body.bookingToken) return bookingParticipant(deps.database.query, projectId, body.bookingToken);
  const [chain] = await deps.database.query<Pick<ChainSettingsRow, 'wechat_appid'>>('SELECT wechat_appid FROM chain_settings WHERE project_id = $1', [
    projectId,
  ]);
  if (!chain?.wechat_appid) return noticeParticipant(user, body.deviceId);
  return body.wechatToken ? `w:${identityOfToken(deps, chain.wechat_appid, body.wechatToken)}` : null;
}

/** A live project by its link (any kind: a participant's page of a chain, group-buy, booking…), or "404". */
async function projectByLink(query: Query, questionId: string): Promise<number> {
  const rows = await query<Pick<ProjectRow, 'id'>>('SELECT id FROM projects WHERE public_id = $1 AND deleted_at IS NULL AND NOT is_template', [questionId]);
  if (!rows[0]) throw notFound();
  return rows[0].id;
}

const isOff = async (query: Query, projectId: number, participant: string) =>
  (await query('SELECT 1 FROM notice_optouts WHERE project_id = $1 AND participant = $2', [projectId, participant])).length > 0;

/**
 * The participant's page at a visit: its pending page notices, marked shown by the same statement that reads them
 * (ONE UPDATE … RETURNING, so two tabs opening at once show each notice once), and whether notices are off.
 */
export async function myNotices(deps: Deps, user: AuthUser | null, body: Caller): Promise<TMyNotices> {
  const { query } = deps.database;
  const now = deps.now();
  const projectId = await projectByLink(query, body.questionId);
  // A stale WeChat token on a page's visit reads nothing (the page authorises again when it acts); a booking
  // token of another project is "404".
  const participant = body.bookingToken ? await participantIn(deps, projectId, user, body) : await participantIn(deps, projectId, user, body).catch(() => null);
  if (!participant) return { off: false, notices: [] };
  const shown = await query<NoticeRow>(
    `UPDATE notices SET outcome = 'shown', updated_at = $3
     WHERE project_id = $1 AND participant = $2 AND channel = 'page' AND outcome = 'pending' RETURNING *`,
    [projectId, participant, now],
  );
  return {
    off: await isOff(query, projectId, participant),
    notices: shown.sort((a, b) => a.id - b.id).map((n) => ({ noticeId: n.id, kind: n.kind, text: n.text, createTime: n.created_at.toISOString() })),
  };
}

/** The participant's switch: off records them in notice_optouts (later notices are recorded `opted_out`), on removes them. */
export async function setNoticeOff(deps: Deps, user: AuthUser | null, body: Caller & { off: boolean }) {
  const { query } = deps.database;
  const now = deps.now();
  const projectId = await projectByLink(query, body.questionId);
  const participant = await participantIn(deps, projectId, user, body);
  if (!participant) throw badInput(NOTICE_MESSAGES.noParticipant, 'deviceId');
  if (body.off)
    await query('INSERT INTO notice_optouts (project_id, participant, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [projectId, participant, now]);
  else await query('DELETE FROM notice_optouts WHERE project_id = $1 AND participant = $2', [projectId, participant]);
  return { off: body.off };
}

const maskPhone = (phone: string) => (phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone);
const LIST_LIMIT = 500;

/** The organiser's record: the project's latest notices, newest first, each with its channel and outcome. */
export async function noticeList(query: Query, user: AuthUser | null, questionId: string): Promise<TNoticeList> {
  const { project } = await accessProject(query, user, questionId, 'read');
  const rows = await query<NoticeRow>('SELECT * FROM notices WHERE project_id = $1 ORDER BY id DESC LIMIT $2', [project.id, LIST_LIMIT]);
  return {
    notices: rows.map((n) => ({
      noticeId: n.id,
      kind: n.kind,
      recipientName: n.recipient_name,
      phone: maskPhone(n.phone),
      channel: n.channel,
      outcome: n.outcome,
      errcode: n.errcode,
      text: n.text,
      createTime: n.created_at.toISOString(),
      updateTime: n.updated_at.toISOString(),
    })),
  };
}
