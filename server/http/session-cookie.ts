import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_DAYS } from '../services/access/sessions.service';

/** The token itself: HttpOnly, so no script on the page can read it. */
export const TOKEN_COOKIE = 'token';
/**
 * A readable companion without a secret: it only tells the page that a session cookie was set (spec §4
 * "logged in means a token is present"); the server never trusts it.
 */
export const SESSION_FLAG_COOKIE = 'wj_login';

const MAX_AGE = SESSION_DAYS * 86_400;

/** Secure over HTTPS (directly, or X-Forwarded-Proto from a proxy TRUST_PROXY trusts), always with COOKIE_SECURE=1. */
const secure = (request: FastifyRequest) => request.server.deps.env.COOKIE_SECURE === '1' || request.protocol === 'https';

/** Host-only cookies on the brand's own host (no Domain attribute), 7 days, SameSite=Lax. */
export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const common = { path: '/', maxAge: MAX_AGE, sameSite: 'lax', secure: secure(request) } as const;
  reply.setCookie(TOKEN_COOKIE, token, { ...common, httpOnly: true });
  reply.setCookie(SESSION_FLAG_COOKIE, '1', { ...common, httpOnly: false });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  const common = { path: '/', sameSite: 'lax', secure: secure(request) } as const;
  reply.clearCookie(TOKEN_COOKIE, { ...common, httpOnly: true });
  reply.clearCookie(SESSION_FLAG_COOKIE, common);
}
