import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Group, Paper, Stack } from '@mantine/core';
import { reportFileName, type Report, type ReportFilters, type ReportRow } from '@opengst/contracts';
import { useText } from '../../../i18n/useText';
import { ExportButton } from '../../../shared/ExportButton';
import { DataTable, type Column } from '../../../shared/list/DataTable';
import { parseSortExpression, toSortExpression, type SortState } from '../../../shared/list/sortExpression';
import { ReportTotals } from '../../../shared/report/ReportTotals';
import { exportReport, useReport } from '../../../shared/report/useReport';

// A tab of a run that lists one report (vendors, filing summary, documents): its filters with the export of what they
// select beside them, the count and totals over every matching row, then the rows a page at a time in the report's
// sort or the one chosen. The tab's label shows the count once the list has it.

type Props<D extends Report> = {
  report: D;
  /** The run's query key of this list; the filters and the sort are added to it. */
  queryKey: readonly unknown[];
  filters: ReportFilters<D>;
  /** The tab's own filters, left of the export. */
  filterControls: ReactNode;
  /** Whether a filter narrows the list, so an empty list says "no match" rather than `emptyText`. */
  isFiltered: boolean;
  emptyText: string;
  columns: Column<ReportRow<D>>[];
  rowId: (row: ReportRow<D>) => number;
  rowTestId?: (row: ReportRow<D>) => string;
  onRowClick?: (row: ReportRow<D>) => void;
  /** "Totals (₹) of {n} suppliers": the tab's wording of the count. */
  countLabel: (n: string) => string;
  onTotal: (total: number) => void;
  testId: string;
  exportTestId: string;
};

export const ReportTab = <D extends Report>(props: Props<D>) => {
  const { report, filters, onTotal } = props;
  const t = useText();
  const defaultSort = useMemo(() => parseSortExpression(report.defaultSort), [report.defaultSort]);
  const [sort, setSort] = useState<SortState>(defaultSort);
  const sortExpression = toSortExpression(sort);
  const list = useReport(report, props.queryKey, filters, sortExpression);
  // The count once known, not the 0 of a list still loading.
  useEffect(() => {
    if (!list.isPending) onTotal(list.totalRecords);
  }, [list.isPending, list.totalRecords, onTotal]);
  return (
    <Stack gap="xs" data-testid={props.testId}>
      <Paper withBorder radius="sm" px="sm" py={6}>
        <Group justify="space-between" align="flex-end">
          <Group gap="sm" align="flex-end">
            {props.filterControls}
          </Group>
          <ExportButton
            download={() => exportReport(report, sortExpression, filters)}
            fileName={reportFileName(report)}
            testId={props.exportTestId}
          />
        </Group>
      </Paper>
      <ReportTotals report={report} totalRecords={list.totalRecords} totals={list.totals} countLabel={props.countLabel} />
      <DataTable
        columns={props.columns}
        rows={list.rows}
        rowId={props.rowId}
        {...(props.rowTestId ? { rowTestId: props.rowTestId } : {})}
        totalRecords={list.totalRecords}
        isLoading={list.isPending}
        emptyText={props.isFiltered ? t('reconciliation.noMatch') : props.emptyText}
        sort={{ value: sort, fallback: defaultSort, onChange: setSort }}
        {...(props.onRowClick ? { onRowClick: props.onRowClick } : {})}
        loadMore={{ hasMore: list.hasNextPage, isLoading: list.isFetchingNextPage, onLoad: () => void list.fetchNextPage() }}
        rowHeight={44}
      />
    </Stack>
  );
};
