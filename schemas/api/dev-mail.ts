import { z } from 'zod';
import { contract } from './contract';

/** dev/mailbox: the development mail outbox's messages (no SMTP server configured), newest first (/dev/mailbox). */
export const ZMailboxRequest = z.object({ to: z.string().trim().max(254).optional(), limit: z.number().int().min(1).max(200).default(50) });
export const ZMailboxMessage = z.object({
  id: z.number(),
  to: z.string(),
  fromName: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  headers: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type TMailboxMessage = z.infer<typeof ZMailboxMessage>;

export const devMailCalls = {
  mailbox: contract({ path: 'dev/mailbox', summary: '开发用邮件发件箱', request: ZMailboxRequest, response: z.array(ZMailboxMessage), auth: 'optional' }),
};
