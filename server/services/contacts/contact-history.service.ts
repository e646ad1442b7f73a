import { CONTACT_HISTORY_LIMIT, type TContactHistory, type TContactHistoryItem } from '../../../schemas/api/contacts';
import type { Query } from '../../db/client';
import { col, defineSql } from '../../db/sql';
import { oneContact } from './contacts.service';

/**
 * 记录 (activity/contact/getContactHistory, issue 50): every invitation message the caller sent to one of their own
 * contacts, across their projects, newest first, with the contact's link to each project (opened, answered).
 * Another user's contact answers "404" (oneContact) before anything is read.
 */
const historySql = defineSql(
  'contacts.history',
  {
    messageId: col.bigint,
    questionId: col.text,
    projectTitle: col.text,
    channel: col.text.as<TContactHistoryItem['channel']>(),
    address: col.text,
    state: col.text.as<TContactHistoryItem['state']>(),
    reason: col.text.orNull(),
    createdAt: col.timestamp,
    sentAt: col.timestamp.orNull(),
    openedAt: col.timestamp.orNull(),
    answeredAt: col.timestamp.orNull(),
    total: col.bigint,
  },
  `SELECT m.id AS "messageId", p.public_id AS "questionId", p.title AS "projectTitle", m.channel, m.address, m.state, m.reason,
          m.created_at AS "createdAt", m.sent_at AS "sentAt", l.opened_at AS "openedAt", l.answered_at AS "answeredAt",
          count(*) OVER () AS total
     FROM invitation_messages m
     JOIN contact_links l ON l.id = m.link_id
     JOIN invitations i ON i.id = m.invitation_id
     JOIN projects p ON p.id = i.project_id
    WHERE l.contact_id = $1 AND i.user_id = $2
    ORDER BY m.id DESC LIMIT $3`,
);

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export async function contactHistory(query: Query, userId: number, contactId: number): Promise<TContactHistory> {
  const contact = await oneContact(query, userId, contactId);
  const rows = await historySql.run(query, [contactId, userId, CONTACT_HISTORY_LIMIT]);
  return {
    contact,
    total: Number(rows[0]?.total ?? 0),
    list: rows.map(({ total: _total, ...r }) => ({
      ...r,
      messageId: Number(r.messageId),
      createdAt: new Date(r.createdAt).toISOString(),
      sentAt: iso(r.sentAt),
      openedAt: iso(r.openedAt),
      answeredAt: iso(r.answeredAt),
    })),
  };
}
