import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';
import { settleRouters } from './live-routers';

// findBy* and waitFor give up after 1 s by default: on CI's two busy cores a list that loads a data file (the region
// picker's provinces) took longer, and a correct test failed. A wrong screen still fails, after 5 s.
configure({ asyncUtilTimeout: 5_000 });

afterEach(async () => {
  await settleRouters();
  cleanup();
  // sonner replays every toast still active to the next Toaster that mounts (its store outlives the page, and a
  // worker's files share the package): a test's undo toast would show in the next test's screen.
  toast.dismiss();
  // What a screen remembers for the tab (e.g. the editor's modify reminder) does not carry into the next test.
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
});

// jsdom lacks a few browser APIs that Radix and sonner use.
if (typeof window !== 'undefined') {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;

  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;

  window.scrollTo = (() => {}) as typeof window.scrollTo;
  Element.prototype.scrollIntoView ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
}
