import { useMemo, useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  DRC01_FORM_TEXT,
  DRC01_STATUS_TEXT,
  DRC01_STATUSES,
  drc01Text as dt,
  type Drc01Filters,
  type Drc01Form,
  type Drc01Intimation,
  type Drc01Status,
} from '@opengst/contracts';
import { financialYearsQuery } from '../../../api/sessionData';
import { GstinMultiSelect } from '../../../shared/GstinMultiSelect';
import { formatDate } from '../../../shared/format';
import { DataTable, type Column } from '../../../shared/list/DataTable';
import { listTableProps } from '../../../shared/list/listTableProps';
import { toSortExpression, type SortState } from '../../../shared/list/sortExpression';
import { useListQuery } from '../../../shared/list/useListQuery';
import { loadFailureText } from '../../../shared/loadFailure';
import { notifySuccess } from '../../../shared/notifySuccess';
import { Amount } from '../../../shared/payments/paymentCells';
import { needsPortalSession, refusalText } from '../../../shared/payments/portalSessionStep';
import { periodLabel } from '../../../shared/filter-bar/periods';
import { useWorkingYear } from '../../../shared/workingYear';
import { drc01Keys, intimationLink, searchIntimations, syncIntimations } from './drc01Api';

// /drc-01b and /drc-01c (spec core §2; the Drc01 right): the intimations of Rules 88C and 88D read from the GST portal,
// newest first, with their period, the excess per the portal, the reply-by date (7 days) and status; an open one past
// its date is marked overdue, as GSTR-1/IFF of later periods stays blocked until it is answered (Rule 59(6)).
// "Get from portal" reads the chosen GSTINs' intimations over their portal sessions.

const DEFAULT_SORT: SortState = { column: 'issuedOn', direction: 'DESC' };
const STATUS_COLOUR: Readonly<Record<Drc01Status, string>> = { Open: 'orange', Replied: 'green', Paid: 'green' };

export const Drc01StatusBadge = ({ intimation }: { intimation: Pick<Drc01Intimation, 'status' | 'isOverdue'> }) => (
  <Group gap={4} wrap="nowrap">
    <Badge size="sm" variant="light" radius="sm" color={STATUS_COLOUR[intimation.status]} data-status={intimation.status}>
      {DRC01_STATUS_TEXT[intimation.status]}
    </Badge>
    {intimation.isOverdue ? (
      <Badge size="sm" variant="light" radius="sm" color="red" data-testid="drc-overdue">
        {dt('drc.overdue')}
      </Badge>
    ) : null}
  </Group>
);

const columnsOf = (form: Drc01Form): Column<Drc01Intimation>[] => [
  {
    key: 'referenceNumber',
    header: dt('drc.reference'),
    sortKey: 'id',
    width: 170,
    render: (row) => (
      <Anchor component={Link} to={intimationLink(form, row.id)} size="sm" ff="monospace" data-testid={`drc-open-${row.referenceNumber}`}>
        {row.referenceNumber}
      </Anchor>
    ),
  },
  {
    key: 'gstin',
    header: dt('drc.gstin'),
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
  {
    key: 'period',
    header: dt('drc.period'),
    width: 100,
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm">{periodLabel(row.period)}</Text>
        <Text size="xs" c="dimmed">
          {row.period}
        </Text>
      </Stack>
    ),
  },
  { key: 'issuedOn', header: dt('drc.issuedOn'), sortKey: 'issuedOn', width: 110, render: (row) => formatDate(row.issuedOn) },
  { key: 'dueOn', header: dt('drc.dueOn'), sortKey: 'dueOn', width: 110, render: (row) => formatDate(row.dueOn) },
  {
    key: 'totalExcess',
    header: dt('drc.excess'),
    sortKey: 'totalExcess',
    isNumeric: true,
    width: 130,
    render: (row) => <Amount paise={row.totalExcess} />,
  },
  { key: 'status', header: dt('drc.status'), width: 160, render: (row) => <Drc01StatusBadge intimation={row} /> },
];

export const Drc01ListScreen = ({ form }: { form: Drc01Form }) => {
  const queryClient = useQueryClient();
  const { data: years = [] } = useQuery({ ...financialYearsQuery, enabled: false });
  const workingYear = useWorkingYear(years);
  const [locations, setLocations] = useState<string[]>([]);
  const [statuses, setStatuses] = useState<Drc01Status[]>([]);
  const [period, setPeriod] = useState('');
  const [isSyncing, setSyncing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const periodFilter = /^(0[1-9]|1[0-2])\d{4}$/.test(period) ? period : '';
  const filters = useMemo<Drc01Filters>(
    () => ({
      ...(locations.length > 0 ? { entityIds: locations.map(Number) } : {}),
      ...(statuses.length > 0 ? { statuses } : {}),
      ...(periodFilter ? { periods: [periodFilter] } : {}),
    }),
    [locations, statuses, periodFilter],
  );
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const sortExpression = toSortExpression(sort) ?? 'issuedOn DESC';
  const list = useListQuery(drc01Keys.list(form, filters, sortExpression), (page) =>
    searchIntimations(form, filters, sortExpression, page),
  );
  const columns = useMemo(() => columnsOf(form), [form]);

  const sync = async () => {
    setSyncing(true);
    setRefusal(null);
    try {
      for (const entityId of locations.map(Number)) {
        const counts = await syncIntimations(entityId, form);
        notifySuccess(dt('drc.synced', counts));
      }
      await queryClient.invalidateQueries({ queryKey: drc01Keys.all });
    } catch (error) {
      setRefusal(needsPortalSession(error) ? dt('drc.needSession') : refusalText(error));
    } finally {
      setSyncing(false);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" data-testid="drc-rule">
        {form === 'DRC01B' ? dt('drc.ruleB') : dt('drc.ruleC')}
      </Text>
      <Group justify="space-between" align="flex-end">
        <Group gap="xs" align="flex-end">
          <GstinMultiSelect
            financialYear={workingYear}
            w={300}
            label={dt('drc.gstin')}
            placeholder="All GSTINs"
            value={locations}
            onChange={setLocations}
            testId="drc-filter-locations"
          />
          <TextInput
            size="xs"
            w={110}
            label={dt('drc.period')}
            placeholder="MMYYYY"
            value={period}
            onChange={(event) => setPeriod(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
            inputMode="numeric"
            data-testid="drc-filter-period"
          />
          <MultiSelect
            size="xs"
            w={200}
            label={dt('drc.status')}
            data={DRC01_STATUSES.map((status) => ({ value: status, label: DRC01_STATUS_TEXT[status] }))}
            value={statuses}
            onChange={(next) => setStatuses(next as Drc01Status[])}
            clearable
            data-testid="drc-filter-status"
          />
        </Group>
        <Button
          size="xs"
          leftSection={<IconRefresh size={14} />}
          loading={isSyncing}
          disabled={locations.length === 0}
          title={locations.length === 0 ? `Choose the GSTINs whose ${DRC01_FORM_TEXT[form]} to get` : undefined}
          onClick={() => void sync()}
          data-testid="drc-sync"
        >
          {dt('drc.sync')}
        </Button>
      </Group>
      {refusal ? (
        <Alert color="red" variant="light" py={6} role="alert" data-testid="drc-sync-refused">
          {refusal}
        </Alert>
      ) : null}
      {list.isError ? (
        <Alert color="red" variant="light" data-testid="drc-failed">
          {loadFailureText(list.error, 'The intimations could not be loaded. Please try again.')}
        </Alert>
      ) : (
        <DataTable
          columns={columns}
          rowId={(row) => row.id}
          rowTestId={(row) => `drc-row-${row.referenceNumber}`}
          rowLabel={(row) => `${DRC01_FORM_TEXT[form]} ${row.referenceNumber} ${row.gstin}`}
          emptyText={dt('drc.empty')}
          sort={{ value: sort, fallback: DEFAULT_SORT, onChange: setSort }}
          {...listTableProps(list)}
          rowHeight={44}
        />
      )}
    </Stack>
  );
};

export const Drc01bScreen = () => <Drc01ListScreen form="DRC01B" />;
export const Drc01cScreen = () => <Drc01ListScreen form="DRC01C" />;
