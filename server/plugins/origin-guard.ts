import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail } from '../../schemas/envelope';
import { TOKEN_COOKIE } from '../http/session-cookie';

export const FOREIGN_PAGE_MESSAGE = '请求来自其他网站，已拒绝：请在本站页面上操作';

/** Reading calls change nothing: only the others are guarded. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The host name of an origin, a page address or a Host header, lower-cased and without its port; null when unreadable. */
export function hostNameOf(value: string, withScheme: boolean): string | null {
  try {
    return new URL(withScheme ? value : `http://${value}`).hostname || null;
  } catch {
    return null;
  }
}

/**
 * The page a browser says the call came from: the host of `Origin`, else of `Referer`; null when it says so in a
 * way we cannot read (`Origin: null` from a sandboxed frame or a redirect, a malformed value); undefined when it
 * says nothing (curl, a server, an old browser).
 */
function pageHost(request: FastifyRequest): string | null | undefined {
  const { origin, referer } = request.headers;
  if (typeof origin === 'string' && origin) return hostNameOf(origin, true);
  if (typeof referer === 'string' && referer) return hostNameOf(referer, true);
  return undefined;
}

/**
 * The host this request was sent to: the Host header, and the X-Forwarded-Host a trusted proxy (TRUST_PROXY)
 * wrote. Each brand is served on its own host names (schemas/brands.ts picks the brand from the host), so a page
 * of any brand calls the host it was loaded from.
 */
function ownHosts(request: FastifyRequest): string[] {
  const hosts = [request.headers.host, request.host].filter((h): h is string => typeof h === 'string' && h !== '');
  return hosts.map((h) => hostNameOf(h, false)).filter((h): h is string => h !== null);
}

/**
 * Cookie calls from a foreign page are refused (issue 42 item 6), beside SameSite=Lax: a state-changing call
 * carrying the session cookie and no `token` header whose Origin (else Referer) names neither the host it was sent
 * to nor one of ALLOWED_ORIGINS answers HTTP 403 before its body is read. Host names are compared, not schemes or
 * ports (the cookie is not kept apart by them either, and nginx's `Host $host` drops the port). A call naming no
 * page at all (scripts, servers) passes: browsers send Origin with every cross-site POST. Calls with the `token`
 * header, reads, and the providers' notifies (no cookie) are not concerned.
 */
export function originGuard(app: FastifyInstance, allowed: readonly string[]): void {
  const extra = new Set(allowed);
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.cookies[TOKEN_COOKIE]) return;
    const header = request.headers.token;
    if (typeof header === 'string' && header) return;
    const page = pageHost(request);
    if (page === undefined || (page !== null && (extra.has(page) || ownHosts(request).includes(page)))) return;
    request.log.warn(
      { origin: request.headers.origin ?? null, referer: request.headers.referer ?? null, host: request.host },
      'cookie call from a foreign page refused (a page of this site? add its origin to ALLOWED_ORIGINS)',
    );
    return reply.code(403).header('cache-control', 'no-store').send(fail('403', FOREIGN_PAGE_MESSAGE));
  });
}
