import { joinClasses } from './join-classes';
import shared from './page.module.css';

type TPageClass = 'page' | 'head' | 'title' | 'intro' | 'panel' | 'actions';

/**
 * A creator screen's CSS module with the shared page frame (page.module.css) joined in:
 * `withPage(local, { page: 'page', head: 'head' })`. The screen's sheet keeps only what differs.
 */
export function withPage<T extends Readonly<Record<string, string>>>(local: T, joins: Partial<Record<string, TPageClass>>): T {
  return joinClasses(local, shared as Readonly<Record<TPageClass, string>>, joins);
}
