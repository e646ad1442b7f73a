import type { Database } from '../../db/client';
import type { InvitationMessageRow } from '../../db/rows';
import { col, defineSql } from '../../db/sql';
import { MailProviderError, type MailTransport } from '../../providers/mail';
import { ChannelSendError, type ChannelSender, type InvitationContext } from './channel';
import { renderInvitationEmail } from './email-render';

const invitationSql = defineSql(
  'email-sender.invitation',
  { subject: col.text.orNull(), body: col.text },
  'SELECT subject, body FROM invitations WHERE id = $1',
);

export const EMAIL_CONTACT_GONE = '联系人已删除';

/**
 * The e-mail channel (issue 50 item 3): renders the invitation for one contact (server/services/invitations/
 * email-render.ts) and hands it to the mail transport; the transport's refusal or outage becomes the runner's
 * ChannelSendError of the same kind. server/app.ts gives it to the runner, which builds the
 * contact's unsubscribe link (unsubscribeLink) for the context.
 */
export function emailSender(deps: { database: Database; mail: MailTransport }): ChannelSender {
  return {
    async send(message: InvitationMessageRow, context: InvitationContext) {
      // Every e-mail carries its unsubscribe link (the runner makes one for each message's contact).
      if (!context.unsubscribe) throw new ChannelSendError('refused', EMAIL_CONTACT_GONE);
      const [invitation] = await invitationSql.run(deps.database.query, [message.invitation_id]);
      // The invitation is gone (its project deleted): what was stored with the message is all there is.
      const body = invitation?.body ?? message.content;
      const mail = renderInvitationEmail({ name: message.name, to: message.address, subject: invitation?.subject ?? null, body }, context);
      try {
        const sent = await deps.mail.send(mail);
        return { providerId: sent.messageId };
      } catch (error) {
        if (error instanceof MailProviderError) throw new ChannelSendError(error.kind, error.message);
        throw new ChannelSendError('unavailable', error instanceof Error ? error.message : String(error));
      }
    },
  };
}
