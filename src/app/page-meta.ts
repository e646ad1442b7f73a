import { useEffect } from 'react';
import { pageTitle, type TBrand } from '../../schemas/brands';
import { useBrand, useRouteEntry } from './use-route-entry';

/**
 * A public page's description (and a detail page's own title) for search engines and link cards. The server writes
 * the route's into the HTML it sends (public-pages.json); this keeps them right after moving between pages in the
 * app, and lets a page that loads its subject (an article, a case) put that subject's in.
 */
export function usePageMeta(brand: TBrand, description: string, title?: string): void {
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
  usePageMeta(brand, description.replaceAll('{brand}', brand.name));
}
