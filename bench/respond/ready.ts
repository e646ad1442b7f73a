// What bench/respond.ts reads from the page: when every subject is painted, and click-to-paint times.
declare global {
  interface Window {
    __bench: { painted?: number; clicks: number[] };
  }
}
window.__bench = { clicks: [] };

/** Marks the first frame in which `count` subjects are in the document. */
export function whenPainted(selector: string, count: number): void {
  const check = () => {
    if (document.querySelectorAll(selector).length >= count) {
      requestAnimationFrame(() => setTimeout(() => (window.__bench.painted = performance.now())));
    } else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

// A click's time to the next frame: from the event's timestamp to a task after the following animation frame.
document.addEventListener(
  'click',
  (e) => {
    const t0 = e.timeStamp;
    requestAnimationFrame(() => setTimeout(() => window.__bench.clicks.push(performance.now() - t0)));
  },
  true,
);
