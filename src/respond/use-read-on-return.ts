import { useEffect } from 'react';

/**
 * Reads the page once, and again whenever it comes back to the front: a phone asleep misses the live feed, so the
 * chain and check-in pages read their list afresh on return (visibilitychange, focus).
 */
export function useReadOnReturn(load: () => Promise<void>): void {
  useEffect(() => {
    void load();
    const again = () => {
      if (document.visibilityState === 'visible') void load();
    };
    document.addEventListener('visibilitychange', again);
    window.addEventListener('focus', again);
    return () => {
      document.removeEventListener('visibilitychange', again);
      window.removeEventListener('focus', again);
    };
  }, [load]);
}
