import { z } from 'zod';
import { contract } from './contract';

/** dev/config: which development tools this server allows (the client asks before showing /dev/flows). */
export const ZDevConfigRequest = z.object({}).passthrough();
export const ZDevConfigResponse = z.object({ flows: z.boolean() });
export type TDevConfig = z.infer<typeof ZDevConfigResponse>;

/** dev/outbox: the built-in SMS provider's messages, newest first. */
export const ZOutboxRequest = z.object({ phone: z.string().max(32).optional(), limit: z.number().int().min(1).max(200).default(50) });
export const ZOutboxMessage = z.object({
  id: z.union([z.number(), z.string()]),
  phone: z.string(),
  text: z.string(),
  brand: z.string().nullable(),
  createdAt: z.string(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;

/**
 * dev/transfers: what the pay sandbox "paid out" (red envelopes' 商家转账), newest first, with the envelope each
 * belongs to, so a tester sees who was paid. Outside production only (/dev/transfers).
 */
export const ZSandboxTransfersRequest = z.object({
  payee: z.string().max(128).optional(),
  limit: z.number().int().min(1).max(200).default(50),
});
export const ZSandboxTransfer = z.object({
  outBatchNo: z.string(),
  transferId: z.string(),
  amountFen: z.number(),
  payee: z.string(),
  remark: z.string(),
  createdAt: z.string(),
  /** The project's or vote's title the payout belongs to, and the sheet (ballot) id; null for a transfer of no envelope. */
  source: z.object({ kind: z.enum(['project', 'vote']), title: z.string(), sheetId: z.string() }).nullable(),
});
export type TSandboxTransfer = z.infer<typeof ZSandboxTransfer>;

/** dev/clock (test servers only): move the application clock. */
export const ZClockRequest = z.object({ offsetDays: z.number().min(-365).max(365) });

/** Development and test calls (not in the spec). */
export const devCalls = {
  config: contract({ path: 'dev/config', summary: '开发工具开关', request: ZDevConfigRequest, response: ZDevConfigResponse, auth: 'optional' }),
  outbox: contract({ path: 'dev/outbox', summary: '开发用短信发件箱', request: ZOutboxRequest, response: z.array(ZOutboxMessage), auth: 'optional' }),
  transfers: contract({
    path: 'dev/transfers',
    summary: '沙箱转账记录（开发用）',
    request: ZSandboxTransfersRequest,
    response: z.array(ZSandboxTransfer),
    auth: 'optional',
  }),
  clock: contract({ path: 'dev/clock', summary: '测试时钟（仅测试环境）', request: ZClockRequest, response: z.object({ now: z.string() }), auth: 'optional' }),
};
