import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Toaster, toast } from 'sonner';
import { SessionProvider, useSession } from '../../../src/app/session';

/** Shows the session on every page, so tests can see who is logged in and log out. */
function SessionProbe() {
  const { status, user, logout } = useSession();
  return (
    <aside aria-label="session">
      <span data-testid="session-status">{status}</span>
      <span data-testid="session-user">{user?.username ?? ''}</span>
      <button type="button" onClick={() => void logout()}>
        退出登录
      </button>
    </aside>
  );
}

/**
 * A small router with the auth pages at their real paths and a plain page everywhere else, inside the
 * session and a query client; `href` is the first address.
 */
export async function renderAuth(href: string, pages: Record<string, () => ReactElement>) {
  const root = createRootRoute({
    component: () => (
      <SessionProvider>
        <SessionProbe />
        <Outlet />
      </SessionProvider>
    ),
  });
  const routes = Object.entries(pages).map(([path, component]) => createRoute({ getParentRoute: () => root, path, component }));
  const other = createRoute({ getParentRoute: () => root, path: '$', component: () => <p>其他页面</p> });
  const home = createRoute({ getParentRoute: () => root, path: '/home', component: () => <p>首页</p> });
  const router = createRouter({
    routeTree: root.addChildren([...routes, home, other]),
    history: createMemoryHistory({ initialEntries: [href] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // sonner replays still-active toasts to a new Toaster: start each page without the last test's.
  toast.dismiss();
  await act(() => router.load());
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.searchStr}`;
  return { router, queryClient, location, ...view };
}
