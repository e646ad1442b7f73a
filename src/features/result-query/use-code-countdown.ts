import { useEffect, useState } from 'react';

/** Seconds until another code may be asked for (the server's own cool-down is 60 s per number). */
export function useCodeCountdown(seconds = 60) {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1_000);
    return () => clearTimeout(timer);
  }, [left]);
  return { left, start: () => setLeft(seconds) };
}
