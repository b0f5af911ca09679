import { useMemo } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { loadSettingsQuery } from '../../api/sessionData';

// Load-more paging of a list endpoint by the installation's pageSize setting (spec core §3 "Settings").

export type ListPage<T> = { items: T[]; totalRecords: number };
export type PageRequest = { start: number; size: number };

const FALLBACK_PAGE_SIZE = 50;

export const usePageSize = (): number => {
  const { data: loaded } = useQuery({ ...loadSettingsQuery, enabled: false });
  return loaded?.settings.pageSize && loaded.settings.pageSize > 0 ? loaded.settings.pageSize : FALLBACK_PAGE_SIZE;
};

/** The start of the next page, or undefined when every row is loaded. */
export const nextStartOf = <T>(last: ListPage<T>, pages: readonly ListPage<T>[]): number | undefined => {
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  return loaded < last.totalRecords && last.items.length > 0 ? loaded : undefined;
};

export type ListOptions<T> = {
  /** Reloads the loaded pages every so many milliseconds while it answers a number (a list of running jobs). */
  refetchInterval?: (pages: readonly ListPage<T>[]) => number | false;
};

/** `key` must contain everything the request depends on (filters, sort), so a change reloads from the start. */
export const useListQuery = <T>(
  key: readonly unknown[],
  fetchPage: (page: PageRequest) => Promise<ListPage<T>>,
  options: ListOptions<T> = {},
) => {
  const size = usePageSize();
  const { refetchInterval } = options;
  const query = useInfiniteQuery({
    queryKey: [...key, size],
    queryFn: ({ pageParam }) => fetchPage({ start: pageParam, size }),
    initialPageParam: 0,
    getNextPageParam: nextStartOf,
    refetchInterval: (query) => refetchInterval?.(query.state.data?.pages ?? []) ?? false,
  });
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  return { ...query, rows, totalRecords: query.data?.pages[0]?.totalRecords ?? 0 };
};
