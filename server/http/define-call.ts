import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuthMode, Contract } from '../../schemas/api/contract';
import { ok } from '../../schemas/envelope';
import type { AuthUser } from '../services/access/sessions.service';
import { unauthorized } from '../services/errors';
import { parseBody } from './validate';

export type { AuthMode } from '../../schemas/api/contract';

export interface CallContext {
  request: FastifyRequest;
  reply: FastifyReply;
  user: AuthUser | null;
}

export interface RegisteredCall {
  path: string;
  auth: AuthMode;
  /** The request schema (calls registered by hand, like the multipart uploads, have none). */
  body?: z.ZodType;
  /** The call's contract (schemas/api/): what the OpenAPI document is built from. */
  contract: Contract;
}

/**
 * CHECK_RESPONSES=1 (tests and development only, e.g. `CHECK_RESPONSES=1 npx vitest run tests/server/write`): every
 * answer is also parsed, as JSON would carry it, with its response schema, and a mismatch is a fault naming the call.
 */
const CHECK_RESPONSES = process.env.CHECK_RESPONSES === '1' && process.env.NODE_ENV !== 'production';

function checkResponse(contract: Contract, data: unknown): void {
  const result = contract.response.safeParse(JSON.parse(JSON.stringify(data ?? null)));
  if (!result.success) throw new Error(`${contract.path}: the answer does not match its contract: ${JSON.stringify(result.error.issues.slice(0, 3))}`);
}

/**
 * Register one POST call from its contract: body validated by the request schema, auth checked, answer wrapped in
 * the envelope. The handler's answer must be the response schema's input type: checked by the compiler, not at run
 * time (the hot calls like active/write/submit pay nothing for it).
 */
export function defineCall<C extends Contract>(
  app: FastifyInstance,
  contract: C,
  handler: (body: z.output<C['request']>, ctx: CallContext) => Promise<z.input<C['response']>>,
): void {
  app.calls.push({ path: contract.path, auth: contract.auth, body: contract.request, contract });
  app.post(`/api/${contract.path}`, async (request, reply) => {
    const user = await request.authUser();
    if (contract.auth === 'required' && !user) throw unauthorized();
    const body = parseBody(contract.request, request.body, contract.quick) as z.output<C['request']>;
    const data = await handler(body, { request, reply, user });
    if (CHECK_RESPONSES) checkResponse(contract, data);
    return ok(data ?? null, contract.okMessage);
  });
}
