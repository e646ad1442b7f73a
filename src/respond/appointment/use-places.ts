import { useCallback, useEffect, useRef, useState } from 'react';
import type { TTimeSlot, TWeeksView } from '../../../schemas/api/appointment';
import { RespondError } from '../api';
import { getTimes, getWeeks, REFRESH_EVENT } from './appointment-api';

type Load<T> = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; data: T };

/** Run `refresh` when the page comes back into view and when a booking was refused (someone took the place). */
function useLiveRefresh(refresh: () => void): void {
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    const run = () => latest.current();
    const onVisible = () => {
      if (document.visibilityState === 'visible') run();
    };
    window.addEventListener('focus', run);
    window.addEventListener(REFRESH_EVENT, run);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', run);
      window.removeEventListener(REFRESH_EVENT, run);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
}

const messageOf = (error: unknown) => (error instanceof RespondError ? error.message : '加载失败，请重试');

/**
 * The coming weeks' open days and one day's slots with their places, read live: on mount, when the day or the
 * calendar changes, when the page regains focus and after a refused booking. A reply that arrives after a newer
 * request is dropped; `enabled` false (a resource still to choose) reads no slots.
 */
export function usePlaces(questionId: string, date: string, resourceKey: string | undefined, enabled = true) {
  const [weeks, setWeeks] = useState<Load<TWeeksView>>({ kind: 'loading' });
  const [times, setTimes] = useState<{ key: string; load: Load<TTimeSlot[]> } | null>(null);
  const key = `${date}|${resourceKey ?? '*'}`;
  const weeksSeq = useRef(0);
  const timesSeq = useRef(0);

  const loadWeeks = useCallback(() => {
    const seq = ++weeksSeq.current;
    getWeeks({ questionId, weeks: 4 }).then(
      (data) => seq === weeksSeq.current && setWeeks({ kind: 'ready', data }),
      (error: unknown) => seq === weeksSeq.current && setWeeks((old) => (old.kind === 'ready' ? old : { kind: 'error', message: messageOf(error) })),
    );
  }, [questionId]);

  const loadTimes = useCallback(() => {
    const seq = ++timesSeq.current;
    if (!date || !enabled) return setTimes(null);
    const asked = `${date}|${resourceKey ?? '*'}`;
    getTimes({ questionId, date, ...(resourceKey !== undefined ? { resourceKey } : {}) }).then(
      (data) => seq === timesSeq.current && setTimes({ key: asked, load: { kind: 'ready', data: data.list } }),
      (error: unknown) => seq === timesSeq.current && setTimes({ key: asked, load: { kind: 'error', message: messageOf(error) } }),
    );
  }, [questionId, date, resourceKey, enabled]);

  useEffect(loadWeeks, [loadWeeks]);
  useEffect(loadTimes, [loadTimes]);
  const refresh = useCallback(() => {
    loadWeeks();
    loadTimes();
  }, [loadWeeks, loadTimes]);
  useLiveRefresh(refresh);
  // Slots of another day or calendar than the one shown now are never shown: loading until this one's arrive.
  const shown: Load<TTimeSlot[]> | null = !date || !enabled ? null : times && times.key === key ? times.load : { kind: 'loading' };
  return { weeks, times: shown, refresh };
}
