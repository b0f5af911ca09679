import { Anchor, Group, Select, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import {
  IMPORT_DEFAULT_SORT,
  ImportStatusSchema,
  type ImportListItem,
  type ImportSearchFilters,
  type ImportStatus,
  type ImportType,
  type ImportTypeInfo,
} from '@opengst/contracts';
import { useText } from '../../i18n/useText';
import { formatCount, formatDateTime } from '../../shared/format';
import { DataTable, type Column } from '../../shared/list/DataTable';
import { parseSortExpression, type SortState } from '../../shared/list/sortExpression';
import type { useListQuery } from '../../shared/list/useListQuery';
import { ImportStatusBadge } from './ImportStatusBadge';
import { formatFileSize, isImportRunning, statusTextKey } from './importProgress';

// The /import list (spec core §2: sorted 'stamp DESC'), load more by pageSize. The screen owns the query, because
// it also reads the rows to find the user's running import.

export const DEFAULT_SORT: SortState = parseSortExpression(IMPORT_DEFAULT_SORT);

type Props = {
  types: readonly ImportTypeInfo[];
  list: ReturnType<typeof useListQuery<ImportListItem>>;
  /** The loaded rows, with the followed import's live counts laid over its row. */
  rows: readonly ImportListItem[];
  sort: SortState;
  onSort: (next: SortState) => void;
  filters: ImportSearchFilters;
  onFilters: (next: ImportSearchFilters) => void;
  /** Spec modules §4: the search block is disabled while the module's background task runs. */
  isLocked: boolean;
};

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

export const errorRouteOf = (types: readonly ImportTypeInfo[], importType: ImportType): string =>
  types.find((type) => type.importType === importType)?.errorRoute ?? '/import-document-error';

export const ImportList = ({ types, list, rows, sort, onSort, filters, onFilters, isLocked }: Props) => {
  const t = useText();
  const typeName = (importType: ImportType) => types.find((type) => type.importType === importType)?.name ?? importType;
  const columns: Column<ImportListItem>[] = [
    {
      key: 'stamp',
      header: t('import.uploadedAt'),
      sortKey: 'stamp',
      width: 150,
      render: (row) => (
        <Text size="sm" style={{ ...numeric, whiteSpace: 'nowrap' }}>
          {formatDateTime(row.stamp)}
        </Text>
      ),
    },
    {
      key: 'fileName',
      header: t('import.fileName'),
      sortKey: 'fileName',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" truncate maw={320} title={row.fileName}>
            {row.fileName}
          </Text>
          <Text size="xs" c="dimmed">
            {formatFileSize(row.fileSize)}
            {row.message ? ` · ${row.message}` : ''}
          </Text>
        </Stack>
      ),
    },
    { key: 'importType', header: t('import.type'), sortKey: 'importType', width: 165, render: (row) => typeName(row.importType) },
    {
      key: 'status',
      header: t('import.status'),
      sortKey: 'status',
      width: 215,
      render: (row) => <ImportStatusBadge status={row.status} />,
    },
    {
      key: 'totalRows',
      header: t('import.rows'),
      sortKey: 'totalRows',
      width: 90,
      isNumeric: true,
      render: (row) =>
        isImportRunning(row.status) ? (
          <Text span size="sm" c="dimmed" style={numeric}>
            {formatCount(row.processedRows)}
          </Text>
        ) : (
          formatCount(row.totalRows)
        ),
    },
    { key: 'validRows', header: t('import.valid'), width: 90, isNumeric: true, render: (row) => formatCount(row.validRows) },
    {
      key: 'errorRows',
      header: t('import.errors'),
      sortKey: 'errorRows',
      width: 90,
      isNumeric: true,
      render: (row) =>
        row.errorRows > 0 || row.status === 'Failed' ? (
          <Anchor
            component={Link}
            to={`${errorRouteOf(types, row.importType)}?importId=${row.importId}`}
            size="sm"
            c="red"
            style={numeric}
            data-testid={`import-row-errors-${row.importId}`}
          >
            {/* A file refused as a whole (damaged, too many rows) has no row in error: its one error says why. */}
            {row.errorRows > 0 ? formatCount(row.errorRows) : t('import.why')}
          </Anchor>
        ) : (
          formatCount(row.errorRows)
        ),
    },
    {
      key: 'by',
      header: t('import.by'),
      width: 170,
      render: (row) => (
        <Text size="sm" truncate maw={170}>
          {row.createdByName ?? ''}
        </Text>
      ),
    },
  ];
  const statuses = ImportStatusSchema.options;
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h5" fw={600}>
          {t('import.listTitle')}
        </Title>
        <Group gap="xs" align="flex-end">
          <Select
            size="xs"
            w={180}
            label={t('import.type')}
            placeholder={t('import.all')}
            clearable
            disabled={isLocked}
            data={types.map((type) => ({ value: type.importType, label: type.name }))}
            value={filters.importType ?? null}
            onChange={(value) => onFilters({ ...filters, importType: (value as ImportType | null) ?? null })}
            data-testid="import-filter-type"
          />
          <Select
            size="xs"
            w={160}
            label={t('import.status')}
            placeholder={t('import.all')}
            clearable
            disabled={isLocked}
            data={statuses.map((status) => ({ value: status, label: t(statusTextKey(status)) }))}
            value={filters.statuses?.[0] ?? null}
            onChange={(value) => onFilters({ ...filters, statuses: value ? [value as ImportStatus] : null })}
            data-testid="import-filter-status"
          />
        </Group>
      </Group>
      <DataTable
        columns={columns}
        rows={rows}
        rowId={(row) => row.importId}
        rowTestId={(row) => `import-row-${row.importId}`}
        rowLabel={(row) => `${row.fileName} ${t(statusTextKey(row.status))}`}
        totalRecords={list.totalRecords}
        isLoading={list.isPending}
        emptyText={t('import.empty')}
        sort={{ value: sort, fallback: DEFAULT_SORT, onChange: onSort }}
        loadMore={{ hasMore: list.hasNextPage, isLoading: list.isFetchingNextPage, onLoad: () => void list.fetchNextPage() }}
        maxHeight={520}
      />
    </Stack>
  );
};
