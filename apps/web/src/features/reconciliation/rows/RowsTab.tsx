import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Group, Paper, Stack } from '@mantine/core';
import { RECONCILIATION_ROWS_REPORT, reportFileName, type ReconciliationRow, type StatusCount } from '@opengst/contracts';
import { useText } from '../../../i18n/useText';
import { ExportButton } from '../../../shared/ExportButton';
import { FilterPlaceholder } from '../../../shared/filter-bar/FilterPlaceholder';
import { StatusCountBar } from '../../../shared/filter-bar/StatusCountBar';
import type { FilterFlow } from '../../../shared/filter-bar/useFilterFlow';
import { formatCount } from '../../../shared/format';
import { DataTable, type Column } from '../../../shared/list/DataTable';
import { parseSortExpression, toSortExpression, type SortState } from '../../../shared/list/sortExpression';
import { ReportTotals } from '../../../shared/report/ReportTotals';
import { exportReport, useReport } from '../../../shared/report/useReport';
import { statusLabel } from '../ReconciliationStatusBadge';
import { downloadWorkbook, reconciliationKeys, workbookFileName } from '../reconciliationApi';
import { useRefreshRun } from '../useRefreshRun';
import type { RowActionName } from './RowActionDialog';
import { RowActionButtonsFor } from './RowActionsFor';
import { rowColumns } from './rowColumns';
import { isRowFiltered, toRowFilters, withStatus, type RowFilterState } from './rowFilters';
import { RowsFilterBar } from './RowsFilterBar';

// The reconciliation tab (UI.md "Every list is a worktable"): the filter bar with its chips, the status-count bar from
// the run's summary, the totals over every matching row, the rows with selection and bulk actions, "apply to all
// filtered", the export of exactly what is filtered and the reconciliation workbook. A row opens the pair view.
// Another screen over the same rows (IMS) gives its own columns, the actions it offers, a part of its own beside the
// selection's actions, and its own empty text.

const REPORT = RECONCILIATION_ROWS_REPORT;
const DEFAULT_SORT: SortState = parseSortExpression(REPORT.defaultSort);

type Props = {
  runId: number;
  gstins: readonly string[];
  byStatus: readonly StatusCount[];
  flow: FilterFlow<RowFilterState>;
  isActive: boolean;
  onTotal: (total: number) => void;
  onOpenPair: (rowId: number) => void;
  /** The grid's columns (rowColumns by default). */
  columns?: readonly Column<ReconciliationRow>[] | undefined;
  /** The actions offered on rows (all by default). */
  actions?: readonly RowActionName[] | undefined;
  remarksHint?: string | undefined;
  /** Beside the selection's actions: the selected rows among those loaded, and what to call once done. */
  selectionExtra?: ((selected: readonly ReconciliationRow[], onDone: () => void) => ReactNode) | undefined;
  /** What the tab says when the run has no rows. */
  emptyText?: string | undefined;
};

export const RowsTab = ({
  runId,
  gstins,
  byStatus,
  flow,
  isActive,
  onTotal,
  onOpenPair,
  columns,
  actions,
  remarksHint,
  selectionExtra,
  emptyText,
}: Props) => {
  const t = useText();
  const refresh = useRefreshRun(runId);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const sortExpression = toSortExpression(sort);
  const { applied, reloadCount, selectedIds } = flow.state;
  const { dispatch } = flow;
  const chosen = useMemo(() => toRowFilters(applied), [applied]);
  const filters = useMemo(() => ({ runId, ...chosen }), [runId, chosen]);
  const list = useReport(REPORT, reconciliationKeys.rows(runId, reloadCount), filters, sortExpression);
  // The count once known, not the 0 of a list still loading.
  useEffect(() => {
    if (!list.isPending) onTotal(list.totalRecords);
  }, [list.isPending, list.totalRecords, onTotal]);
  const statusItems = useMemo(() => byStatus.map((item) => ({ status: item.status, count: item.rows })), [byStatus]);
  const isFiltered = isRowFiltered(applied);
  const onDone = () => {
    dispatch({ type: 'select', ids: [] });
    refresh();
  };
  const selectedRows = useMemo(() => {
    const chosenIds = new Set(selectedIds);
    return list.rows.filter((row) => chosenIds.has(row.id));
  }, [list.rows, selectedIds]);

  return (
    <Stack gap="xs" data-testid="rows-tab">
      <RowsFilterBar flow={flow} gstins={gstins} isActive={isActive} />
      <StatusCountBar
        items={statusItems}
        active={applied.statuses}
        labelOf={(status) => statusLabel(t, status)}
        onSelect={(status) => dispatch({ type: 'apply', patch: withStatus(status) })}
      />
      <Paper withBorder radius="sm" px="sm" py={6}>
        <Group justify="space-between" gap="sm">
          <ReportTotals
            report={REPORT}
            totalRecords={list.totalRecords}
            totals={list.totals}
            countLabel={(n) => t('reconciliation.totals', { n })}
            testId="rows-totals"
          />
          <Group gap="xs">
            {list.totalRecords > 0 ? (
              <RowActionButtonsFor
                runId={runId}
                kind="all"
                label={t(isFiltered ? 'reconciliation.applyToAll' : 'reconciliation.applyToAllRows', { n: formatCount(list.totalRecords) })}
                selection={{ filters: chosen }}
                count={list.totalRecords}
                onDone={onDone}
                testId="apply-all"
                actions={actions}
                remarksHint={remarksHint}
              />
            ) : null}
            <ExportButton
              download={() => exportReport(REPORT, sortExpression, filters)}
              fileName={reportFileName(REPORT)}
              testId="rows-export"
            />
            <ExportButton
              download={() => downloadWorkbook(runId, chosen)}
              fileName={workbookFileName(runId)}
              label={t('reconciliation.workbook')}
              testId="rows-workbook"
            />
          </Group>
        </Group>
      </Paper>
      {!list.isPending && !list.isError && list.rows.length === 0 ? (
        <Stack gap="xs" align="center">
          <FilterPlaceholder
            kind="empty"
            text={isFiltered ? t('reconciliation.noMatch') : (emptyText ?? t('reconciliation.noRows'))}
            testId={isFiltered ? 'rows-no-match' : 'rows-empty'}
          />
          {isFiltered ? (
            <Button
              size="xs"
              variant="default"
              onClick={() => dispatch({ type: 'clearAll', keepKeys: [] })}
              data-testid="rows-clear-filters"
            >
              {t('reconciliation.clearFilters')}
            </Button>
          ) : null}
        </Stack>
      ) : (
        <DataTable
          columns={columns ?? rowColumns(t)}
          rows={list.rows}
          rowId={(row) => row.id}
          rowLabel={(row) => `${statusLabel(t, row.status)} ${row.supplierGstin} ${row.booksNumber ?? row.portalNumber ?? ''}`}
          totalRecords={list.totalRecords}
          isLoading={list.isPending}
          emptyText={t('reconciliation.noMatch')}
          sort={{ value: sort, fallback: DEFAULT_SORT, onChange: setSort }}
          selection={{
            selected: selectedIds,
            onChange: (ids) => dispatch({ type: 'select', ids }),
            actions: (
              <>
                <RowActionButtonsFor
                  runId={runId}
                  kind="selection"
                  selection={{ rowIds: selectedIds }}
                  count={selectedIds.length}
                  onDone={onDone}
                  testId="bulk"
                  actions={actions}
                  remarksHint={remarksHint}
                />
                {selectionExtra?.(selectedRows, onDone)}
              </>
            ),
          }}
          onRowClick={(row) => onOpenPair(row.id)}
          loadMore={{ hasMore: list.hasNextPage, isLoading: list.isFetchingNextPage, onLoad: () => void list.fetchNextPage() }}
          rowHeight={44}
        />
      )}
    </Stack>
  );
};
