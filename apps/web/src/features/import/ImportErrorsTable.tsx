import { Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ImportErrorItem } from '@opengst/contracts';
import { useText } from '../../i18n/useText';
import { formatCount } from '../../shared/format';
import { DataTable, type Column } from '../../shared/list/DataTable';
import { nextStartOf } from '../../shared/list/useListQuery';
import { importKeys, searchImportErrors } from './importApi';

// Every error of one import: row, column, value, code and message, paged by the importErrorPageSize setting.

const FALLBACK_PAGE_SIZE = 50;
type NumberedError = ImportErrorItem & { index: number };

export const ImportErrorsTable = ({
  importId,
  code,
  pageSize,
}: {
  importId: number;
  code: string | null;
  pageSize: number | undefined;
}) => {
  const t = useText();
  const size = pageSize && pageSize > 0 ? pageSize : FALLBACK_PAGE_SIZE;
  const query = useInfiniteQuery({
    queryKey: importKeys.errors(importId, code, size),
    queryFn: ({ pageParam }) => searchImportErrors({ importId, start: pageParam, size, filters: { code } }),
    initialPageParam: 0,
    getNextPageParam: nextStartOf,
  });
  // Several errors may share a row, so the table's row id is the position in the loaded list.
  const rows: NumberedError[] = (query.data?.pages.flatMap((page) => page.items) ?? []).map((item, index) => ({ ...item, index }));
  const columns: Column<NumberedError>[] = [
    {
      key: 'row',
      header: t('importErrors.row'),
      width: 70,
      isNumeric: true,
      render: (row) =>
        row.row > 0 ? (
          formatCount(row.row)
        ) : (
          <Text span size="xs" c="dimmed">
            {t('importErrors.fileLevel')}
          </Text>
        ),
    },
    { key: 'column', header: t('importErrors.column'), width: 190, render: (row) => row.column ?? '—' },
    {
      key: 'value',
      header: t('importErrors.value'),
      width: 200,
      render: (row) => (
        <Text size="sm" ff="monospace" truncate maw={200} title={row.value ?? ''}>
          {row.value ?? ''}
        </Text>
      ),
    },
    {
      key: 'code',
      header: t('importErrors.code'),
      width: 90,
      render: (row) => (
        <Text size="xs" ff="monospace" c={row.type === 'Warning' ? 'orange' : 'red'}>
          {row.code}
        </Text>
      ),
    },
    { key: 'message', header: t('importErrors.message'), render: (row) => row.message },
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowId={(row) => row.index}
      rowTestId={(row) => `error-row-${row.row}`}
      rowLabel={(row) => `${t('importErrors.row')} ${row.row} ${row.column ?? ''} ${row.code}`}
      totalRecords={query.data?.pages[0]?.totalRecords ?? 0}
      isLoading={query.isPending}
      emptyText={t('importErrors.empty')}
      loadMore={{ hasMore: query.hasNextPage, isLoading: query.isFetchingNextPage, onLoad: () => void query.fetchNextPage() }}
      maxHeight={480}
    />
  );
};
