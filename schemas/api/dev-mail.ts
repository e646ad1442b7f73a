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

/** dev/seedReceipts (test servers only): invited contacts of a project for the browser tests. */
export const ZSeedReceipts = z.object({
  contacts: z.array(z.object({ contactId: z.number(), name: z.string(), address: z.string(), unsubscribe: z.string() })),
});

export const devMailCalls = {
  seedReceipts: contract({
    path: 'dev/seedReceipts',
    summary: '测试用回执数据（仅测试环境）',
    request: z.object({ questionId: z.string().min(1).max(64) }),
    response: ZSeedReceipts,
    auth: 'required',
  }),
  mailbox: contract({ path: 'dev/mailbox', summary: '开发用邮件发件箱', request: ZMailboxRequest, response: z.array(ZMailboxMessage), auth: 'optional' }),
};
