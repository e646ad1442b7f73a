import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button, ErrorState, LoadingState } from '../../ui';
import { HELP } from './help-texts';

/** Loading and error states shared by the help pages; `children` once the data is there. */
export function QueryStates<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) return <LoadingState label={HELP.loading} />;
  if (query.isError)
    return <ErrorState title={HELP.loadError} description={HELP.loadErrorDesc} actions={<Button onClick={() => void query.refetch()}>{HELP.retry}</Button>} />;
  return <>{children(query.data)}</>;
}
