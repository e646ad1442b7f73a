import { useEffect } from 'react';
import { pageTitle } from '../../../schemas/brands';
import { useBrand, useRouteEntry } from '../../app/use-route-entry';

/**
 * The page's description (and a detail page's own title) for search engines and link cards. The server writes the
 * same into the HTML it sends (public-pages.json); this keeps them right after moving between pages in the app.
 */
export function usePageMeta(description: string, title?: string): void {
  const brand = useBrand();
  useEffect(() => {
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    tag.content = description;
    if (title) document.title = pageTitle(brand, title);
  }, [brand, description, title]);
}

/** An index page's description: its route-table entry's (the one the server sends too), on this brand. */
export function useRouteDescription(): void {
  const brand = useBrand();
  const description = useRouteEntry()?.description ?? brand.slogan;
  usePageMeta(description.replaceAll('{brand}', brand.name));
}
