import { useEffect } from 'react';
import { pageTitle } from '../../schemas/brands';
import { routeTitle } from './route-entry';
import { useBrand, useRouteEntry } from './use-route-entry';

/** document.title = route title + ' - ' + brand name; home pages use the slogan (spec §1). */
export function TitleSync() {
  const entry = useRouteEntry();
  const brand = useBrand();
  useEffect(() => {
    if (!entry) return;
    document.title = entry.home ? pageTitle(brand) : pageTitle(brand, routeTitle(entry, brand.coinName));
  }, [entry, brand]);
  return null;
}
