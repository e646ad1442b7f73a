import { useMatches, useRouter, type AnyRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { TBrand } from '../../schemas/brands';
import { currentBrand } from './brand';
import type { TRouteEntry } from './route-entry';

/** The route-table entry of the deepest matched route (layout, title, kind). */
export function useRouteEntry(): TRouteEntry | undefined {
  return useMatches({
    select: (matches) => {
      for (let index = matches.length - 1; index >= 0; index -= 1) {
        const entry = matches[index]?.staticData?.entry;
        if (entry) return entry;
      }
      return undefined;
    },
  });
}

/** The route-table entry at a path, read from the router (pages cannot import the table: it imports them). */
export function useRouteEntryAt(path: string): TRouteEntry | undefined {
  const router = useRouter();
  return (router.routesByPath as Record<string, AnyRoute | undefined>)[path]?.options.staticData?.entry;
}

/** The brand never changes within a page: it comes from the host name. */
export function useBrand(): TBrand {
  return useMemo(() => currentBrand(), []);
}
