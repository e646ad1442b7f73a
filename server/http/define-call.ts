import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ok } from '../../schemas/envelope';
import type { AuthUser } from '../services/access/sessions.service';
import { unauthorized } from './errors';
import { parseBody } from './validate';

export type AuthMode = 'required' | 'optional';

export interface CallSpec<S extends z.ZodType> {
  /** The spec's path, relative to the API base, e.g. `activity/user/login`. */
  path: string;
  body: S;
  auth: AuthMode;
  /** The resultMsg of a successful answer. */
  okMessage?: string;
}

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
}

/** Register one POST call: body validated by its schema, auth checked, answer wrapped in the envelope. */
export function defineCall<S extends z.ZodType, R>(
  app: FastifyInstance,
  spec: CallSpec<S>,
  handler: (body: z.output<S>, ctx: CallContext & { user: AuthUser | null }) => Promise<R>,
): void {
  app.calls.push({ path: spec.path, auth: spec.auth, body: spec.body });
  app.post(`/api/${spec.path}`, async (request, reply) => {
    const user = await request.authUser();
    if (spec.auth === 'required' && !user) throw unauthorized();
    const body = parseBody(spec.body, request.body);
    const data = await handler(body, { request, reply, user });
    return ok(data ?? null, spec.okMessage);
  });
}
