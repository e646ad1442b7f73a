import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import { App } from '../../src/app/app';
import { createAppRouter } from '../../src/app/routes';
import { trackRouter } from '../helpers/live-routers';

/** Renders the whole app (providers, router, shell) at `href` after the router has settled. */
export async function renderApp(href: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [href] }) });
  trackRouter(router);
  await act(() => router.load());
  const view = render(<App router={router} queryClient={queryClient} />);
  return { router, ...view };
}

/** Moves jsdom to another host name (the brand is chosen from it). */
export function openOnHost(url: string): void {
  (globalThis as unknown as { jsdom: { reconfigure: (options: { url: string }) => void } }).jsdom.reconfigure({ url });
}

/** The logged-in user of the UI tests (tests/helpers/sample-user.ts). */
export { SAMPLE_USER } from '../helpers/sample-user';
