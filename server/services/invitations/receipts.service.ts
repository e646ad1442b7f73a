import {
  RECEIPT_MESSAGES,
  type TContactReceipt,
  type TContactSmsDetail,
  type TReceiptFilter,
  type TReceiptState,
  type TReceiptStatus,
} from '../../../schemas/api/receipts';
import type { TInvitationChannelName } from '../../../schemas/api/invitations';
import type { Query } from '../../db/client';
import type { ContactLinkRow } from '../../db/rows';
import { col, defineSql } from '../../db/sql';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { notFound } from '../errors';

/**
 * The project's receipts (issue 50 item 3; /SMSReceipt.html, /SMSReceiptRecord.html): one row per contact link that
 * got a message, with its last message's state (已退订 when the contact opted out of that channel since), whether the
 * link was opened and the sheet answered. Reading needs project power 1–3.
 */
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** Each invited link of a project with its last message; `state` folds queued/sending and opt-outs. */
export const RECEIPTS = `
  SELECT l.contact_id, l.opened_at, l.answered_at, c.name, last.address, last.channel, last.reason, last.sent_at,
         last.created_at, last.count,
         CASE WHEN (last.channel = 'email' AND c.email_opt_out_at IS NOT NULL) OR (last.channel = 'sms' AND c.sms_opt_out_at IS NOT NULL) THEN 'optedOut'
              WHEN last.state IN ('queued', 'sending') THEN 'sending' ELSE last.state END AS state
    FROM contact_links l
    JOIN contacts c ON c.id = l.contact_id
    JOIN LATERAL (SELECT m.address, m.channel, m.state, m.reason, m.sent_at, m.created_at, count(*) OVER () AS count
                    FROM invitation_messages m WHERE m.link_id = l.id ORDER BY m.id DESC LIMIT 1) last ON true
   WHERE l.project_id = $1`;

export const FILTERS: Record<Exclude<TReceiptFilter, 'all'>, string> = {
  sending: `r.state = 'sending'`,
  sent: `r.state = 'sent'`,
  delivered: `r.state = 'delivered'`,
  failed: `r.state = 'failed'`,
  refused: `r.state = 'refused'`,
  skipped: `r.state = 'skipped'`,
  optedOut: `r.state = 'optedOut'`,
  opened: `r.opened_at IS NOT NULL`,
  answered: `r.answered_at IS NOT NULL`,
  unanswered: `r.answered_at IS NULL`,
};

const pageSql = (filter: TReceiptFilter) =>
  defineSql(
    `receipts.page.${filter}`,
    {
      contactId: col.int,
      name: col.text,
      address: col.text,
      channel: col.text.as<TInvitationChannelName>(),
      state: col.text.as<TReceiptState>(),
      reason: col.text.orNull(),
      createdAt: col.timestamp,
      sentAt: col.timestamp.orNull(),
      openedAt: col.timestamp.orNull(),
      answeredAt: col.timestamp.orNull(),
      count: col.bigint,
      total: col.bigint,
    },
    `SELECT r.contact_id AS "contactId", r.name, r.address, r.channel, r.state, r.reason, r.created_at AS "createdAt",
            r.sent_at AS "sentAt", r.opened_at AS "openedAt", r.answered_at AS "answeredAt", r.count, count(*) OVER () AS total
       FROM (${RECEIPTS}) r
      WHERE ($2::text IS NULL OR r.channel = $2) AND ($3::text IS NULL OR r.name ILIKE $3 ESCAPE '\\' OR r.address ILIKE $3 ESCAPE '\\')
        ${filter === 'all' ? '' : `AND ${FILTERS[filter]}`}
      ORDER BY r.created_at DESC, r.contact_id DESC LIMIT $4 OFFSET $5`,
  );
const PAGE_SQL = Object.fromEntries((['all', ...Object.keys(FILTERS)] as TReceiptFilter[]).map((f) => [f, pageSql(f)])) as Record<
  TReceiptFilter,
  ReturnType<typeof pageSql>
>;

export const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ReceiptPageRequest {
  questionId: string;
  state: TReceiptFilter;
  channel?: TInvitationChannelName;
  keyword?: string;
  page: number;
  pageSize: number;
}

export async function receiptPage(query: Query, user: AuthUser | null, body: ReceiptPageRequest): Promise<{ list: TContactReceipt[]; total: number }> {
  const { project } = await accessProject(query, user, body.questionId, 'read');
  const keyword = body.keyword ? escapeLike(body.keyword) : null;
  const rows = await PAGE_SQL[body.state].run(query, [project.id, body.channel ?? null, keyword, body.pageSize, (body.page - 1) * body.pageSize]);
  return {
    total: Number(rows[0]?.total ?? 0),
    list: rows.map((r) => ({
      contactId: r.contactId,
      name: r.name,
      address: r.address,
      channel: r.channel,
      state: r.state,
      reason: r.reason,
      lastTime: new Date(r.createdAt).toISOString(),
      sentAt: iso(r.sentAt),
      openedAt: iso(r.openedAt),
      answeredAt: iso(r.answeredAt),
      messageCount: Number(r.count),
    })),
  };
}

const statusSql = defineSql(
  'receipts.status',
  {
    invited: col.bigint,
    sent: col.bigint,
    delivered: col.bigint,
    failed: col.bigint,
    optedOut: col.bigint,
    opened: col.bigint,
    answered: col.bigint,
  },
  `SELECT count(*) AS invited,
          count(*) FILTER (WHERE r.state IN ('sent', 'delivered')) AS sent,
          count(*) FILTER (WHERE r.state = 'delivered') AS delivered,
          count(*) FILTER (WHERE r.state IN ('failed', 'refused')) AS failed,
          count(*) FILTER (WHERE r.state = 'optedOut') AS "optedOut",
          count(*) FILTER (WHERE r.opened_at IS NOT NULL) AS opened,
          count(*) FILTER (WHERE r.answered_at IS NOT NULL) AS answered
     FROM (${RECEIPTS}) r`,
);

/** The cards: invited, sent (accepted by the provider, delivered included), delivered, failed, opted out, opened, answered. */
export async function receiptStatus(query: Query, user: AuthUser | null, questionId: string): Promise<TReceiptStatus> {
  const { project } = await accessProject(query, user, questionId, 'read');
  const [row] = await statusSql.run(query, [project.id]);
  const n = (v: number | string | undefined) => Number(v ?? 0);
  const counts = {
    invited: n(row?.invited),
    sent: n(row?.sent),
    delivered: n(row?.delivered),
    failed: n(row?.failed),
    optedOut: n(row?.optedOut),
    opened: n(row?.opened),
    answered: n(row?.answered),
  };
  return { ...counts, unanswered: counts.invited - counts.answered };
}

const detailSql = defineSql(
  'receipts.detail',
  {
    name: col.text,
    phone: col.text.orNull(),
    email: col.text.orNull(),
    emailOptOutAt: col.timestamp.orNull(),
    smsOptOutAt: col.timestamp.orNull(),
    linkId: col.int,
    openedAt: col.timestamp.orNull(),
    answeredAt: col.timestamp.orNull(),
  },
  `SELECT c.name, c.phone, c.email, c.email_opt_out_at AS "emailOptOutAt", c.sms_opt_out_at AS "smsOptOutAt", l.id AS "linkId",
          l.opened_at AS "openedAt", l.answered_at AS "answeredAt"
     FROM contact_links l JOIN contacts c ON c.id = l.contact_id WHERE l.project_id = $1 AND l.contact_id = $2`,
);
const messagesSql = defineSql(
  'receipts.messages',
  {
    id: col.bigint,
    invitationId: col.int,
    channel: col.text.as<TInvitationChannelName>(),
    address: col.text,
    subject: col.text.orNull(),
    content: col.text,
    state: col.text.as<TContactSmsDetail['messages'][number]['state']>(),
    reason: col.text.orNull(),
    attempts: col.int,
    createdAt: col.timestamp,
    sentAt: col.timestamp.orNull(),
    deliveredAt: col.timestamp.orNull(),
  },
  `SELECT m.id, m.invitation_id AS "invitationId", m.channel, m.address, i.subject, m.content, m.state, m.reason, m.attempts,
          m.created_at AS "createdAt", m.sent_at AS "sentAt", m.delivered_at AS "deliveredAt"
     FROM invitation_messages m JOIN invitations i ON i.id = m.invitation_id
    WHERE m.link_id = $1 ORDER BY m.id DESC LIMIT 200`,
);

/** /SMSReceiptRecord.html: one contact's messages for the project, newest first, with the link's progress. */
export async function contactSmsDetail(query: Query, user: AuthUser | null, questionId: string, contactId: number): Promise<TContactSmsDetail> {
  const { project } = await accessProject(query, user, questionId, 'read');
  const [link] = await detailSql.run(query, [project.id, contactId]);
  if (!link) throw notFound(RECEIPT_MESSAGES.contactMissing);
  const messages = await messagesSql.run(query, [link.linkId]);
  return {
    contact: {
      contactId,
      name: link.name,
      phone: link.phone,
      email: link.email,
      emailOptedOut: link.emailOptOutAt !== null,
      smsOptedOut: link.smsOptOutAt !== null,
    },
    openedAt: iso(link.openedAt),
    answeredAt: iso(link.answeredAt),
    messages: messages.map((m) => ({
      ...m,
      id: Number(m.id),
      createdAt: new Date(m.createdAt).toISOString(),
      sentAt: iso(m.sentAt),
      deliveredAt: iso(m.deliveredAt),
    })),
  };
}

/** The answering page opened a contact's own link: the first time is kept. Unknown tokens say so (nothing is created). */
export async function saveContactReceipt(query: Query, token: string, now: Date): Promise<{ opened: boolean }> {
  const rows = await query<Pick<ContactLinkRow, 'id'>>('UPDATE contact_links SET opened_at = COALESCE(opened_at, $2) WHERE token = $1 RETURNING id', [
    token,
    now,
  ]);
  if (!rows[0]) throw notFound(RECEIPT_MESSAGES.linkMissing);
  return { opened: true };
}
