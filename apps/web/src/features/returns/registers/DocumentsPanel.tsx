import { useEffect, useState } from 'react';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { formatInr } from '@opengst/domain';
import { REGISTER_DEFAULT_SORT, type RegisterFilters, type RegisterItem, type RegisterSearchResponse } from '@opengst/contracts';
import { useText } from '../../../i18n/useText';
import { ExportButton } from '../../../shared/ExportButton';
import { FilterPlaceholder } from '../../../shared/filter-bar/FilterPlaceholder';
import { periodLabel } from '../../../shared/filter-bar/periods';
import { formatCount } from '../../../shared/format';
import { DataTable } from '../../../shared/list/DataTable';
import { parseSortExpression, toSortExpression, type SortState } from '../../../shared/list/sortExpression';
import { useListQuery } from '../../../shared/list/useListQuery';
import { useRights } from '../../../shared/useRights';
import { DocumentDrawer } from './DocumentDrawer';
import { registerColumns } from './registerColumns';
import type { DocumentTab, RegisterModule } from './registerModules';
import { exportRegister, registerKeys, searchRegister } from './registersApi';

// A register's documents (the Documents tab, and with the note types preset the Credit/debit notes tab): sortable
// columns, totals over every matching document, selection, load more by pageSize, export and the detail drawer.

const DEFAULT_SORT: SortState = parseSortExpression(REGISTER_DEFAULT_SORT);

type Props = {
  module: RegisterModule;
  tab: DocumentTab;
  filters: RegisterFilters;
  /** Whether the user narrowed the list beyond year and period (the tab's own preset does not count). */
  isFiltered: boolean;
  reloadCount: number;
  selectedIds: readonly number[];
  onSelect: (ids: number[]) => void;
  onTotal: (total: number) => void;
};

const Totals = ({ response }: { response: RegisterSearchResponse | undefined }) => {
  const t = useText();
  if (!response || response.totalRecords === 0) return null;
  const { totals } = response;
  const parts = [
    ['register.taxable', totals.taxable],
    ['register.igst', totals.igst],
    ['register.cgst', totals.cgst],
    ['register.sgst', totals.sgst],
    ['register.cess', totals.cess],
    ['register.documentValue', totals.documentValue],
  ] as const;
  return (
    <Group gap="lg" data-testid="register-totals">
      <Text size="xs" fw={600}>
        {t('register.totals', { n: formatCount(response.totalRecords) })}
      </Text>
      {parts.map(([key, paise]) => (
        <Group key={key} gap={4} wrap="nowrap">
          <Text size="xs" c="dimmed">
            {t(key)}
          </Text>
          <Text size="xs" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`total-${key.slice(9)}`}>
            {formatInr(paise)}
          </Text>
        </Group>
      ))}
    </Group>
  );
};

export const DocumentsPanel = ({ module, tab, filters, isFiltered, reloadCount, selectedIds, onSelect, onTotal }: Props) => {
  const t = useText();
  const rights = useRights([module.exportRight]);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [open, setOpen] = useState<RegisterItem | null>(null);
  const sortExpression = toSortExpression(sort);
  const list = useListQuery(registerKeys.list(module.direction, tab, filters, sortExpression, reloadCount), (page) =>
    searchRegister(module, page, sortExpression, filters),
  );
  // The first page carries the totals over every matching document.
  const firstPage = list.data?.pages[0] as RegisterSearchResponse | undefined;
  useEffect(() => onTotal(list.totalRecords), [list.totalRecords, onTotal]);

  const period = filters.returnPeriods?.length ? filters.returnPeriods.map(periodLabel).join(', ') : (filters.financialYear ?? '');
  if (!list.isPending && list.rows.length === 0 && !isFiltered && !list.isError) {
    return <FilterPlaceholder kind="empty" text={t(module.emptyKey, { period })} testId={`${tab}-empty`} />;
  }
  return (
    <Stack gap="xs" data-testid={`register-${tab}`}>
      <Paper withBorder radius="sm" px="sm" py={6}>
        <Group justify="space-between" gap="sm">
          <Totals response={firstPage} />
          {rights[module.exportRight] ? (
            <ExportButton
              download={() => exportRegister(module, sortExpression, filters)}
              fileName={module.exportFileName}
              testId={`${tab}-export`}
            />
          ) : null}
        </Group>
      </Paper>
      <DataTable
        columns={registerColumns(t, module.counterpartyKey)}
        rows={list.rows}
        rowId={(row) => row.id}
        rowTestId={(row) => `document-row-${row.documentNumber}`}
        rowLabel={(row) => `${row.documentType} ${row.documentNumber}`}
        totalRecords={list.totalRecords}
        isLoading={list.isPending}
        emptyText={t('register.noSearchResult')}
        sort={{ value: sort, fallback: DEFAULT_SORT, onChange: setSort }}
        selection={{ selected: selectedIds, onChange: onSelect, actions: null }}
        onRowClick={setOpen}
        loadMore={{ hasMore: list.hasNextPage, isLoading: list.isFetchingNextPage, onLoad: () => void list.fetchNextPage() }}
      />
      <DocumentDrawer
        module={module}
        id={open?.id ?? null}
        title={open ? `${open.documentType} ${open.documentNumber}` : ''}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
};
