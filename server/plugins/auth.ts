import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_FLAG_COOKIE, TOKEN_COOKIE } from '../http/session-cookie';
import { resolveToken, type AuthUser } from '../services/access/sessions.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user of this request (token header, else token cookie), looked up once. */
    authUser(): Promise<AuthUser | null>;
    /** Where this request's token came from. */
    tokenSource(): 'header' | 'cookie' | null;
  }
}

/**
 * The token: the `token` header (spec §7; API clients), else the HttpOnly cookie the login answer set. A cookie
 * arriving with a request another site started (Sec-Fetch-Site: cross-site) is ignored, on top of SameSite=Lax.
 */
function tokenOf(request: FastifyRequest): { token: string; source: 'header' | 'cookie' } | null {
  const header = request.headers.token;
  if (typeof header === 'string' && header) return { token: header, source: 'header' };
  if (request.headers['sec-fetch-site'] === 'cross-site') return null;
  const cookie = request.cookies[TOKEN_COOKIE];
  return cookie ? { token: cookie, source: 'cookie' } : null;
}

/** The page says it holds a session (the readable companion cookie). */
export const hasSessionFlag = (request: FastifyRequest): boolean => request.cookies[SESSION_FLAG_COOKIE] === '1';

export async function authPlugin(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCookie);
  const cache = new WeakMap<FastifyRequest, Promise<AuthUser | null>>();
  app.decorateRequest('authUser', function authUser(this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      pending = resolveToken(app.deps.database, tokenOf(this)?.token, app.deps.now());
      cache.set(this, pending);
    }
    return pending;
  });
  app.decorateRequest('tokenSource', function tokenSource(this: FastifyRequest) {
    return tokenOf(this)?.source ?? null;
  });
}
