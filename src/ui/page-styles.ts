import { joinClasses } from './join-classes';
import shared from './page.module.css';
import tool from './tool-page.module.css';

type TPageClass = 'page' | 'head' | 'headMain' | 'title' | 'intro' | 'meta' | 'panel' | 'actions' | 'cardGrid' | 'sideLayout';

/**
 * A creator screen's CSS module with the shared page frame (page.module.css) joined in:
 * `withPage(local, { page: 'page', head: 'head' })`. The screen's sheet keeps only what differs.
 */
export function withPage<T extends Readonly<Record<string, string>>>(local: T, joins: Partial<Record<string, TPageClass>>): T {
  return joinClasses(local, shared as Readonly<Record<TPageClass, string>>, joins);
}

type TToolPageClass = 'page' | 'head' | 'title' | 'subtitle' | 'panel' | 'table';

/** A developer tool's CSS module with the shared tool frame (tool-page.module.css) joined in, as withPage does. */
export function withToolPage<T extends Readonly<Record<string, string>>>(local: T, joins: Partial<Record<string, TToolPageClass>>): T {
  return joinClasses(local, tool as Readonly<Record<TToolPageClass, string>>, joins);
}
