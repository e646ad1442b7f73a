import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { aiSignedPath } from '../../schemas/ai/signature';
import type { z } from 'zod';
import type { TAiStreamEvent } from '../../schemas/api/ai';
import type { Contract } from '../../schemas/api/contract';
import { ok } from '../../schemas/envelope';
import { errorEnvelope } from '../plugins/envelope';
import { aiSessionKey, verifyAiSignature } from '../services/ai/ai-signature.service';
import { badInput, unauthorized } from '../services/errors';
import type { CallContext } from './define-call';
import { parseBody } from './validate';
import { openEventStream } from './event-stream';
import type { AiStream } from '../services/ai/engine';

export type { AiStream };

export interface AiCallContext extends CallContext {
  /** Set when the caller asked for `accept: text/event-stream`; null for a plain call. */
  stream: AiStream | null;
}

/** A comment line now and then keeps proxies from closing a stream while the model thinks. */
const HEARTBEAT_MS = 15_000;
/** The largest body an AI call takes (the app's own limit; a conversation's history is the biggest). */
const BODY_LIMIT = 4 * 1024 * 1024;

/** The whole body as received, refused past `limit` bytes. */
async function readAll(payload: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.length;
    if (size > limit) throw badInput('请求体过大');
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

/**
 * Before the body is parsed: the login (401), then the signature over the exact bytes received (400 / 403 / 409,
 * server/services/ai/ai-signature.service.ts); the bytes are then handed on to the JSON parser unchanged.
 */
function signatureCheck(app: FastifyInstance, contract: Contract) {
  const { deps } = app;
  const path = aiSignedPath(contract.path);
  return async (request: FastifyRequest, _reply: unknown, payload: NodeJS.ReadableStream): Promise<NodeJS.ReadableStream> => {
    const user = await request.authUser();
    if (!user) {
      if (contract.auth === 'required') throw unauthorized();
      return payload;
    }
    const body = await readAll(payload, BODY_LIMIT);
    const key = aiSessionKey(deps.secret, user.tokenHash);
    await verifyAiSignature(deps.database.query, key, user.id, { method: request.method, path, headers: request.headers, body }, deps.now());
    const replay = Readable.from(body) as Readable & { receivedEncodedLength?: number };
    replay.receivedEncodedLength = body.length;
    return replay;
  };
}

/**
 * Register one call of the AI base (schemas/api/ai.ts aiCalls: paths start with `ai/`, served under /api/ai/).
 * Like defineCall, plus: the request is signed (schemas/ai/signature.ts; checked before the body is read), and a
 * caller that accepts text/event-stream gets the handler's events as they happen and then one `end` event carrying
 * the envelope a plain call would have answered (errors included), instead of the plain answer.
 */
export function defineAiCall<C extends Contract>(
  app: FastifyInstance,
  contract: C,
  handler: (body: z.output<C['request']>, ctx: AiCallContext) => Promise<z.input<C['response']>>,
): void {
  if (!contract.path.startsWith('ai/')) throw new Error(`${contract.path}: an AI call's path starts with ai/`);
  app.calls.push({ path: contract.path, auth: contract.auth, body: contract.request, contract });
  app.post(`/api/${contract.path}`, { preParsing: signatureCheck(app, contract) }, async (request, reply) => {
    const user = await request.authUser();
    if (contract.auth === 'required' && !user) throw unauthorized();
    const body = parseBody(contract.request, request.body) as z.output<C['request']>;
    if (!String(request.headers.accept ?? '').includes('text/event-stream')) {
      return ok((await handler(body, { request, reply, user, stream: null })) ?? null);
    }

    const out = openEventStream(reply);
    const aborted = new AbortController();
    let ended = false;
    request.raw.on('close', () => {
      if (!ended) aborted.abort();
    });
    const frame = (event: TAiStreamEvent) => {
      if (!out.writableEnded) out.write(`data: ${JSON.stringify(event)}\n\n`);
    };
    const heartbeat = setInterval(() => out.writableEnded || out.write(': ping\n\n'), HEARTBEAT_MS);
    try {
      const data = await handler(body, { request, reply, user, stream: { send: frame, signal: aborted.signal } });
      frame({ type: 'end', envelope: ok(data ?? null) });
    } catch (error) {
      frame({ type: 'end', envelope: errorEnvelope(error, request) });
    } finally {
      ended = true;
      clearInterval(heartbeat);
      out.end();
    }
  });
}
