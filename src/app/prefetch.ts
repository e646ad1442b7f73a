import type { QueryClient } from '@tanstack/react-query';
import { prefetchReport } from '../features/report/report-prefetch';
import type { TPrefetchName } from './route-entry';

/**
 * Route prefetchers (route-table `prefetch`): run by the route's loader, in the main bundle, so a page's first
 * calls leave the browser before its chunks queue on the connections (issue 17 item 9). Each is small: query
 * options and a dynamic import, never a page's components.
 */
export const PREFETCH: Record<TPrefetchName, (queryClient: QueryClient, search: Record<string, unknown>) => void> = {
  report: prefetchReport,
};
