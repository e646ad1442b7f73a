/**
 * A screen's CSS module with classes of a shared sheet joined in: `joinClasses(local, shared, { listCard: 'card' })`
 * gives `listCard` the shared `card` class and the screen's own (if it has one). Joined here rather than by CSS
 * `composes: card from '…'`: composing across files made PostCSS copy the shared sheet into every importing sheet,
 * and Vite warned at each build.
 */
export function joinClasses<T extends Readonly<Record<string, string>>, K extends string>(
  local: T,
  shared: Readonly<Record<K, string>>,
  joins: Partial<Record<string, K>>,
): T {
  const joined: Record<string, string> = { ...local };
  for (const [name, from] of Object.entries(joins)) joined[name] = [shared[from as K], local[name]].filter(Boolean).join(' ');
  return joined as T;
}
