import type { ReactNode } from 'react';
import { Button } from './button';
import { EmptyState, ErrorState, LoadingState } from './states';
import type { TPagedData, TPagedList } from './use-paged-list';

/**
 * A compact paged list's loading, failure (with 重试) and empty states, or null once it has rows to show. `what`
 * names the list in the failure (`${what}加载失败`); `empty` is the empty state's title.
 */
export function pagedListState<T>(list: TPagedList<TPagedData<T>>, { what, empty, icon }: { what: string; empty: string; icon?: ReactNode }): ReactNode {
  if (list.loading) return <LoadingState compact />;
  if (list.failed)
    return (
      <ErrorState
        compact
        title={`${what}加载失败`}
        description={list.query.error?.message}
        actions={<Button onClick={() => void list.query.refetch()}>重试</Button>}
      />
    );
  if (!list.list.length) return <EmptyState compact icon={icon} title={empty} />;
  return null;
}
