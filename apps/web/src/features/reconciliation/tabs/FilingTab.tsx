import { useMemo, useState } from 'react';
import { Badge, Switch } from '@mantine/core';
import { RECONCILIATION_FILING_REPORT, type FilingRow } from '@opengst/contracts';
import { useText, type Translate } from '../../../i18n/useText';
import type { Column } from '../../../shared/list/DataTable';
import { NameOverCode, reportColumn } from '../../../shared/report/reportColumns';
import { reconciliationKeys } from '../reconciliationApi';
import { SupplierGstinFilter } from '../SearchFilters';
import { ReportTab } from './ReportTab';

// Filing summary: per supplier and period, whether the supplier filed the GSTR-1 that reports to us (a document of an
// unfiled GSTR-1 gives no ITC yet), with the documents and tax it holds.

const REPORT = RECONCILIATION_FILING_REPORT;

const FiledBadge = ({ t, filed }: { t: Translate; filed: boolean | null }) =>
  filed === null ? (
    '—'
  ) : (
    <Badge size="sm" variant="light" radius="sm" tt="none" color={filed ? 'green' : 'red'}>
      {filed ? t('reconciliation.filing.filed') : t('reconciliation.filing.notFiled')}
    </Badge>
  );

const columns = (t: Translate): Column<FilingRow>[] => [
  reportColumn(REPORT, 'supplierName', t, {
    width: 240,
    render: (row) => <NameOverCode name={row.supplierName} code={row.supplierGstin} maxWidth={230} />,
  }),
  reportColumn(REPORT, 'returnPeriod', t),
  reportColumn(REPORT, 'gstr1Filed', t, { render: (row) => <FiledBadge t={t} filed={row.gstr1Filed} /> }),
  reportColumn(REPORT, 'gstr1FiledOn', t),
  reportColumn(REPORT, 'documents', t),
  reportColumn(REPORT, 'tax', t),
];

type Props = { runId: number; isActive: boolean; onTotal: (total: number) => void };

export const FilingTab = ({ runId, isActive, onTotal }: Props) => {
  const t = useText();
  const [supplier, setSupplier] = useState<string | null>(null);
  const [notFiledOnly, setNotFiledOnly] = useState(false);
  const filters = useMemo(
    () => ({ runId, ...(supplier ? { supplierGstins: [supplier] } : {}), ...(notFiledOnly ? { notFiledOnly: true } : {}) }),
    [runId, supplier, notFiledOnly],
  );
  return (
    <ReportTab
      report={REPORT}
      queryKey={reconciliationKeys.filing(runId)}
      filters={filters}
      filterControls={
        <>
          <SupplierGstinFilter value={supplier} onApply={setSupplier} isActive={isActive} testId="filing-supplier" />
          <Switch
            size="sm"
            label={t('reconciliation.filing.notFiledOnly')}
            checked={notFiledOnly}
            onChange={(event) => setNotFiledOnly(event.currentTarget.checked)}
            data-testid="filing-not-filed"
          />
        </>
      }
      isFiltered={!!supplier || notFiledOnly}
      emptyText={t('reconciliation.filing.empty')}
      columns={columns(t)}
      rowId={(row) => row.id}
      countLabel={(n) => t('reconciliation.filing.totals', { n })}
      onTotal={onTotal}
      testId="filing-tab"
      exportTestId="filing-export"
    />
  );
};
