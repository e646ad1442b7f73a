import { useCallback, useEffect, useRef, useState } from 'react';

export interface TPageLoad<T> {
  list: T[];
  total: number;
}

/**
 * Pages of a list loaded one after another as a sentinel element scrolls into view (IntersectionObserver, in
 * iOS 12.2+). `reset` starts again (a new search). Failures keep what is loaded and offer a retry.
 */
export function useInfinite<T>(load: (page: number) => Promise<TPageLoad<T>>, deps: readonly unknown[]) {
  const [items, setItems] = useState<T[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** An empty page ends the list even if the total said more (rows removed meanwhile). */
  const [ended, setEnded] = useState(false);
  const page = useRef(0);
  const generation = useRef(0);
  const busyRef = useRef(false);
  const done = ended || (total !== null && items.length >= total);

  const more = useCallback(async () => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    const mine = generation.current;
    try {
      const next = await load(page.current + 1);
      if (mine !== generation.current) return;
      page.current += 1;
      setItems((old) => old.concat(next.list));
      setTotal(next.total);
      if (!next.list.length) setEnded(true);
      setError(null);
    } catch (e) {
      if (mine === generation.current) setError(e instanceof Error ? e.message : '加载失败');
    } finally {
      if (mine === generation.current) {
        busyRef.current = false;
        setBusy(false);
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);

  useEffect(() => {
    generation.current += 1;
    page.current = 0;
    busyRef.current = false;
    setItems([]);
    setTotal(null);
    setEnded(false);
    setError(null);
    void more();
  }, [more]);

  const sentinel = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || done || error || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void more(), { rootMargin: '300px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [more, done, error, items.length]);

  return { items, total, error, busy, done, more, sentinel };
}
