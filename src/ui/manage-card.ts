import shared from './manage-card.module.css';

type TSharedClass = 'card' | 'cardTitle' | 'table' | 'pill';

/**
 * A manage screen's CSS module with the shared card, table and pill classes (manage-card.module.css) joined in:
 * `withManageCard(local, { listCard: 'card' })` gives `listCard` the shared card's class and the screen's own.
 * Joined here rather than by CSS `composes: card from '…'`: composing across files made PostCSS copy the shared
 * sheet into every importing sheet, and Vite warned at each build.
 */
export function withManageCard<T extends Readonly<Record<string, string>>>(local: T, joins: Partial<Record<string, TSharedClass>>): T {
  const joined: Record<string, string> = { ...local };
  for (const [name, from] of Object.entries(joins)) joined[name] = [shared[from!], local[name]].filter(Boolean).join(' ');
  return joined as T;
}
