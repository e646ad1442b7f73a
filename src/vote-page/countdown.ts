import { useEffect, useState } from 'react';

/** The current time, ticking each second while `active`. */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [active]);
  return now;
}

export type TWindowPhase = 'before' | 'open' | 'after';

/** Where `now` falls in the vote's window (ISO times; null = no bound). */
export function windowPhase(now: number, startTime: string | null, endTime: string | null): TWindowPhase {
  if (startTime && now < Date.parse(startTime)) return 'before';
  if (endTime && now >= Date.parse(endTime)) return 'after';
  return 'open';
}

/** "3天 04:05:06" — days, then hh:mm:ss. */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(total / 86400);
  const pad = (n: number) => (n < 10 ? '0' : '') + n;
  const hms = `${pad(Math.floor((total % 86400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return d ? `${d}天 ${hms}` : hms;
}
