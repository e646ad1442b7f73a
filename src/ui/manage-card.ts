import { joinClasses } from './join-classes';
import shared from './manage-card.module.css';

type TSharedClass = 'card' | 'cardTitle' | 'table' | 'stat' | 'meta' | 'field' | 'fieldLabel' | 'input' | 'textarea';

/**
 * A manage screen's CSS module with the shared card, table, stat and form-field classes (manage-card.module.css) joined in:
 * `withManageCard(local, { listCard: 'card' })` gives `listCard` the shared card's class and the screen's own.
 */
export function withManageCard<T extends Readonly<Record<string, string>>>(local: T, joins: Partial<Record<string, TSharedClass>>): T {
  return joinClasses(local, shared as Readonly<Record<TSharedClass, string>>, joins);
}
