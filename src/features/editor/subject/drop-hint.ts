import { useSyncExternalStore } from 'react';

/** Where a type dragged from the palette would land: before or after one subject (only that card re-renders). */
export type THint = { id: string; place: 'before' | 'after' } | null;

let hint: THint = null;
const listeners = new Set<() => void>();

export function setDropHint(next: THint): void {
  if (hint?.id === next?.id && hint?.place === next?.place) return;
  hint = next;
  listeners.forEach((l) => l());
}

export const getDropHint = () => hint;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useDropHint(id: string): 'before' | 'after' | null {
  return useSyncExternalStore(
    subscribe,
    () => (hint?.id === id ? hint.place : null),
    () => null,
  );
}
