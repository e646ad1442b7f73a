import { useEffect, useState } from 'react';

/** Spec §9: the home header turns white once the page is scrolled more than 10 px. */
export const HEADER_SCROLL_THRESHOLD = 10;

export function useScrolledPast(threshold: number = HEADER_SCROLL_THRESHOLD, enabled = true): boolean {
  const [past, setPast] = useState(() => enabled && typeof window !== 'undefined' && window.scrollY > threshold);
  useEffect(() => {
    if (!enabled) return;
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold, enabled]);
  return enabled && past;
}
