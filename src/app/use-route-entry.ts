import { useMatches } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { TBrand } from '../../schemas/brands';
import { currentBrand } from './brand';
import type { TRouteEntry } from './route-table';

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

/** The brand never changes within a page: it comes from the host name. */
export function useBrand(): TBrand {
  return useMemo(() => currentBrand(), []);
}
