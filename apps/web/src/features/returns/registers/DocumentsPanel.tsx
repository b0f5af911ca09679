import { useEffect, useState } from 'react';
import { Group, Paper, Stack } from '@mantine/core';
import { REGISTER_DEFAULT_SORT, reportFileName, type RegisterFilters, type RegisterItem } from '@opengst/contracts';
import { useText } from '../../../i18n/useText';
import { ExportButton } from '../../../shared/ExportButton';
import { FilterPlaceholder } from '../../../shared/filter-bar/FilterPlaceholder';
import { periodLabel } from '../../../shared/filter-bar/periods';
import { DataTable } from '../../../shared/list/DataTable';
import { listTableProps } from '../../../shared/list/listTableProps';
import { parseSortExpression, toSortExpression, type SortState } from '../../../shared/list/sortExpression';
import { ReportTotals } from '../../../shared/report/ReportTotals';
import { exportReport, useReport } from '../../../shared/report/useReport';
import { useRights } from '../../../shared/useRights';
import { DocumentDrawer } from './DocumentDrawer';
import { registerColumns } from './registerColumns';
import type { DocumentTab, RegisterModule } from './registerModules';
import { registerKeys } from './registersApi';

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

export const DocumentsPanel = ({ module, tab, filters, isFiltered, reloadCount, selectedIds, onSelect, onTotal }: Props) => {
  const t = useText();
  const rights = useRights([module.exportRight]);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [open, setOpen] = useState<RegisterItem | null>(null);
  const sortExpression = toSortExpression(sort);
  const list = useReport(module.report, registerKeys.list(module.direction, tab, reloadCount), filters, sortExpression);
  useEffect(() => onTotal(list.totalRecords), [list.totalRecords, onTotal]);

  const period = filters.returnPeriods?.length ? filters.returnPeriods.map(periodLabel).join(', ') : (filters.financialYear ?? '');
  if (!list.isPending && list.rows.length === 0 && !isFiltered && !list.isError) {
    return <FilterPlaceholder kind="empty" text={t(module.emptyKey, { period })} testId={`${tab}-empty`} />;
  }
  return (
    <Stack gap="xs" data-testid={`register-${tab}`}>
      <Paper withBorder radius="sm" px="sm" py={6}>
        <Group justify="space-between" gap="sm">
          <ReportTotals
            report={module.report}
            totalRecords={list.totalRecords}
            totals={list.totals}
            countLabel={(n) => t('register.totals', { n })}
            testId="register-totals"
          />
          {rights[module.exportRight] ? (
            <ExportButton
              download={() => exportReport(module.report, sortExpression, filters)}
              fileName={reportFileName(module.report)}
              testId={`${tab}-export`}
            />
          ) : null}
        </Group>
      </Paper>
      <DataTable
        columns={registerColumns(t, module)}
        rowId={(row) => row.id}
        rowTestId={(row) => `document-row-${row.documentNumber}`}
        rowLabel={(row) => `${row.documentType} ${row.documentNumber}`}
        emptyText={t('register.noSearchResult')}
        sort={{ value: sort, fallback: DEFAULT_SORT, onChange: setSort }}
        selection={{ selected: selectedIds, onChange: onSelect, actions: null }}
        onRowClick={setOpen}
        {...listTableProps(list)}
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
