import type { Database } from '../../server/db/client';
import type { TInvitationChannel, TInvitationMessageState } from '../../server/db/tables-contacts';

/**
 * Rows of the issue-50 data model (migration 0082) inserted directly, for tests of what reads them (receipts,
 * unsubscribe, the e-mail sender) without going through the send call.
 */
export interface SeedContact {
  name: string;
  phone?: string | null;
  email?: string | null;
}

export const userIdOf = async (database: Database, phone: string) =>
  (await database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone]))[0]!.id;
export const projectIdOf = async (database: Database, questionId: string) =>
  (await database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [questionId]))[0]!.id;

export async function insertContact(database: Database, userId: number, contact: SeedContact): Promise<number> {
  const [row] = await database.query<{ id: number }>('INSERT INTO contacts (user_id, name, phone, email) VALUES ($1, $2, $3, $4) RETURNING id', [
    userId,
    contact.name,
    contact.phone ?? null,
    contact.email ?? null,
  ]);
  return row!.id;
}

export async function insertInvitation(
  database: Database,
  input: { projectId: number; userId: number; channel: TInvitationChannel; subject?: string | null; body: string },
): Promise<number> {
  const [row] = await database.query<{ id: number }>(
    `INSERT INTO invitations (project_id, user_id, channel, subject, body, state, scheduled_at) VALUES ($1, $2, $3, $4, $5, 'sending', now()) RETURNING id`,
    [input.projectId, input.userId, input.channel, input.subject ?? null, input.body],
  );
  return row!.id;
}

/** The contact's link to the project (made once; a resend reuses it). */
export async function linkOf(database: Database, projectId: number, contactId: number, token = `tok-${projectId}-${contactId}`): Promise<number> {
  const [row] = await database.query<{ id: number }>(
    `INSERT INTO contact_links (project_id, contact_id, token) VALUES ($1, $2, $3)
     ON CONFLICT (project_id, contact_id) DO UPDATE SET token = contact_links.token RETURNING id`,
    [projectId, contactId, token],
  );
  return row!.id;
}

export async function insertMessage(
  database: Database,
  input: {
    invitationId: number;
    linkId: number;
    contactId: number;
    channel: TInvitationChannel;
    address: string;
    name: string;
    content?: string;
    state?: TInvitationMessageState;
    reason?: string | null;
  },
): Promise<number> {
  const state = input.state ?? 'sent';
  const [row] = await database.query<{ id: number }>(
    `INSERT INTO invitation_messages (invitation_id, link_id, contact_id, channel, address, name, content, state, reason, sent_at, delivered_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $8 IN ('sent', 'delivered') THEN now() END, CASE WHEN $8 = 'delivered' THEN now() END)
     RETURNING id`,
    [input.invitationId, input.linkId, input.contactId, input.channel, input.address, input.name, input.content ?? '您好', state, input.reason ?? null],
  );
  return Number(row!.id);
}
