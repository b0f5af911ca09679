import type { ListPage } from './useListQuery';

type LoadedList<T> = {
  rows: T[];
  totalRecords: ListPage<T>['totalRecords'];
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/** The props of a DataTable showing a list of useListQuery: its rows so far, its total and loading more of it. */
export const listTableProps = <T>(list: LoadedList<T>) => ({
  rows: list.rows,
  totalRecords: list.totalRecords,
  isLoading: list.isPending,
  loadMore: { hasMore: list.hasNextPage, isLoading: list.isFetchingNextPage, onLoad: () => void list.fetchNextPage() },
});
