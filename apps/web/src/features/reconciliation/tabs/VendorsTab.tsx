import { useMemo, useState } from 'react';
import { Anchor, Group, Switch } from '@mantine/core';
import { Link } from 'react-router';
import { RECONCILIATION_VENDORS_REPORT, type RowFilters, type Vendor } from '@opengst/contracts';
import { useText, type Translate } from '../../../i18n/useText';
import { ExportButton } from '../../../shared/ExportButton';
import { useRights } from '../../../shared/useRights';
import type { Column } from '../../../shared/list/DataTable';
import { NameOverCode, reportColumn } from '../../../shared/report/reportColumns';
import { AtRisk } from '../Amount';
import { downloadVendorWorkbook, reconciliationKeys, vendorWorkbookFileName } from '../reconciliationApi';
import { SupplierGstinFilter } from '../SearchFilters';
import { NotifyAction } from '../NotifyAction';
import { ReportTab } from './ReportTab';

// Vendor reconciliation: per supplier the rows by status, tax on both sides and the ITC at risk, the riskiest first.
// Each supplier opens the reconciliation tab filtered to it, its workbook downloads ready to send to it, and its
// invoices open for payment with the GST of those not (yet) in the 2B held back (/initiate-payment-invoice).

const REPORT = RECONCILIATION_VENDORS_REPORT;

type Props = {
  runId: number;
  isActive: boolean;
  onTotal: (total: number) => void;
  onOpenRows: (patch: Partial<Omit<RowFilters, 'runId'>>) => void;
};

const VendorLinks = ({ runId, vendor, onOpenRows }: { runId: number; vendor: Vendor; onOpenRows: Props['onOpenRows'] }) => {
  const t = useText();
  const { VendorPayment: canPay } = useRights(['VendorPayment']);
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
      <NotifyAction from={{ kind: 'vendors', runId, supplierGstins: [vendor.supplierGstin] }} variant="link" />
      {canPay ? (
        <Anchor
          component={Link}
          to={`/initiate-payment-invoice?${new URLSearchParams({ supplierGstin: vendor.supplierGstin }).toString()}`}
          size="xs"
          data-testid={`vendor-pay-${vendor.supplierGstin}`}
        >
          {t('reconciliation.vendor.pay')}
        </Anchor>
      ) : null}
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
  { key: 'links', header: '', width: 320, render: (row) => <VendorLinks runId={runId} vendor={row} onOpenRows={onOpenRows} /> },
];

export const VendorsTab = ({ runId, isActive, onTotal, onOpenRows }: Props) => {
  const t = useText();
  const [supplier, setSupplier] = useState<string | null>(null);
  const [withDifferencesOnly, setWithDifferencesOnly] = useState(false);
  const filters = useMemo(
    () => ({
      runId,
      ...(supplier ? { supplierGstins: [supplier] } : {}),
      ...(withDifferencesOnly ? { withDifferencesOnly: true } : {}),
    }),
    [runId, supplier, withDifferencesOnly],
  );
  return (
    <ReportTab
      report={REPORT}
      queryKey={reconciliationKeys.vendors(runId)}
      filters={filters}
      filterControls={
        <>
          <SupplierGstinFilter value={supplier} onApply={setSupplier} isActive={isActive} testId="vendor-supplier" />
          <Switch
            size="sm"
            label={t('reconciliation.vendor.withDifferencesOnly')}
            checked={withDifferencesOnly}
            onChange={(event) => setWithDifferencesOnly(event.currentTarget.checked)}
            data-testid="vendor-differences-only"
          />
        </>
      }
      isFiltered={!!supplier || withDifferencesOnly}
      emptyText={t('reconciliation.vendor.empty')}
      columns={columns(t, runId, onOpenRows)}
      rowId={(row) => row.id}
      rowTestId={(row) => `vendor-${row.supplierGstin}`}
      countLabel={(n) => t('reconciliation.vendor.totals', { n })}
      onTotal={onTotal}
      testId="vendors-tab"
      exportTestId="vendors-export"
    />
  );
};
