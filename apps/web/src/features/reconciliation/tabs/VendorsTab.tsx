import { useEffect, useMemo, useState } from 'react';
import { Anchor, Group, Paper, Stack, Switch } from '@mantine/core';
import { RECONCILIATION_VENDORS_REPORT, reportFileName, type RowFilters, type Vendor } from '@opengst/contracts';
import { useText, type Translate } from '../../../i18n/useText';
import { ExportButton } from '../../../shared/ExportButton';
import { TextFilterInput } from '../../../shared/filter-bar/TextFilterInput';
import { DataTable, type Column } from '../../../shared/list/DataTable';
import { parseSortExpression, toSortExpression, type SortState } from '../../../shared/list/sortExpression';
import { NameOverCode, reportColumn } from '../../../shared/report/reportColumns';
import { ReportTotals } from '../../../shared/report/ReportTotals';
import { exportReport, useReport } from '../../../shared/report/useReport';
import { AtRisk } from '../Amount';
import { downloadVendorWorkbook, reconciliationKeys, vendorWorkbookFileName } from '../reconciliationApi';

// Vendor reconciliation: per supplier the rows by status, tax on both sides and the ITC at risk, the riskiest first.
// Each supplier opens the reconciliation tab filtered to it, and its workbook downloads ready to send to it.

const REPORT = RECONCILIATION_VENDORS_REPORT;
const DEFAULT_SORT: SortState = parseSortExpression(REPORT.defaultSort);

type Props = {
  runId: number;
  isActive: boolean;
  onTotal: (total: number) => void;
  onOpenRows: (patch: Partial<Omit<RowFilters, 'runId'>>) => void;
};

const VendorLinks = ({ runId, vendor, onOpenRows }: { runId: number; vendor: Vendor; onOpenRows: Props['onOpenRows'] }) => {
  const t = useText();
  return (
    <Group gap="sm" wrap="nowrap" onClick={(event) => event.stopPropagation()}>
      <Anchor
        component="button"
        type="button"
        size="xs"
        onClick={() => onOpenRows({ supplierGstins: [vendor.supplierGstin] })}
        data-testid={`vendor-rows-${vendor.supplierGstin}`}
      >
        {t('reconciliation.vendor.openRows')}
      </Anchor>
      <ExportButton
        download={() => downloadVendorWorkbook(runId, vendor.supplierGstin)}
        fileName={vendorWorkbookFileName(runId, vendor.supplierGstin)}
        label={t('reconciliation.workbook')}
        testId={`vendor-workbook-${vendor.supplierGstin}`}
      />
    </Group>
  );
};

const columns = (t: Translate, runId: number, onOpenRows: Props['onOpenRows']): Column<Vendor>[] => [
  reportColumn(REPORT, 'supplierName', t, {
    width: 220,
    render: (row) => <NameOverCode name={row.supplierName} code={row.supplierGstin} maxWidth={210} />,
  }),
  reportColumn(REPORT, 'matched', t),
  reportColumn(REPORT, 'matchedWithTolerance', t),
  reportColumn(REPORT, 'mismatched', t),
  reportColumn(REPORT, 'nearMatched', t),
  reportColumn(REPORT, 'recipientDiffers', t),
  reportColumn(REPORT, 'booksOnly', t),
  reportColumn(REPORT, 'awaiting2b', t),
  reportColumn(REPORT, 'portalOnly', t),
  reportColumn(REPORT, 'booksTax', t),
  reportColumn(REPORT, 'portalTax', t),
  reportColumn(REPORT, 'itcAtRisk', t, { render: (row) => <AtRisk paise={row.itcAtRisk} testId={`vendor-risk-${row.supplierGstin}`} /> }),
  reportColumn(REPORT, 'itcNotInBooks', t),
  { key: 'links', header: '', width: 190, render: (row) => <VendorLinks runId={runId} vendor={row} onOpenRows={onOpenRows} /> },
];

export const VendorsTab = ({ runId, isActive, onTotal, onOpenRows }: Props) => {
  const t = useText();
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [supplier, setSupplier] = useState<string | null>(null);
  const [withDifferencesOnly, setWithDifferencesOnly] = useState(false);
  const sortExpression = toSortExpression(sort);
  const filters = useMemo(
    () => ({
      runId,
      ...(supplier ? { supplierGstins: [supplier] } : {}),
      ...(withDifferencesOnly ? { withDifferencesOnly: true } : {}),
    }),
    [runId, supplier, withDifferencesOnly],
  );
  const list = useReport(REPORT, reconciliationKeys.vendors(runId), filters, sortExpression);
  // The count once known, not the 0 of a list still loading.
  useEffect(() => {
    if (!list.isPending) onTotal(list.totalRecords);
  }, [list.isPending, list.totalRecords, onTotal]);
  return (
    <Stack gap="xs" data-testid="vendors-tab">
      <Paper withBorder radius="sm" px="sm" py={6}>
        <Group justify="space-between" align="flex-end" gap="sm">
          <Group gap="sm" align="flex-end">
            <TextFilterInput
              label={t('reconciliation.supplierGstin')}
              kind={{ type: 'text' }}
              value={supplier}
              hasSlashShortcut={isActive}
              onApply={(value) => setSupplier(value === null ? null : String(value).trim().toUpperCase() || null)}
              testId="vendor-supplier"
            />
            <Switch
              size="sm"
              label={t('reconciliation.vendor.withDifferencesOnly')}
              checked={withDifferencesOnly}
              onChange={(event) => setWithDifferencesOnly(event.currentTarget.checked)}
              data-testid="vendor-differences-only"
            />
          </Group>
          <ExportButton
            download={() => exportReport(REPORT, sortExpression, filters)}
            fileName={reportFileName(REPORT)}
            testId="vendors-export"
          />
        </Group>
      </Paper>
      <ReportTotals
        report={REPORT}
        totalRecords={list.totalRecords}
        totals={list.totals}
        countLabel={(n) => t('reconciliation.vendor.totals', { n })}
      />
      <DataTable
        columns={columns(t, runId, onOpenRows)}
        rows={list.rows}
        rowId={(row) => row.id}
        rowTestId={(row) => `vendor-${row.supplierGstin}`}
        totalRecords={list.totalRecords}
        isLoading={list.isPending}
        emptyText={supplier || withDifferencesOnly ? t('reconciliation.noMatch') : t('reconciliation.vendor.empty')}
        sort={{ value: sort, fallback: DEFAULT_SORT, onChange: setSort }}
        loadMore={{ hasMore: list.hasNextPage, isLoading: list.isFetchingNextPage, onLoad: () => void list.fetchNextPage() }}
        rowHeight={44}
      />
    </Stack>
  );
};
