import type { TRouteEntry } from './route-entry';

export interface TGuardInput {
  loggedIn: boolean;
  /** The wanted path with its query, e.g. `/questionnaire/list.html?page=2`. */
  href: string;
  search: Record<string, unknown>;
}

export interface TGuardRedirect {
  to: string;
  search?: Record<string, unknown>;
}

/** Where the login screen sends an anonymous visitor back to. */
export const REDIRECT_PARAM = 'redirect';

/**
 * Spec §2 guards: redirect routes go where they point; an anonymous visitor on a non-public route goes to
 * /login?redirect=<wanted path with its query>; a logged-in user opening /login goes to /index.
 * Unknown paths are handled by the catch-all route (→ /). `null` means "show the page".
 */
export function guardRoute(entry: Pick<TRouteEntry, 'path' | 'public' | 'redirect'>, input: TGuardInput): TGuardRedirect | null {
  if (entry.redirect) return { to: entry.redirect.to, search: entry.redirect.keepSearch ? input.search : undefined };
  if (entry.path === '/login' && input.loggedIn) return { to: '/index' };
  if (!entry.public && !input.loggedIn) return { to: '/login', search: { [REDIRECT_PARAM]: input.href } };
  return null;
}

/**
 * A safe place to return to after login: a same-site path only (never `//host` or `https://…`),
 * else the workbench.
 */
export function safeRedirect(value: unknown, fallback = '/activeManagement.html'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (value === '/login' || value.startsWith('/login?')) return fallback;
  return value;
}
