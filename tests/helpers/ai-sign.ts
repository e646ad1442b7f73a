import type { FastifyInstance } from 'fastify';
import { aiSignedHeaders, aiSignedPath } from '../../schemas/ai/signature';
import { aiSessionKey } from '../../server/services/ai/ai-signature.service';
import { sha256 } from '../../server/services/crypto';

/**
 * The headers of a signed AI call (schemas/ai/signature.ts) for a login token: the token, and a timestamp (the app's
 * clock, so a moved test clock signs as a client whose clock agrees), a fresh nonce and the signature over `body`
 * exactly as it will be sent. `path` is the contract's path (`ai/question/ai_question_type`).
 */
export function signedAiHeaders(
  app: FastifyInstance,
  token: string,
  path: string,
  body: string,
  options: { now?: number; nonce?: string } = {},
): { token: string; timestamp: string; nonce: string; signature: string } {
  const key = aiSessionKey(app.deps.secret, sha256(token));
  return { token, ...aiSignedHeaders(key, aiSignedPath(path), body, { now: options.now ?? app.deps.now().getTime(), nonce: options.nonce }) };
}

/** Whether a path is a call of the AI base (signed). */
export const isAiPath = (path: string): boolean => path.replace(/^\//, '').startsWith('ai/');
