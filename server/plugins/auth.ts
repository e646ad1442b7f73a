import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_FLAG_COOKIE, TOKEN_COOKIE } from '../http/session-cookie';
import { API_TOKEN_MESSAGES, API_TOKEN_PREFIX } from '../../schemas/api/api-tokens';
import { tokenScopeOf } from '../../schemas/api/token-scope';
import { resolveToken, type AuthUser } from '../services/access/sessions.service';
import { forbidden } from '../services/errors';

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
 * A personal API token (`wjp_…`) counts only in the header: a cookie never carries one.
 */
function tokenOf(request: FastifyRequest): { token: string; source: 'header' | 'cookie' } | null {
  const header = request.headers.token;
  if (typeof header === 'string' && header) return { token: header, source: 'header' };
  if (request.headers['sec-fetch-site'] === 'cross-site') return null;
  const cookie = request.cookies[TOKEN_COOKIE];
  return cookie && !cookie.startsWith(API_TOKEN_PREFIX) ? { token: cookie, source: 'cookie' } : null;
}

/** The page says it holds a session (the readable companion cookie). */
export const hasSessionFlag = (request: FastifyRequest): boolean => request.cookies[SESSION_FLAG_COOKIE] === '1';

export async function authPlugin(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCookie);
  const cache = new WeakMap<FastifyRequest, Promise<AuthUser | null>>();
  app.decorateRequest('authUser', function authUser(this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      pending = resolveToken(app.deps.database, tokenOf(this)?.token, app.deps.now(), this.ip ?? null);
      cache.set(this, pending);
    }
    return pending;
  });
  app.decorateRequest('tokenSource', function tokenSource(this: FastifyRequest) {
    return tokenOf(this)?.source ?? null;
  });
  app.addHook('onRequest', tokenScopeHook);
}

/**
 * The API token's scope (schemas/api/token-scope.ts), checked once for every route before anything else runs
 * (defineCall, defineAiCall's signature check, the uploads, the GET file routes): no API token makes a
 * TOKEN_FORBIDDEN call, a read token makes only the READ_CALLS and GET routes. Sessions pass untouched.
 */
async function tokenScopeHook(request: FastifyRequest): Promise<void> {
  const header = request.headers.token;
  if (typeof header !== 'string' || !header.startsWith(API_TOKEN_PREFIX)) return;
  const url = request.routeOptions.url;
  if (!url?.startsWith('/api/')) return;
  const user = await request.authUser();
  if (!user?.apiToken) return;
  const need = tokenScopeOf(url.slice('/api/'.length), request.method === 'GET' || request.method === 'HEAD' ? 'GET' : 'POST');
  if (need === 'none') throw forbidden(API_TOKEN_MESSAGES.notForTokens);
  if (need === 'write' && user.apiToken.scope !== 'write') throw forbidden(API_TOKEN_MESSAGES.readOnly);
}
