import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';

/** Home pages never redirect on logout (spec §4). */
const HOME_PATHS = new Set(['/', '/index', '/home']);
export const isHomePath = (pathname: string): boolean => HOME_PATHS.has(pathname.replace(/\/+$/, '') || '/');

export interface TGo {
  (href: string, options?: { replace?: boolean }): void;
  /** The path on screen now. */
  pathname: () => string;
  /** The query string on screen now, with its `?`. */
  search: () => string;
  /** True when a router is present (the page will not reload). */
  inRouter: boolean;
}

/**
 * Navigation that works inside the TanStack router (history push, no reload, any same-site href with its
 * query) and outside it (tests, an error page): a full page load.
 */
export function useGo(): TGo {
  const router = useRouter({ warn: false });
  const go = useCallback(
    (href: string, options: { replace?: boolean } = {}) => {
      if (router) {
        if (options.replace) router.history.replace(href);
        else router.history.push(href);
      } else if (options.replace) window.location.replace(href);
      else window.location.assign(href);
    },
    [router],
  );
  return Object.assign(go, {
    pathname: () => (router ? router.state.location.pathname : window.location.pathname),
    search: () => (router ? router.state.location.searchStr : window.location.search),
    inRouter: Boolean(router),
  });
}
