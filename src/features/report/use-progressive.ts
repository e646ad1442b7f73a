import { useEffect, useState } from 'react';

/** Cards drawn in the first frame; the rest follow a batch per frame. */
export const FIRST_CARDS = 4;
const BATCH = 6;

/**
 * How many of `total` items to render now: the first FIRST_CARDS at once, then BATCH more each animation frame,
 * so the first charts reach the screen before a long report has rendered its last card.
 */
export function useProgressive(total: number): number {
  const [shown, setShown] = useState(FIRST_CARDS);
  useEffect(() => {
    if (shown >= total) return;
    const frame = requestAnimationFrame(() => setShown((n) => n + BATCH));
    return () => cancelAnimationFrame(frame);
  }, [shown, total]);
  return Math.min(shown, total);
}
