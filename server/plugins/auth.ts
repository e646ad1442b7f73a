import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveToken, type AuthUser } from '../services/sessions.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user of this request (token header, else token cookie), looked up once. */
    authUser(): Promise<AuthUser | null>;
  }
}

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.token;
  if (typeof header === 'string' && header) return header;
  const cookie = request.headers.cookie;
  if (!cookie) return undefined;
  const hit = cookie.split(/;\s*/).find((part) => part.startsWith('token='));
  return hit ? decodeURIComponent(hit.slice(6)) : undefined;
}

export function authPlugin(app: FastifyInstance): void {
  const cache = new WeakMap<FastifyRequest, Promise<AuthUser | null>>();
  app.decorateRequest('authUser', function authUser(this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      pending = resolveToken(app.deps.database, tokenOf(this));
      cache.set(this, pending);
    }
    return pending;
  });
}
