import { useMemo, useState } from 'react';
import { MultiSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  RECONCILIATION_DOCUMENTS_REPORT,
  RECONCILIATION_STATUSES,
  ReconciliationStatusSchema,
  type ReconciliationStatus,
  type RunDocument,
} from '@opengst/contracts';
import { useText, type Translate } from '../../../i18n/useText';
import type { Column } from '../../../shared/list/DataTable';
import { NameOverCode, reportColumn } from '../../../shared/report/reportColumns';
import { ReconciliationStatusBadge, statusLabel } from '../ReconciliationStatusBadge';
import { reconciliationKeys } from '../reconciliationApi';
import { DocumentNumberFilter } from '../SearchFilters';
import { ReportTab } from './ReportTab';

// The document tab: every document of the run on one side (books or portal, the switch), with the status of its row;
// a document opens its row's pair view.

const REPORT = RECONCILIATION_DOCUMENTS_REPORT;
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
  const [side, setSide] = useState<Side>('books');
  const [statuses, setStatuses] = useState<ReconciliationStatus[]>([]);
  const [number, setNumber] = useState<string | null>(null);
  const filters = useMemo(
    () => ({ runId, side, ...(statuses.length > 0 ? { statuses } : {}), ...(number ? { documentNumber: number } : {}) }),
    [runId, side, statuses, number],
  );
  return (
    <ReportTab
      report={REPORT}
      queryKey={reconciliationKeys.documents(runId, 'documents')}
      filters={filters}
      filterControls={
        <>
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
          <DocumentNumberFilter value={number} onApply={setNumber} isActive={isActive} testId="documents-number" />
        </>
      }
      isFiltered={statuses.length > 0 || !!number}
      emptyText={t('reconciliation.noDocuments')}
      columns={columns(t)}
      rowId={(row) => row.id}
      rowTestId={(row) => `document-${row.side}-${row.documentNumber}`}
      onRowClick={(row) => onOpenPair(row.rowId)}
      countLabel={(n) => t('reconciliation.documentsTotals', { n })}
      onTotal={onTotal}
      testId="documents-tab"
      exportTestId="documents-export"
    />
  );
};
