import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { usePagedList, type TPagedData } from '../../src/ui/use-paged-list';

/** A call whose answers the test releases one at a time. */
function controlledCall<TData>() {
  const waiting: { page: number; pageSize: number; resolve: (data: TData) => void; reject: (error: Error) => void }[] = [];
  const query = (page: number, pageSize: number) =>
    queryOptions({
      queryKey: ['things', page, pageSize] as const,
      queryFn: () => new Promise<TData>((resolve, reject) => waiting.push({ page, pageSize, resolve, reject })),
      retry: false,
    });
  return { query, waiting };
}

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('usePagedList', () => {
  it('asks for page 1 at the given size, then keeps the shown page while the next one loads', async () => {
    const call = controlledCall<TPagedData<string>>();
    const { result } = renderHook(() => usePagedList(call.query, 10), { wrapper });
    expect(result.current).toMatchObject({ page: 1, pageSize: 10, loading: true, failed: false, total: 0, list: [] });
    expect(result.current.queryKey).toEqual(['things', 1, 10]);
    await waitFor(() => expect(call.waiting).toHaveLength(1));
    expect(call.waiting[0]).toMatchObject({ page: 1, pageSize: 10 });

    act(() => call.waiting[0]!.resolve({ list: ['a', 'b'], total: 25 }));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current).toMatchObject({ list: ['a', 'b'], total: 25 });
    // Without a page in the answer, the pager shows the page asked for.
    expect(result.current.pager).toMatchObject({ page: 1, pageSize: 10, total: 25 });

    act(() => result.current.pager.onChange(3));
    await waitFor(() => expect(call.waiting).toHaveLength(2));
    expect(call.waiting[1]).toMatchObject({ page: 3, pageSize: 10 });
    expect(result.current).toMatchObject({ page: 3, loading: false, list: ['a', 'b'], queryKey: ['things', 3, 10] });
    expect(result.current.pager.page).toBe(3);

    act(() => call.waiting[1]!.resolve({ list: ['e'], total: 25 }));
    await waitFor(() => expect(result.current.list).toEqual(['e']));
  });

  it('shows the page the server says it served, and its size', async () => {
    const call = controlledCall<TPagedData<string>>();
    const { result } = renderHook(() => usePagedList(call.query, 10), { wrapper });
    await waitFor(() => expect(call.waiting).toHaveLength(1));
    act(() => call.waiting[0]!.resolve({ list: ['a'], total: 40, page: 1, pageSize: 20 }));
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.setPage(2));
    // Until page 2 arrives the pager stays on the page that is on screen.
    expect(result.current.pager).toMatchObject({ page: 1, pageSize: 20, total: 40 });
    await waitFor(() => expect(call.waiting).toHaveLength(2));
    act(() => call.waiting[1]!.resolve({ list: ['b'], total: 40, page: 2, pageSize: 20 }));
    await waitFor(() => expect(result.current.pager.page).toBe(2));
  });

  it('fails only when there is nothing to show, and loads again on refetch', async () => {
    const call = controlledCall<TPagedData<string>>();
    const { result } = renderHook(() => usePagedList(call.query, 5), { wrapper });
    await waitFor(() => expect(call.waiting).toHaveLength(1));
    act(() => call.waiting[0]!.reject(new Error('down')));
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.loading).toBe(false);

    void act(() => void result.current.query.refetch());
    await waitFor(() => expect(call.waiting).toHaveLength(2));
    act(() => call.waiting[1]!.resolve({ list: ['x'], total: 1 }));
    await waitFor(() => expect(result.current.list).toEqual(['x']));
    expect(result.current.failed).toBe(false);

    // A failed reload of the page on screen keeps it there.
    void act(() => void result.current.query.refetch());
    await waitFor(() => expect(call.waiting).toHaveLength(3));
    act(() => call.waiting[2]!.reject(new Error('down')));
    await waitFor(() => expect(result.current.query.isError).toBe(true));
    expect(result.current).toMatchObject({ failed: false, list: ['x'] });
  });
});
