/** What a route-table entry is (route-table.ts holds the entries), and its title as shown. No page imports here. */

/** home: transparent header; work: sidebar; page: centred content; full: the page draws its own frame; bare: no shell. */
export type TLayout = 'home' | 'work' | 'page' | 'full' | 'bare';
import type { TWorkKind } from '../../schemas/project-kinds';

export type { TWorkKind };

export interface TLazyComponent {
  /** Names the chunk in ChunkLoadError.request when the browser does not give an address. */
  request: string;
  importer: () => Promise<Record<string, unknown>>;
  exportName: string;
}

export type TPrefetchName = 'report';

export interface TRouteEntry {
  path: string;
  /** Chinese title; `{coin}` is replaced by the brand's coin name. */
  title: string;
  public: boolean;
  /** Named routes of spec §2. */
  name?: string;
  layout: TLayout;
  /** Wide header and content (work and editor pages). */
  wide: boolean;
  /** Work-page type (header content, sidebar group) or landing-page kind. */
  kind?: TWorkKind;
  /**
   * What a public page is about, for search engines and link cards (`{brand}`: the brand's name); public pages
   * without one are described by the brand's slogan.
   */
  description?: string;
  /** Home pages use the brand slogan as the document title (spec §1). */
  home: boolean;
  redirect?: { to: string; keepSearch: boolean };
  component?: TLazyComponent;
  /**
   * Starts the page's data (and heavy libraries) while its code loads, instead of after it rendered: the name
   * of a prefetcher in src/app/prefetch.ts (in the main bundle, so its calls leave before the page's chunks).
   */
  prefetch?: TPrefetchName;
  /** Screen not built yet: shows the placeholder page and is listed in docs/status.md. */
  placeholder: boolean;
}

export function routeTitle(entry: Pick<TRouteEntry, 'title'>, coinName: string): string {
  return entry.title.replace('{coin}', coinName);
}
