import { useEffect, useState } from 'react';
import type { SummaryFilters, SummaryItem } from '@opengst/contracts';
import { useText } from '../../../i18n/useText';
import { FilterPlaceholder } from '../../../shared/filter-bar/FilterPlaceholder';
import { DataTable } from '../../../shared/list/DataTable';
import { listTableProps } from '../../../shared/list/listTableProps';
import { parseSortExpression, toSortExpression, type SortState } from '../../../shared/list/sortExpression';
import { useListQuery } from '../../../shared/list/useListQuery';
import { summaryColumns } from './registerColumns';
import type { RegisterModule } from './registerModules';
import { registerKeys, searchSummaries } from './registersApi';

// The Summary tab: B2CS, advances, nil/exempt and documents-issued rows of the chosen periods. While the module's
// import runs the summary is still being written, and the tab says so instead of showing half of it.

const DEFAULT_SORT: SortState = parseSortExpression('id DESC');

type Props = {
  module: RegisterModule;
  filters: SummaryFilters;
  reloadCount: number;
  isImportRunning: boolean;
  onTotal: (total: number) => void;
};

export const SummaryPanel = ({ module, filters, reloadCount, isImportRunning, onTotal }: Props) => {
  const t = useText();
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const sortExpression = toSortExpression(sort);
  const list = useListQuery<SummaryItem>(registerKeys.summary(module.direction, filters, sortExpression, reloadCount), (page) =>
    searchSummaries(module, page, sortExpression, filters),
  );
  useEffect(() => onTotal(list.totalRecords), [list.totalRecords, onTotal]);
  if (isImportRunning) return <FilterPlaceholder kind="summaryInProgress" text={t('filter.summaryInProgress')} />;
  return (
    <DataTable
      columns={summaryColumns(t)}
      rowId={(row) => row.id}
      emptyText={t('register.summaryEmpty')}
      sort={{ value: sort, fallback: DEFAULT_SORT, onChange: setSort }}
      {...listTableProps(list)}
    />
  );
};
