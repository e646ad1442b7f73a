import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';

/** One page of a list as the server answers it; some calls echo the page and size they served. */
export interface TPagedData<TItem> {
  list: TItem[];
  total: number;
  page?: number;
  pageSize?: number;
}

export interface TPagedList<TData extends TPagedData<unknown>> {
  page: number;
  pageSize: number;
  /** Go to a page (a new filter calls `setPage(1)` where it changes). */
  setPage: (page: number) => void;
  /** A filter's change handler that also goes back to page 1: `onChange={list.refilter(setStatus)}`. */
  refilter: <T>(set: (value: T) => void) => (value: T) => void;
  query: UseQueryResult<TData, Error>;
  queryKey: QueryKey;
  /** The page shown: the last one loaded stays while the next loads. */
  data: TData | undefined;
  list: TData['list'];
  total: number;
  /** Nothing loaded yet. */
  loading: boolean;
  /** The call failed and there is nothing to show. */
  failed: boolean;
  /** The props of `<Pager>`, but its labels: the page the server says it served, else the one asked for. */
  pager: { page: number; pageSize: number; total: number; onChange: (page: number) => void };
}

/**
 * A server-paged list: the page number, its query (the previous page stays on screen while the next loads) and
 * what the list's states and `<Pager>` read. `options(page, pageSize)` is the call's `queryOptions` factory.
 */
export function usePagedList<TData extends TPagedData<unknown>, TKey extends QueryKey>(
  options: (page: number, pageSize: number) => UseQueryOptions<TData, Error, TData, TKey>,
  pageSize: number,
): TPagedList<TData> {
  const [page, setPage] = useState(1);
  const base = options(page, pageSize);
  const query = useQuery({ ...base, placeholderData: keepPreviousData });
  const data = query.data;
  const total = data?.total ?? 0;
  return {
    page,
    pageSize,
    setPage,
    refilter: (set) => (value) => {
      set(value);
      setPage(1);
    },
    query,
    queryKey: base.queryKey,
    data,
    list: (data?.list ?? []) as TData['list'],
    total,
    loading: query.isPending,
    failed: query.isError && !data,
    pager: { page: data?.page ?? page, pageSize: data?.pageSize ?? pageSize, total, onChange: setPage },
  };
}
