import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, redirect, type RouterHistory } from '@tanstack/react-router';
import { hasSession } from '../api/token';
import { loadChunk } from './chunk-loader';
import { guardRoute } from './guards';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error';
import { ROUTE_TABLE } from './route-table';
import { type TLazyComponent, type TRouteEntry } from './route-entry';
import { PagePending } from './page-pending';
import { PREFETCH } from './prefetch';

export interface TRouterContext {
  queryClient: QueryClient;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    entry?: TRouteEntry;
  }
}

/** One lazy component per chunk, shared by every route that shows it (and by every router in tests). */
const lazyComponents = new Map<TLazyComponent, ReturnType<typeof lazyRouteComponent>>();
function lazyComponent(ref: TLazyComponent) {
  let component = lazyComponents.get(ref);
  if (!component) {
    component = lazyRouteComponent(() => loadChunk(ref.importer, ref.request), ref.exportName);
    lazyComponents.set(ref, component);
  }
  return component;
}

/** The code-based route tree, one child of the root per route-table entry plus a catch-all (→ /). */
export function buildRouteTree() {
  const root = createRootRouteWithContext<TRouterContext>()({ component: RootLayout });
  const children = ROUTE_TABLE.map((entry) =>
    createRoute({
      getParentRoute: () => root,
      path: entry.path,
      staticData: { entry },
      beforeLoad: ({ location }) => {
        const target = guardRoute(entry, {
          loggedIn: hasSession(),
          href: location.href,
          search: location.search as Record<string, unknown>,
        });
        if (target) throw redirect({ to: target.to, search: target.search, replace: true });
      },
      component: entry.component ? lazyComponent(entry.component) : undefined,
      // Not awaited: the page renders as soon as its code is in, with the data on its way (a mere hover that
      // preloads the route warms the code only, never a report call).
      loader: entry.prefetch
        ? ({ context, location, preload }) => {
            if (!preload) PREFETCH[entry.prefetch!](context.queryClient, location.search as Record<string, unknown>);
          }
        : undefined,
    }),
  );
  const unknown = createRoute({
    getParentRoute: () => root,
    path: '$',
    beforeLoad: () => {
      throw redirect({ to: '/', replace: true });
    },
  });
  return root.addChildren([...children, unknown]);
}

export function createAppRouter(options: { queryClient: QueryClient; history?: RouterHistory }) {
  return createRouter({
    routeTree: buildRouteTree(),
    history: options.history,
    context: { queryClient: options.queryClient },
    defaultPreload: 'intent',
    defaultErrorComponent: RouteErrorPage,
    defaultPendingComponent: PagePending,
    defaultPendingMs: 300,
    scrollRestoration: true,
  });
}

export type TAppRouter = ReturnType<typeof createAppRouter>;
