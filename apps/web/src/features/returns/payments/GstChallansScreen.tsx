import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { PAYMENT_MODES } from '@opengst/domain';
import {
  CHALLAN_STATUS_TEXT,
  CHALLAN_STATUSES,
  paymentsText as pt,
  type Challan,
  type ChallanFilters,
  type ChallanStatus,
} from '@opengst/contracts';
import { financialYearsQuery } from '../../../api/sessionData';
import { DateField } from '../../../shared/DateField';
import { ExportButton } from '../../../shared/ExportButton';
import { GstinMultiSelect } from '../../../shared/GstinMultiSelect';
import { formatDate } from '../../../shared/format';
import { DataTable, type Column } from '../../../shared/list/DataTable';
import { listTableProps } from '../../../shared/list/listTableProps';
import { toSortExpression, type SortState } from '../../../shared/list/sortExpression';
import { useListQuery } from '../../../shared/list/useListQuery';
import { useRights } from '../../../shared/useRights';
import { loadFailureText } from '../../../shared/loadFailure';
import { useWorkingYear } from '../../../shared/workingYear';
import { Amount, ChallanStatusBadge } from '../../../shared/payments/paymentCells';
import { challanPayLink, CREATE_CHALLAN_LINK, downloadChallanPdf, paymentKeys, searchChallans } from './paymentsApi';

// /gst-challans (spec core §2: default sort 'id DESC', the GST challan right): the challans generated through the
// product (Form GST PMT-06), newest first, with their validity (Rule 87(2)), status and the bank's CIN once paid.
// Filters by GSTIN, status, CPIN and creation date; each row downloads its PDF, and its CPIN opens its payment step.

const DEFAULT_SORT: SortState = { column: 'id', direction: 'DESC' };

const columns: Column<Challan>[] = [
  {
    key: 'cpin',
    header: pt('challan.cpin'),
    sortKey: 'id',
    width: 150,
    render: (row) => (
      <Anchor component={Link} to={challanPayLink(row.id)} size="sm" ff="monospace" data-testid={`open-${row.cpin}`}>
        {row.cpin}
      </Anchor>
    ),
  },
  {
    key: 'gstin',
    header: pt('challan.gstin'),
    sortKey: 'gstin',
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" ff="monospace">
          {row.gstin}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {row.entityName}
        </Text>
      </Stack>
    ),
  },
  { key: 'createdOn', header: pt('challan.createdOn'), sortKey: 'createdOn', width: 110, render: (row) => formatDate(row.createdOn) },
  { key: 'validUntil', header: pt('challan.validUntil'), sortKey: 'validUntil', width: 110, render: (row) => formatDate(row.validUntil) },
  { key: 'mode', header: pt('challan.mode'), width: 130, render: (row) => PAYMENT_MODES[row.mode].label },
  {
    key: 'total',
    header: pt('challan.total'),
    sortKey: 'total',
    isNumeric: true,
    width: 120,
    render: (row) => <Amount paise={row.total} />,
  },
  { key: 'status', header: pt('challan.status'), width: 100, render: (row) => <ChallanStatusBadge status={row.status} /> },
  {
    key: 'cin',
    header: pt('challan.cin'),
    width: 180,
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" ff="monospace">
          {row.cin ?? '—'}
        </Text>
        {row.paidOn ? (
          <Text size="xs" c="dimmed">
            {formatDate(row.paidOn)}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    key: 'actions',
    header: '',
    width: 250,
    render: (row) => (
      <Group gap={6} wrap="nowrap">
        <ExportButton
          download={() => downloadChallanPdf(row.id)}
          fileName={`PMT-06-${row.cpin}.pdf`}
          label={pt('challan.pdf')}
          testId={`pdf-${row.cpin}`}
        />
        {row.sandbox && row.status === 'Generated' ? (
          <Button component={Link} to={challanPayLink(row.id)} size="compact-xs" variant="light" data-testid={`pay-${row.cpin}`}>
            {pt('challan.pay')}
          </Button>
        ) : null}
      </Group>
    ),
  },
];

export const GstChallansScreen = () => {
  const navigate = useNavigate();
  const { ReportLedgers: canReadLedgers } = useRights(['ReportLedgers']);
  const { data: years = [] } = useQuery({ ...financialYearsQuery, enabled: false });
  const workingYear = useWorkingYear(years);
  const [locations, setLocations] = useState<string[]>([]);
  const [statuses, setStatuses] = useState<ChallanStatus[]>([]);
  const [cpin, setCpin] = useState('');
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const [cpinPart] = useDebouncedValue(cpin.replace(/\D/g, ''), 300);
  const filters = useMemo<ChallanFilters>(
    () => ({
      ...(locations.length > 0 ? { entityIds: locations.map(Number) } : {}),
      ...(statuses.length > 0 ? { statuses } : {}),
      ...(cpinPart ? { cpin: cpinPart } : {}),
      ...(fromDate ? { fromDate } : {}),
      ...(toDate ? { toDate } : {}),
    }),
    [locations, statuses, cpinPart, fromDate, toDate],
  );
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const sortExpression = toSortExpression(sort) ?? 'id DESC';
  const list = useListQuery(paymentKeys.challans(filters, sortExpression), (page) => searchChallans(filters, sortExpression, page));

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Group gap="xs" align="flex-end">
          <GstinMultiSelect
            financialYear={workingYear}
            w={300}
            label={pt('challan.gstin')}
            placeholder="All GSTINs"
            value={locations}
            onChange={setLocations}
            testId="filter-locations"
          />
          <MultiSelect
            size="xs"
            w={220}
            label={pt('challan.status')}
            data={CHALLAN_STATUSES.map((status) => ({ value: status, label: CHALLAN_STATUS_TEXT[status] }))}
            value={statuses}
            onChange={(next) => setStatuses(next as ChallanStatus[])}
            clearable
            data-testid="filter-status"
          />
          <TextInput
            size="xs"
            w={160}
            label={pt('challan.cpin')}
            value={cpin}
            onChange={(event) => setCpin(event.currentTarget.value)}
            inputMode="numeric"
            data-testid="filter-cpin"
          />
          <DateField size="xs" w={130} label={pt('challan.fromDate')} value={fromDate} onChange={setFromDate} data-testid="filter-from" />
          <DateField size="xs" w={130} label={pt('challan.toDate')} value={toDate} onChange={setToDate} data-testid="filter-to" />
        </Group>
        <Group gap="xs">
          {canReadLedgers ? (
            <>
              <Anchor component={Link} to="/electronic-ledger-report" size="sm" data-testid="challan-ledgers">
                {pt('challan.ledgers')}
              </Anchor>
              <Anchor component={Link} to="/electronic-credit-reversal-reclaim-statement" size="sm" data-testid="challan-credit-reversal">
                {pt('challan.creditReversal')}
              </Anchor>
            </>
          ) : null}
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => void navigate(CREATE_CHALLAN_LINK)}
            data-testid="challan-create"
          >
            {pt('challan.create')}
          </Button>
        </Group>
      </Group>
      {list.isError ? (
        <Alert color="red" variant="light" data-testid="challans-failed">
          {loadFailureText(list.error, 'The challans could not be loaded. Please try again.')}
        </Alert>
      ) : (
        <DataTable
          columns={columns}
          rowId={(row) => row.id}
          rowTestId={(row) => `challan-${row.cpin}`}
          rowLabel={(row) => `${pt('challan.cpin')} ${row.cpin} ${row.gstin}`}
          emptyText={pt('challan.empty')}
          sort={{ value: sort, fallback: DEFAULT_SORT, onChange: setSort }}
          {...listTableProps(list)}
          rowHeight={44}
        />
      )}
    </Stack>
  );
};
