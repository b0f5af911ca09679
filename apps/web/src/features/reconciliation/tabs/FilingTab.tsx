import { useEffect, useMemo, useState } from 'react';
import { Badge, Group, Paper, Stack, Switch } from '@mantine/core';
import { RECONCILIATION_FILING_REPORT, reportFileName, type FilingRow } from '@opengst/contracts';
import { useText, type Translate } from '../../../i18n/useText';
import { ExportButton } from '../../../shared/ExportButton';
import { TextFilterInput } from '../../../shared/filter-bar/TextFilterInput';
import { DataTable, type Column } from '../../../shared/list/DataTable';
import { parseSortExpression, toSortExpression, type SortState } from '../../../shared/list/sortExpression';
import { NameOverCode, reportColumn } from '../../../shared/report/reportColumns';
import { ReportTotals } from '../../../shared/report/ReportTotals';
import { exportReport, useReport } from '../../../shared/report/useReport';
import { reconciliationKeys } from '../reconciliationApi';

// Filing summary: per supplier and period, whether the supplier filed the GSTR-1 that reports to us (a document of an
// unfiled GSTR-1 gives no ITC yet), with the documents and tax it holds.

const REPORT = RECONCILIATION_FILING_REPORT;
const DEFAULT_SORT: SortState = parseSortExpression(REPORT.defaultSort);

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
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [supplier, setSupplier] = useState<string | null>(null);
  const [notFiledOnly, setNotFiledOnly] = useState(false);
  const sortExpression = toSortExpression(sort);
  const filters = useMemo(
    () => ({ runId, ...(supplier ? { supplierGstins: [supplier] } : {}), ...(notFiledOnly ? { notFiledOnly: true } : {}) }),
    [runId, supplier, notFiledOnly],
  );
  const list = useReport(REPORT, reconciliationKeys.filing(runId), filters, sortExpression);
  // The count once known, not the 0 of a list still loading.
  useEffect(() => {
    if (!list.isPending) onTotal(list.totalRecords);
  }, [list.isPending, list.totalRecords, onTotal]);
  return (
    <Stack gap="xs" data-testid="filing-tab">
      <Paper withBorder radius="sm" px="sm" py={6}>
        <Group justify="space-between" align="flex-end">
          <Group gap="sm" align="flex-end">
            <TextFilterInput
              label={t('reconciliation.supplierGstin')}
              kind={{ type: 'text' }}
              value={supplier}
              hasSlashShortcut={isActive}
              onApply={(value) => setSupplier(value === null ? null : String(value).trim().toUpperCase() || null)}
              testId="filing-supplier"
            />
            <Switch
              size="sm"
              label={t('reconciliation.filing.notFiledOnly')}
              checked={notFiledOnly}
              onChange={(event) => setNotFiledOnly(event.currentTarget.checked)}
              data-testid="filing-not-filed"
            />
          </Group>
          <ExportButton
            download={() => exportReport(REPORT, sortExpression, filters)}
            fileName={reportFileName(REPORT)}
            testId="filing-export"
          />
        </Group>
      </Paper>
      <ReportTotals
        report={REPORT}
        totalRecords={list.totalRecords}
        totals={list.totals}
        countLabel={(n) => t('reconciliation.filing.totals', { n })}
      />
      <DataTable
        columns={columns(t)}
        rows={list.rows}
        rowId={(row) => row.id}
        totalRecords={list.totalRecords}
        isLoading={list.isPending}
        emptyText={supplier || notFiledOnly ? t('reconciliation.noMatch') : t('reconciliation.filing.empty')}
        sort={{ value: sort, fallback: DEFAULT_SORT, onChange: setSort }}
        loadMore={{ hasMore: list.hasNextPage, isLoading: list.isFetchingNextPage, onLoad: () => void list.fetchNextPage() }}
        rowHeight={44}
      />
    </Stack>
  );
};
