import type { TAddInvitationRequest, TAddInvitationResult } from '../../../schemas/api/invitations';
import { SMS_MESSAGES } from '../../../schemas/api/sms';
import type { Query } from '../../db/client';
import type { ContactRow, InvitationRow } from '../../db/rows';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { randomToken } from '../crypto';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { checkContent, contactLink, LINK_TOKEN_BYTES, messageText, recipientsOf, sendTime, skipReason, smsUnits } from './invitation-plan';
import { chosenSign } from './sms-sign.service';

/**
 * A send (activity/message/contact/addSmsDetail, issue 50 item 2): the caller's own contacts of the groups and the
 * selection each get their own link (contact_links, made or reused) and one message row; opted-out contacts and
 * those without the channel's address are skipped with the reason; an SMS takes the user's counts exactly (the
 * quota strategy), and the ones the counts do not cover are refused before anything is sent. The job runner
 * (server/jobs/invitation-runner.ts) sends the queued messages when they are due.
 */
export interface SendPlace {
  origin: string;
  brand: string;
}

interface SendInput extends Omit<TAddInvitationRequest, 'questionId'> {
  projectId: number;
  questionId: string;
  resendOf: number | null;
}

const noSign = () => new AppError('400', SMS_MESSAGES.noSign, { reason: 'noSign', page: '/smsSign/index.html' });

export async function addInvitation(deps: Deps, user: AuthUser | null, body: TAddInvitationRequest, place: SendPlace): Promise<TAddInvitationResult> {
  const { project } = await accessProject(deps.database.query, user, body.questionId, 'edit');
  const contacts = await recipientsOf(deps.database.query, user!.id, body.groupIds, body.contactIds);
  return sendTo(deps, user!, { ...body, projectId: project.id, questionId: project.public_id, resendOf: null }, contacts, place);
}

/** Check, then store the send, its links and its messages in one transaction. */
export async function sendTo(deps: Deps, user: AuthUser, input: SendInput, contacts: ContactRow[], place: SendPlace): Promise<TAddInvitationResult> {
  const now = deps.now();
  const at = sendTime(input.sendAt, now);
  const sign = input.channel === 'sms' ? await chosenSign(deps.database.query, user.id) : null;
  if (input.channel === 'sms' && !sign) throw noSign();
  const longest = contacts.reduce((a, c) => (c.name.length > a.length ? c.name : a), '');
  checkContent(input, sign?.name ?? null, place.origin, input.questionId, longest);
  const taker = input.channel === 'sms' ? await deps.smsQuota.prepare(deps.database.query, user.id) : null;
  return deps.database.transaction(async (q) => {
    const [invitation] = await q<InvitationRow>(
      `INSERT INTO invitations (project_id, user_id, channel, subject, body, sign_name, one_sheet, resend_of, scheduled_at, created_at, origin, brand)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING *`,
      [
        input.projectId,
        user.id,
        input.channel,
        input.subject ?? null,
        input.content,
        sign?.name ?? null,
        input.oneSheet,
        input.resendOf,
        at,
        now,
        place.origin,
        place.brand,
      ],
    );
    const links = await linksFor(q, input.projectId, contacts, input.oneSheet);
    const rows = [];
    let queued = 0;
    let refused = 0;
    let skipped = 0;
    for (const c of contacts) {
      const link = links.get(c.id)!;
      const content = messageText(input.channel, input.content, sign?.name ?? null, {
        name: c.name,
        link: contactLink(place.origin, input.questionId, link.token),
      });
      let state: 'queued' | 'refused' | 'skipped' = 'queued';
      let reason = skipReason(input.channel, c);
      if (reason) state = 'skipped';
      else if (taker && !(await taker.take(q, smsUnits(content), now))) [state, reason] = ['refused', SMS_MESSAGES.refusedQuota];
      if (state === 'queued') queued++;
      else if (state === 'refused') refused++;
      else skipped++;
      rows.push({ link: link.id, contact: c.id, address: (input.channel === 'sms' ? c.phone : c.email) ?? '', name: c.name, content, state, reason });
    }
    await q(
      `INSERT INTO invitation_messages (invitation_id, link_id, contact_id, channel, address, name, content, state, reason, next_attempt_at, created_at)
       SELECT $1, l, c, $2, a, n, t, s, r, $3, $4
       FROM unnest($5::int[], $6::int[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[]) AS m(l, c, a, n, t, s, r)`,
      [
        invitation!.id,
        input.channel,
        at,
        now,
        rows.map((r) => r.link),
        rows.map((r) => r.contact),
        rows.map((r) => r.address),
        rows.map((r) => r.name),
        rows.map((r) => r.content),
        rows.map((r) => r.state),
        rows.map((r) => r.reason),
      ],
    );
    await q(
      `UPDATE invitations SET total = $2, refused = $3, state = CASE WHEN $4::int = 0 THEN 'done' ELSE state END,
              finished_at = CASE WHEN $4::int = 0 THEN $5::timestamptz END WHERE id = $1`,
      [invitation!.id, rows.length, refused, queued, now],
    );
    return { invitationId: invitation!.id, queued, refused, skipped };
  });
}

/** Each contact's link to the project: made with a random token, or the one they already have (a resend reuses it). */
async function linksFor(q: Query, projectId: number, contacts: ContactRow[], oneSheet: boolean): Promise<Map<number, { id: number; token: string }>> {
  const rows = await q<{ id: number; contact_id: number; token: string }>(
    `INSERT INTO contact_links (project_id, contact_id, token, one_sheet)
     SELECT $1, c, t, $4 FROM unnest($2::int[], $3::text[]) AS l(c, t)
     ON CONFLICT (project_id, contact_id) DO UPDATE SET one_sheet = EXCLUDED.one_sheet
     RETURNING id, contact_id, token`,
    [projectId, contacts.map((c) => c.id), contacts.map(() => randomToken(LINK_TOKEN_BYTES)), oneSheet],
  );
  return new Map(rows.map((r) => [r.contact_id, { id: r.id, token: r.token }]));
}
