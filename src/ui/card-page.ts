import { joinClasses } from './join-classes';
import shared from './card-page.module.css';

/** A one-card public page's CSS module with the shared frame (card-page.module.css) joined into `page` and `card`. */
export function withCardPage<T extends Readonly<Record<string, string>>>(local: T): T {
  return joinClasses(local, shared as Readonly<Record<'page' | 'card', string>>, { page: 'page', card: 'card' });
}
