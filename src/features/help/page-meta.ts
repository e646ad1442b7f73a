import { useEffect } from 'react';
import { pageTitle, type TBrand } from '../../../schemas/brands';

/**
 * A help page's description (and, for an article, its title) for search engines and link cards. The route table
 * gives every page its title; an article replaces it with its own once it has loaded.
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
