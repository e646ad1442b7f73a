import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n';
import { AppToaster } from '../ui/toast';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The api client already shows every failure as a toast; retrying a business error only repeats it.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** Everything above the router: React Query, i18next and the toaster. The session sits in the root route. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        {children}
        <AppToaster />
      </I18nextProvider>
    </QueryClientProvider>
  );
}
