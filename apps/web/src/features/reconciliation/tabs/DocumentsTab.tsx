import { useEffect, useMemo, useState } from 'react';
import { Group, MultiSelect, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  RECONCILIATION_DOCUMENTS_REPORT,
  RECONCILIATION_STATUSES,
  ReconciliationStatusSchema,
  reportFileName,
  type ReconciliationStatus,
  type RunDocument,
} from '@opengst/contracts';
import { useText, type Translate } from '../../../i18n/useText';
import { ExportButton } from '../../../shared/ExportButton';
import { TextFilterInput } from '../../../shared/filter-bar/TextFilterInput';
import { DataTable, type Column } from '../../../shared/list/DataTable';
import { parseSortExpression, toSortExpression, type SortState } from '../../../shared/list/sortExpression';
import { NameOverCode, reportColumn } from '../../../shared/report/reportColumns';
import { ReportTotals } from '../../../shared/report/ReportTotals';
import { exportReport, useReport } from '../../../shared/report/useReport';
import { ReconciliationStatusBadge, statusLabel } from '../ReconciliationStatusBadge';
import { reconciliationKeys } from '../reconciliationApi';

// The document tab: every document of the run on one side (books or portal, the switch), with the status of its row;
// a document opens its row's pair view.

const REPORT = RECONCILIATION_DOCUMENTS_REPORT;
const DEFAULT_SORT: SortState = parseSortExpression(REPORT.defaultSort);
type Side = 'books' | 'portal';

const columns = (t: Translate): Column<RunDocument>[] => [
  reportColumn(REPORT, 'status', t, { render: (row) => <ReconciliationStatusBadge status={row.status} /> }),
  reportColumn(REPORT, 'supplierName', t, {
    width: 220,
    render: (row) => <NameOverCode name={row.supplierName} code={row.supplierGstin} maxWidth={210} />,
  }),
  reportColumn(REPORT, 'gstin', t),
  reportColumn(REPORT, 'documentType', t),
  reportColumn(REPORT, 'documentNumber', t),
  reportColumn(REPORT, 'documentDate', t),
  reportColumn(REPORT, 'returnPeriod', t),
  reportColumn(REPORT, 'taxable', t),
  reportColumn(REPORT, 'tax', t),
  reportColumn(REPORT, 'documents', t),
];

type Props = { runId: number; isActive: boolean; onTotal: (total: number) => void; onOpenPair: (rowId: number) => void };

export const DocumentsTab = ({ runId, isActive, onTotal, onOpenPair }: Props) => {
  const t = useText();
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [side, setSide] = useState<Side>('books');
  const [statuses, setStatuses] = useState<ReconciliationStatus[]>([]);
  const [number, setNumber] = useState<string | null>(null);
  const sortExpression = toSortExpression(sort);
  const filters = useMemo(
    () => ({ runId, side, ...(statuses.length > 0 ? { statuses } : {}), ...(number ? { documentNumber: number } : {}) }),
    [runId, side, statuses, number],
  );
  const list = useReport(REPORT, reconciliationKeys.documents(runId, 'documents'), filters, sortExpression);
  // The count once known, not the 0 of a list still loading.
  useEffect(() => {
    if (!list.isPending) onTotal(list.totalRecords);
  }, [list.isPending, list.totalRecords, onTotal]);
  return (
    <Stack gap="xs" data-testid="documents-tab">
      <Paper withBorder radius="sm" px="sm" py={6}>
        <Group justify="space-between" align="flex-end">
          <Group gap="sm" align="flex-end">
            <Stack gap={2}>
              <Text size="xs" fw={500}>
                {t('reconciliation.side')}
              </Text>
              <SegmentedControl
                size="xs"
                value={side}
                onChange={(value) => setSide(value as Side)}
                data={[
                  { value: 'books', label: t('reconciliation.side.books') },
                  { value: 'portal', label: t('reconciliation.side.portal') },
                ]}
                data-testid="documents-side"
              />
            </Stack>
            <MultiSelect
              size="xs"
              w={240}
              label={t('reconciliation.status')}
              placeholder={statuses.length === 0 ? t('filter.statusAll') : undefined}
              data={RECONCILIATION_STATUSES.map((status) => ({ value: status, label: statusLabel(t, status) }))}
              value={statuses}
              onChange={(values) => setStatuses(ReconciliationStatusSchema.array().parse(values))}
              clearable
              data-testid="documents-statuses"
            />
            <TextFilterInput
              label={t('reconciliation.filter.number')}
              kind={{ type: 'text' }}
              value={number}
              hasSlashShortcut={isActive}
              onApply={(value) => setNumber(value === null ? null : String(value))}
              testId="documents-number"
            />
          </Group>
          <ExportButton
            download={() => exportReport(REPORT, sortExpression, filters)}
            fileName={reportFileName(REPORT)}
            testId="documents-export"
          />
        </Group>
      </Paper>
      <ReportTotals
        report={REPORT}
        totalRecords={list.totalRecords}
        totals={list.totals}
        countLabel={(n) => t('reconciliation.documentsTotals', { n })}
      />
      <DataTable
        columns={columns(t)}
        rows={list.rows}
        rowId={(row) => row.id}
        rowTestId={(row) => `document-${row.side}-${row.documentNumber}`}
        totalRecords={list.totalRecords}
        isLoading={list.isPending}
        emptyText={statuses.length > 0 || number ? t('reconciliation.noMatch') : t('reconciliation.noDocuments')}
        sort={{ value: sort, fallback: DEFAULT_SORT, onChange: setSort }}
        onRowClick={(row) => onOpenPair(row.rowId)}
        loadMore={{ hasMore: list.hasNextPage, isLoading: list.isFetchingNextPage, onLoad: () => void list.fetchNextPage() }}
        rowHeight={44}
      />
    </Stack>
  );
};
