import { useMemo, useState } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatInr } from '@opengst/domain';
import {
  VENDOR_PAYMENT_EXPORT_FILE,
  vendorPaymentText as vp,
  type VendorListResponse,
  type VendorPaymentFilters,
  type VendorPaymentRow,
  type VendorTotals,
} from '@opengst/contracts';
import { financialYearsQuery } from '../../../api/sessionData';
import { ExportButton } from '../../../shared/ExportButton';
import { GstinMultiSelect } from '../../../shared/GstinMultiSelect';
import { formatCount, formatDate } from '../../../shared/format';
import { DataTable, type Column } from '../../../shared/list/DataTable';
import { listTableProps } from '../../../shared/list/listTableProps';
import { toSortExpression, type SortState } from '../../../shared/list/sortExpression';
import { useListQuery } from '../../../shared/list/useListQuery';
import { loadFailureText } from '../../../shared/loadFailure';
import { useWorkingYear } from '../../../shared/workingYear';
import { exportVendors, invoicesLink, payLink, searchVendors, vendorPaymentKeys } from './vendorPaymentApi';
import { moneyColumn } from './vendorPaymentCells';

// /initiate-payment "Vendor Payment" (spec core §2, empty sidebar): per supplier of the user's locations, the open
// purchase invoices, what to pay now and what GST to hold back until the invoice reaches the GSTR-2B (s.16(2)(aa)),
// what held earlier can be released, and the Rule 37 risk. Choose vendors to pay, or open one's invoices.

const DEFAULT_SORT: SortState = { column: 'payableNow', direction: 'DESC' };

const columns: Column<VendorPaymentRow>[] = [
  {
    key: 'supplier',
    header: vp('vendorPayment.supplierName'),
    sortKey: 'supplierName',
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" truncate title={row.supplierName ?? undefined}>
          {row.supplierName ?? '—'}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {row.supplierGstin}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'openInvoices',
    header: vp('vendorPayment.openInvoices'),
    isNumeric: true,
    width: 80,
    render: (row) => <Text size="sm">{formatCount(row.openInvoices)}</Text>,
  },
  moneyColumn('outstanding', vp('vendorPayment.outstanding'), (row) => row.outstanding, undefined, 'outstanding'),
  moneyColumn('payableNow', vp('vendorPayment.payableNow'), (row) => row.payableNow, undefined, 'payableNow'),
  moneyColumn('holdNow', vp('vendorPayment.holdNow'), (row) => row.holdNow, 'hold'),
  moneyColumn('held', vp('vendorPayment.held'), (row) => row.held, undefined, 'held'),
  moneyColumn('releasable', vp('vendorPayment.releasable'), (row) => row.releasable, 'release', 'releasable'),
  {
    key: 'risk',
    header: vp('vendorPayment.earliestDue'),
    width: 150,
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm">{row.earliestDueDate ? formatDate(row.earliestDueDate) : '—'}</Text>
        {row.overdueInvoices > 0 ? (
          <Text size="xs" c="red.8" data-testid={`overdue-${row.supplierGstin}`}>
            {`${vp('vendorPayment.overdue')}: ${formatCount(row.overdueInvoices)}`}
          </Text>
        ) : row.dueSoonInvoices > 0 ? (
          <Text size="xs" c="orange.8">{`${vp('vendorPayment.dueSoon')}: ${formatCount(row.dueSoonInvoices)}`}</Text>
        ) : null}
      </Stack>
    ),
  },
  moneyColumn('itcToReverse', vp('vendorPayment.itcToReverse'), (row) => row.itcToReverse, 'risk', 'itcToReverse'),
];

const Total = ({ label, paise, testId }: { label: string; paise: number; testId: string }) => (
  <Paper withBorder px="sm" py={6} radius="sm">
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
      ₹ {formatInr(paise)}
    </Text>
  </Paper>
);

const TotalsBar = ({ totals }: { totals: VendorTotals }) => (
  <Stack gap="xs">
    <SimpleGrid cols={{ base: 2, md: 5 }} spacing="xs">
      <Total label={vp('vendorPayment.outstanding')} paise={totals.outstanding} testId="total-outstanding" />
      <Total label={vp('vendorPayment.payableNow')} paise={totals.payableNow} testId="total-payable" />
      <Total label={vp('vendorPayment.holdNow')} paise={totals.holdNow} testId="total-hold" />
      <Total label={vp('vendorPayment.held')} paise={totals.held} testId="total-held" />
      <Total label={vp('vendorPayment.releasable')} paise={totals.releasable} testId="total-releasable" />
    </SimpleGrid>
    {totals.overdueInvoices > 0 ? (
      <Alert color="red" variant="light" py={6} data-testid="overdue-warning">
        {vp('vendorPayment.overdueWarning', {
          n: formatCount(totals.overdueInvoices),
          amount: formatInr(totals.itcToReverse),
          interest: formatInr(totals.interest),
        })}
      </Alert>
    ) : null}
  </Stack>
);

export const VendorPaymentScreen = () => {
  const navigate = useNavigate();
  const { data: years = [] } = useQuery({ ...financialYearsQuery, enabled: false });
  const workingYear = useWorkingYear(years);
  const [locations, setLocations] = useState<string[]>([]);
  const [gstin, setGstin] = useState('');
  const [name, setName] = useState('');
  // The list reloads after a pause in typing, not on every key.
  const [gstinPart] = useDebouncedValue(gstin.trim(), 300);
  const [namePart] = useDebouncedValue(name.trim(), 300);
  const filters = useMemo<VendorPaymentFilters>(
    () => ({
      ...(locations.length > 0 ? { entityIds: locations.map(Number) } : {}),
      ...(gstinPart ? { supplierGstin: gstinPart } : {}),
      ...(namePart ? { supplierName: namePart } : {}),
    }),
    [locations, gstinPart, namePart],
  );
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const sortExpression = toSortExpression(sort) ?? 'payableNow DESC';
  const [selected, setSelected] = useState<number[]>([]);
  const list = useListQuery(vendorPaymentKeys.vendors(filters, sortExpression), (page) => searchVendors(filters, sortExpression, page));
  // The first page carries the totals over every matching vendor.
  const totals = (list.data?.pages[0] as VendorListResponse | undefined)?.totals;
  // Rows are keyed by their place in the list: a supplier has no number of its own. A new filter or sort clears the choice.
  const chosen = selected.flatMap((index) => (list.rows[index] ? [list.rows[index].supplierGstin] : []));
  const reset = (apply: () => void) => {
    setSelected([]);
    apply();
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {vp('vendorPayment.intro')}
      </Text>
      <Group justify="space-between" align="flex-end">
        <Group gap="xs" align="flex-end">
          <GstinMultiSelect
            financialYear={workingYear}
            w={320}
            label={vp('vendorPayment.gstin')}
            placeholder={vp('vendorPayment.allGstins')}
            value={locations}
            onChange={(next) => reset(() => setLocations(next))}
            testId="filter-locations"
          />
          <TextInput
            size="xs"
            w={200}
            label={vp('vendorPayment.filter.gstin')}
            value={gstin}
            onChange={(event) => {
              const value = event.currentTarget.value;
              reset(() => setGstin(value));
            }}
            data-testid="filter-gstin"
          />
          <TextInput
            size="xs"
            w={240}
            label={vp('vendorPayment.filter.name')}
            value={name}
            onChange={(event) => {
              const value = event.currentTarget.value;
              reset(() => setName(value));
            }}
            data-testid="filter-name"
          />
        </Group>
        <ExportButton
          download={() => exportVendors(filters, sortExpression)}
          fileName={VENDOR_PAYMENT_EXPORT_FILE}
          testId="vendors-export"
        />
      </Group>
      {totals ? <TotalsBar totals={totals} /> : null}
      {list.isError ? (
        <Alert color="red" variant="light" data-testid="vendors-failed">
          {loadFailureText(list.error, vp('vendorPayment.loadFailed'))}
        </Alert>
      ) : (
        <DataTable
          columns={columns}
          rowId={(row) => list.rows.indexOf(row)}
          rowTestId={(row) => `vendor-${row.supplierGstin}`}
          rowLabel={(row) => `${row.supplierName ?? ''} ${row.supplierGstin}`}
          emptyText={vp('vendorPayment.empty')}
          sort={{ value: sort, fallback: DEFAULT_SORT, onChange: (next) => reset(() => setSort(next)) }}
          selection={{
            selected,
            onChange: setSelected,
            actions: (
              <Button size="compact-xs" onClick={() => void navigate(payLink(chosen))} data-testid="vendors-pay">
                {vp('vendorPayment.pay')}
              </Button>
            ),
          }}
          onRowClick={(row) => void navigate(invoicesLink(row.supplierGstin))}
          {...listTableProps(list)}
          rowHeight={44}
        />
      )}
    </Stack>
  );
};
