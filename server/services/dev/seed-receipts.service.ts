import type { TInvitationChannel, TInvitationMessageState } from '../../db/tables-contacts';
import type { Query } from '../../db/client';
import type { ContactLinkRow, ContactRow, InvitationRow } from '../../db/rows';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { randomToken } from '../crypto';
import { unsubscribeToken } from '../invitations/unsubscribe-token';

/**
 * Test servers only (dev/seedReceipts, NODE_ENV=test): three invited contacts of a project in the owner's address
 * book, as a send would leave them, so the browser tests open /SMSReceipt.html and /unsubscribe.html with data.
 * 张三 answered (e-mail delivered, link opened), 李四 got an e-mail, a script-like name's SMS failed.
 */
const PEOPLE: { name: string; channel: TInvitationChannel; state: TInvitationMessageState; reason?: string; answered?: boolean }[] = [
  { name: '张三', channel: 'email', state: 'delivered', answered: true },
  { name: '李四', channel: 'email', state: 'sent' },
  { name: '<b>王五</b>', channel: 'sms', state: 'failed', reason: '号码无效' },
];

export async function seedReceipts(query: Query, user: AuthUser | null, questionId: string, secret: string) {
  const { project } = await accessProject(query, user, questionId, 'edit');
  const tag = randomToken(6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x');
  const invitationOf: Partial<Record<TInvitationChannel, number>> = {};
  const contacts = [];
  for (const [i, p] of PEOPLE.entries()) {
    const address = p.channel === 'email' ? `p${i}-${tag}@example.com` : `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const [contact] = await query<Pick<ContactRow, 'id'>>('INSERT INTO contacts (user_id, name, phone, email) VALUES ($1, $2, $3, $4) RETURNING id', [
      project.owner_id,
      p.name,
      p.channel === 'sms' ? address : null,
      p.channel === 'email' ? address : null,
    ]);
    const [link] = await query<Pick<ContactLinkRow, 'id'>>(
      `INSERT INTO contact_links (project_id, contact_id, token, opened_at, answered_at) VALUES ($1, $2, $3, $4, $4) RETURNING id`,
      [project.id, contact!.id, randomToken(16), p.answered ? new Date() : null],
    );
    invitationOf[p.channel] ??= (
      await query<Pick<InvitationRow, 'id'>>(
        `INSERT INTO invitations (project_id, user_id, channel, subject, body, state, scheduled_at) VALUES ($1, $2, $3, $4, '{姓名}您好，请填写：{链接}', 'done', now()) RETURNING id`,
        [project.id, project.owner_id, p.channel, p.channel === 'email' ? '问卷邀请' : null],
      )
    )[0]!.id;
    await query(
      `INSERT INTO invitation_messages (invitation_id, link_id, contact_id, channel, address, name, content, state, reason, attempts, sent_at, delivered_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 1, CASE WHEN $8 IN ('sent', 'delivered') THEN now() END, CASE WHEN $8 = 'delivered' THEN now() END)`,
      [invitationOf[p.channel], link!.id, contact!.id, p.channel, address, p.name, `${p.name}您好，请填写`, p.state, p.reason ?? null],
    );
    contacts.push({ contactId: contact!.id, name: p.name, address, unsubscribe: unsubscribeToken(secret, p.channel, contact!.id) });
  }
  return { contacts };
}
