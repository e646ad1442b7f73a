import type { TAddInvitationResult } from '../../../schemas/api/invitations';
import { SMS_MESSAGES, type TInvitationMessage, type TInvitationSummary } from '../../../schemas/api/sms';
import type { Database, Query } from '../../db/client';
import type { ContactRow, InvitationMessageRow, InvitationRow } from '../../db/rows';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { col, defineSql } from '../../db/sql';
import type { Deps } from '../deps';
import { badInput, conflict, notFound } from '../errors';
import { smsUnits } from './invitation-plan';
import { sendTo, type SendPlace } from './invitation-send.service';
import { refundSms } from './sms-quota';

/**
 * A user's sends and their messages (/sms/sendSmsRecord.html, /sms/recordDetail.html): the list with totals by
 * state, one send's messages with their link's opened/answered times, cancelling a scheduled send (its counts come
 * back) or deleting a finished record, and resending to the contacts who have not answered.
 */
type SummaryRow = InvitationRow & { public_id: string; title: string; counts: Record<string, number> | null; answered: number };

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

const SUMMARY_SELECT = `SELECT i.*, p.public_id, p.title,
   (SELECT jsonb_object_agg(state, n) FROM (SELECT state, count(*)::int AS n FROM invitation_messages WHERE invitation_id = i.id GROUP BY state) s) AS counts,
   (SELECT count(*)::int FROM invitation_messages m JOIN contact_links l ON l.id = m.link_id WHERE m.invitation_id = i.id AND l.answered_at IS NOT NULL) AS answered
   FROM invitations i JOIN projects p ON p.id = i.project_id`;

const countInvitationsSql = defineSql(
  'invitation-records.countInvitations',
  { n: col.int },
  'SELECT count(*)::int AS n FROM invitations i WHERE i.user_id = $1 AND ($2::text IS NULL OR i.channel = $2)',
);
const countMessagesSql = defineSql(
  'invitation-records.countMessages',
  { n: col.int },
  'SELECT count(*)::int AS n FROM invitation_messages m WHERE m.invitation_id = $1 AND ($2::text IS NULL OR m.state = $2)',
);

function summaryView(r: SummaryRow): TInvitationSummary {
  return {
    invitationId: r.id,
    questionId: r.public_id,
    title: r.title,
    channel: r.channel,
    state: r.state,
    content: r.body,
    signName: r.sign_name,
    scheduledAt: iso(r.scheduled_at)!,
    createTime: iso(r.created_at)!,
    resendOf: r.resend_of,
    total: r.total,
    counts: r.counts ?? {},
    answered: r.answered,
    unanswered: Math.max(0, r.total - r.answered - (r.counts?.skipped ?? 0) - (r.counts?.refused ?? 0)),
  };
}

export async function invitationPage(query: Query, user: AuthUser, body: { channel?: 'sms' | 'email'; page: number; pageSize: number }) {
  const where = 'WHERE i.user_id = $1 AND ($2::text IS NULL OR i.channel = $2)';
  const [count] = await countInvitationsSql.run(query, [user.id, body.channel ?? null]);
  const rows = await query<SummaryRow>(`${SUMMARY_SELECT} ${where} ORDER BY i.id DESC LIMIT $3 OFFSET $4`, [
    user.id,
    body.channel ?? null,
    body.pageSize,
    (body.page - 1) * body.pageSize,
  ]);
  return { list: rows.map(summaryView), total: count!.n };
}

async function ownSummary(query: Query, user: AuthUser, invitationId: number): Promise<SummaryRow> {
  const [row] = await query<SummaryRow>(`${SUMMARY_SELECT} WHERE i.id = $1 AND i.user_id = $2`, [invitationId, user.id]);
  if (!row) throw notFound(SMS_MESSAGES.notFound);
  return row;
}

type MessageRow = InvitationMessageRow & { opened_at: Date | null; answered_at: Date | null };

export async function invitationDetail(query: Query, user: AuthUser, body: { invitationId: number; state?: string; page: number; pageSize: number }) {
  const invitation = summaryView(await ownSummary(query, user, body.invitationId));
  const where = 'WHERE m.invitation_id = $1 AND ($2::text IS NULL OR m.state = $2)';
  const [count] = await countMessagesSql.run(query, [body.invitationId, body.state ?? null]);
  const rows = await query<MessageRow>(
    `SELECT m.*, l.opened_at, l.answered_at FROM invitation_messages m JOIN contact_links l ON l.id = m.link_id ${where} ORDER BY m.id LIMIT $3 OFFSET $4`,
    [body.invitationId, body.state ?? null, body.pageSize, (body.page - 1) * body.pageSize],
  );
  const list: TInvitationMessage[] = rows.map((r) => ({
    messageId: Number(r.id),
    contactId: r.contact_id,
    name: r.name,
    address: r.address,
    content: r.content,
    state: r.state,
    reason: r.reason,
    attempts: r.attempts,
    sentAt: iso(r.sent_at),
    deliveredAt: iso(r.delivered_at),
    openedAt: iso(r.opened_at),
    answeredAt: iso(r.answered_at),
  }));
  return { invitation, list, total: count!.n };
}

/** Cancel a send not yet sent (its queued SMS counts come back) or delete a finished record. */
export async function deleteInvitation(database: Database, user: AuthUser, invitationId: number, now: Date): Promise<null> {
  return database.transaction(async (q) => {
    const [row] = await q<InvitationRow>('SELECT * FROM invitations WHERE id = $1 AND user_id = $2 FOR UPDATE', [invitationId, user.id]);
    if (!row) throw notFound(SMS_MESSAGES.notFound);
    if (row.state === 'done' || row.state === 'cancelled') {
      await q('DELETE FROM invitations WHERE id = $1', [invitationId]);
      return null;
    }
    if (row.state === 'sending') throw conflict(SMS_MESSAGES.sending);
    const cancelled = await q<Pick<InvitationMessageRow, 'content' | 'channel'>>(
      `UPDATE invitation_messages SET state = 'skipped', reason = '已取消' WHERE invitation_id = $1 AND state = 'queued' RETURNING content, channel`,
      [invitationId],
    );
    await q(`UPDATE invitations SET state = 'cancelled', finished_at = $2 WHERE id = $1`, [invitationId, now]);
    const units = cancelled.filter((m) => m.channel === 'sms').reduce((sum, m) => sum + smsUnits(m.content), 0);
    await refundSms(q, user.id, units, now);
    return null;
  });
}

/** The send's contacts (still in the book) who were sent to and have not answered through their link. */
async function unansweredOf(query: Query, invitationId: number) {
  return query<ContactRow & { opened_at: Date | null }>(
    `SELECT DISTINCT ON (c.id) c.*, l.opened_at FROM invitation_messages m
     JOIN contact_links l ON l.id = m.link_id JOIN contacts c ON c.id = m.contact_id
     WHERE m.invitation_id = $1 AND m.state IN ('sent', 'delivered', 'failed') AND l.answered_at IS NULL ORDER BY c.id`,
    [invitationId],
  );
}

export async function unansweredPage(query: Query, user: AuthUser, body: { invitationId: number; page: number; pageSize: number }) {
  const invitation = await ownSummary(query, user, body.invitationId);
  const rows = await unansweredOf(query, invitation.id);
  const start = (body.page - 1) * body.pageSize;
  const list = rows.slice(start, start + body.pageSize).map((c) => ({
    contactId: c.id,
    name: c.name,
    address: (invitation.channel === 'sms' ? c.phone : c.email) ?? '',
    openedAt: iso(c.opened_at),
  }));
  return { list, total: rows.length };
}

/** Send again to the unanswered: a new send (resend_of) reusing their links. */
export async function resendUnanswered(
  deps: Deps,
  user: AuthUser,
  body: { invitationId: number; content?: string; sendAt?: string },
  place: SendPlace,
): Promise<TAddInvitationResult> {
  const invitation = await ownSummary(deps.database.query, user, body.invitationId);
  await accessProject(deps.database.query, user, invitation.public_id, 'edit');
  const contacts = await unansweredOf(deps.database.query, invitation.id);
  if (!contacts.length) throw badInput(SMS_MESSAGES.noneUnanswered);
  const input = {
    projectId: invitation.project_id,
    questionId: invitation.public_id,
    channel: invitation.channel,
    subject: invitation.subject ?? undefined,
    content: body.content ?? invitation.body,
    sendAt: body.sendAt,
    oneSheet: invitation.one_sheet,
    groupIds: [],
    contactIds: contacts.map((c) => c.id),
    resendOf: invitation.id,
  };
  return sendTo(deps, user, input, contacts, place);
}
