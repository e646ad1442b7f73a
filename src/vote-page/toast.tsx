import { useCallback, useEffect, useRef, useState } from 'react';

/** One short message at a time, read out by screen readers; it fades after a few seconds. */
export function useToast(): [React.ReactNode, (message: string) => void] {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const show = useCallback((text: string) => {
    window.clearTimeout(timer.current);
    setMessage(text);
    // A longer message (a red envelope's word after the count) stays long enough to be read.
    timer.current = window.setTimeout(() => setMessage(null), text.length > 24 ? 5000 : 2600);
  }, []);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const node = message ? (
    <div className="v-toast" role="status" aria-live="polite">
      {message}
    </div>
  ) : null;
  return [node, show];
}
