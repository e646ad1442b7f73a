/**
 * What bench/respond.ts reads from a page, installed before any of the page's own scripts
 * (page.addInitScript), so the page under test is the production build, untouched:
 * `__bench.painted` — the first frame in which `count` elements match `selector`;
 * `__bench.clicks` — for each click, the time from the event to a task after the next animation frame.
 * Plain JavaScript in a string: the browser runs it as it is.
 */
export function probeScript(selector: string, count: number): string {
  return `(() => {
  const selector = ${JSON.stringify(selector)};
  const count = ${count};
  window.__bench = { clicks: [] };
  const check = () => {
    if (document.querySelectorAll(selector).length >= count) {
      requestAnimationFrame(() => setTimeout(() => (window.__bench.painted = performance.now())));
    } else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  document.addEventListener('click', (e) => {
    const t0 = e.timeStamp;
    requestAnimationFrame(() => setTimeout(() => window.__bench.clicks.push(performance.now() - t0)));
  }, true);
})();`;
}

declare global {
  interface Window {
    __bench: { painted?: number; clicks: number[] };
  }
}
