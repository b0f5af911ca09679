import { useMemo, useState } from 'react';
import { Alert, Button, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconBan, IconKey, IconStack2, IconTruck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EWAYBILL_DOCUMENT_TYPE_VALUES,
  EWAYBILL_SOURCE_TYPES,
  EWAYBILL_STATUS_TEXT,
  ewaybillText as wt,
  type EwaybillFilters,
  type EwaybillItem,
  type EwaybillStatus,
} from '@opengst/contracts';
import { financialYearsQuery } from '../../api/sessionData';
import { StatusCountBar } from '../../shared/filter-bar/StatusCountBar';
import { formatDate, formatIstDateTime } from '../../shared/format';
import { DocumentListFilters } from '../../shared/filter-bar/DocumentListFilters';
import { DataTable, type Column } from '../../shared/list/DataTable';
import { listTableProps } from '../../shared/list/listTableProps';
import { toSortExpression, type SortState } from '../../shared/list/sortExpression';
import { useListQuery } from '../../shared/list/useListQuery';
import { loadFailureText } from '../../shared/loadFailure';
import { notifySuccess } from '../../shared/notifySuccess';
import { Amount } from '../../shared/payments/paymentCells';
import { useRights } from '../../shared/useRights';
import { useWorkingYear } from '../../shared/workingYear';
import { EwaybillActionModal, type EwaybillActionKind } from './EwaybillActionModal';
import { EwaybillDetailDrawer } from './EwaybillDetailDrawer';
import { EwaybillStatusBadge } from './EwaybillStatusBadge';
import { EwbLocationModal } from './EwbLocationModal';
import { countEwaybills, ewaybillKeys, searchEwaybills } from './ewaybillApi';
import { timeLeftText } from './validity';

// /e-way-bill (spec core §2 "E-way bill group": filters PushStatuses and sourceType, sort 'id DESC'; §4 "E-way bill
// status"; issue 22): the documents that move goods with their e-way bill, its validity and the time left, the
// vehicle; status counts; generate for one selected document, consolidate several; a drawer with the history and the
// actions the law allows now.

const DEFAULT_SORT: SortState = { column: 'id', direction: 'DESC' };
const LIVE: readonly EwaybillStatus[] = [
  'Generated',
  'VehicleDetailUpdated',
  'TransporterUpdated',
  'TransportDetailsUpdated',
  'ValidityExtended',
];
const CAN_GENERATE: readonly EwaybillStatus[] = ['YetNotGenerated', 'Error', 'Cancelled', 'Rejected'];

const columnsAt = (now: number): Column<EwaybillItem>[] => [
  {
    key: 'document',
    header: wt('ewaybill.document'),
    sortKey: 'documentNumber',
    width: 170,
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" ff="monospace">
          {row.documentNumber}
        </Text>
        <Text size="xs" c="dimmed">{`${row.documentType} · ${row.source}`}</Text>
      </Stack>
    ),
  },
  { key: 'documentDate', header: wt('ewaybill.date'), sortKey: 'documentDate', width: 112, render: (row) => formatDate(row.documentDate) },
  {
    key: 'buyer',
    header: wt('ewaybill.buyer'),
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" truncate>
          {row.counterpartyName ?? '—'}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {row.counterpartyGstin || 'URP'}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'documentValue',
    header: wt('ewaybill.value'),
    sortKey: 'documentValue',
    isNumeric: true,
    width: 130,
    render: (row) => <Amount paise={row.documentValue} />,
  },
  { key: 'status', header: wt('ewaybill.status'), width: 190, render: (row) => <EwaybillStatusBadge status={row.status} /> },
  {
    key: 'ewbNumber',
    header: wt('ewaybill.ewbNumber'),
    sortKey: 'generatedAt',
    width: 170,
    render: (row) =>
      row.ewbNumber ? (
        <Stack gap={0}>
          <Text size="xs" ff="monospace" data-testid={`ewaybill-number-${row.documentNumber}`}>
            {row.ewbNumber}
          </Text>
          <Text size="xs" c="dimmed">
            {row.generatedAt ? formatIstDateTime(row.generatedAt) : ''}
          </Text>
        </Stack>
      ) : row.status === 'Error' ? (
        <Text size="xs" c="red" lineClamp={2}>
          {row.errorMessage}
        </Text>
      ) : null,
  },
  {
    key: 'validUntil',
    header: wt('ewaybill.validUntil'),
    sortKey: 'validUntil',
    width: 180,
    render: (row) =>
      row.ewbNumber && LIVE.concat('Expired').includes(row.status) ? (
        <Stack gap={0}>
          <Text size="xs">{row.validUntil ? formatIstDateTime(row.validUntil) : ''}</Text>
          <Text size="xs" c={row.status === 'Expired' ? 'orange' : 'dimmed'} data-testid={`ewaybill-left-${row.documentNumber}`}>
            {timeLeftText(row.validUntil, now)}
          </Text>
        </Stack>
      ) : null,
  },
  {
    key: 'vehicle',
    header: wt('ewaybill.vehicle'),
    width: 130,
    render: (row) => (
      <Text size="xs" ff="monospace">
        {row.vehicleNumber ?? ''}
      </Text>
    ),
  },
];

export const EWayBillScreen = () => {
  const queryClient = useQueryClient();
  const rights = useRights(['EWayBillGenerate', 'ConsolidatedEWayBill']);
  const { data: years = [] } = useQuery({ ...financialYearsQuery, enabled: false });
  const workingYear = useWorkingYear(years);
  const [locations, setLocations] = useState<string[]>([]);
  const [period, setPeriod] = useState('');
  const [documentTypes, setDocumentTypes] = useState<string[]>([]);
  const [sourceType, setSourceType] = useState<string | null>(null);
  const [statuses, setStatuses] = useState<EwaybillStatus[]>([]);
  const [text, setText] = useState('');
  const periodFilter = /^(0[1-9]|1[0-2])\d{4}$/.test(period) ? period : '';
  const filters = useMemo<EwaybillFilters>(
    () => ({
      financialYear: workingYear || null,
      ...(locations.length > 0 ? { entityIds: locations.map(Number) } : {}),
      ...(periodFilter ? { returnPeriods: [periodFilter] } : {}),
      ...(documentTypes.length > 0 ? { documentTypes: documentTypes as EwaybillFilters['documentTypes'] } : {}),
      ...(sourceType ? { sourceType: sourceType as EwaybillFilters['sourceType'] } : {}),
      ...(statuses.length > 0 ? { pushStatuses: statuses } : {}),
      ...(text ? { text } : {}),
    }),
    [workingYear, locations, periodFilter, documentTypes, sourceType, statuses, text],
  );
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const sortExpression = toSortExpression(sort) ?? 'id DESC';
  const list = useListQuery(ewaybillKeys.list(filters, sortExpression), (page) => searchEwaybills(filters, sortExpression, page));
  const counts = useQuery({ queryKey: ewaybillKeys.counts(filters), queryFn: () => countEwaybills(filters) });
  const [selected, setSelected] = useState<number[]>([]);
  const [opened, setOpened] = useState<number | null>(null);
  const [kind, setKind] = useState<EwaybillActionKind | null>(null);
  const [locationForm, setLocationForm] = useState<'user' | 'reject' | null>(null);
  const columns = useMemo(() => columnsAt(Date.now()), [list.rows]);

  const selectedRows = useMemo(() => list.rows.filter((row) => selected.includes(row.id)), [list.rows, selected]);
  const [only] = selectedRows;
  const canGenerate = selectedRows.length === 1 && only !== undefined && CAN_GENERATE.includes(only.status);
  const canConsolidate = selectedRows.length > 0 && selectedRows.every((row) => LIVE.includes(row.status));
  const statusItems = counts.data?.items.map((item) => ({ ...item, total: counts.data.total })) ?? [];

  return (
    <Stack gap="sm">
      {counts.data?.isSandbox ? (
        <Alert color="yellow" variant="light" py={6} data-testid="ewaybill-sandbox-notice">
          {wt('ewaybill.sandbox')}
        </Alert>
      ) : null}
      <Group gap="xs" align="flex-end" wrap="wrap">
        <DocumentListFilters
          prefix="ewaybill"
          labels={{
            search: wt('ewaybill.search'),
            location: wt('ewaybill.location'),
            returnPeriod: wt('ewaybill.returnPeriod'),
            documentType: wt('ewaybill.documentType'),
          }}
          financialYear={workingYear}
          documentTypeValues={EWAYBILL_DOCUMENT_TYPE_VALUES}
          onSearch={setText}
          locations={locations}
          onLocations={setLocations}
          period={period}
          onPeriod={setPeriod}
          documentTypes={documentTypes}
          onDocumentTypes={setDocumentTypes}
        />
        <Select
          size="xs"
          w={140}
          label={wt('ewaybill.sourceType')}
          data={[...EWAYBILL_SOURCE_TYPES]}
          value={sourceType}
          onChange={setSourceType}
          clearable
          data-testid="ewaybill-filter-source"
        />
        {rights.EWayBillGenerate ? (
          <Group gap="xs" ml="auto">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconBan size={14} />}
              onClick={() => setLocationForm('reject')}
              data-testid="ewaybill-reject"
            >
              {wt('ewaybill.reject')}
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconKey size={14} />}
              onClick={() => setLocationForm('user')}
              data-testid="ewaybill-ewb-user"
            >
              {wt('ewaybill.ewbUser')}
            </Button>
          </Group>
        ) : null}
      </Group>
      <StatusCountBar
        items={statusItems}
        active={statuses}
        isLoading={counts.isPending}
        labelOf={(status) => EWAYBILL_STATUS_TEXT[status as EwaybillStatus] ?? status}
        onSelect={(status) => setStatuses(status ? [status as EwaybillStatus] : [])}
      />
      {list.isError ? (
        <Alert color="red" variant="light" data-testid="ewaybill-failed">
          {loadFailureText(list.error, 'The e-way bills could not be loaded. Please try again.')}
        </Alert>
      ) : (
        <DataTable
          columns={columns}
          rowId={(row) => row.id}
          rowTestId={(row) => `ewaybill-row-${row.documentNumber}`}
          rowLabel={(row) => `${row.documentType} ${row.documentNumber}`}
          emptyText={wt('ewaybill.empty')}
          sort={{ value: sort, fallback: DEFAULT_SORT, onChange: setSort }}
          onRowClick={(row) => setOpened(row.id)}
          {...(rights.EWayBillGenerate || rights.ConsolidatedEWayBill
            ? {
                selection: {
                  selected,
                  onChange: setSelected,
                  actions: (
                    <Group gap="xs">
                      {rights.EWayBillGenerate ? (
                        <Button
                          size="xs"
                          leftSection={<IconTruck size={14} />}
                          disabled={!canGenerate}
                          onClick={() => setKind('generate')}
                          data-testid="ewaybill-generate"
                        >
                          {wt('ewaybill.generate')}
                        </Button>
                      ) : null}
                      {rights.ConsolidatedEWayBill ? (
                        <Tooltip label="Only live e-way bills are consolidated." disabled={canConsolidate}>
                          <Button
                            size="xs"
                            variant="light"
                            leftSection={<IconStack2 size={14} />}
                            disabled={!canConsolidate}
                            onClick={() => setKind('consolidate')}
                            data-testid="ewaybill-consolidate"
                          >
                            {wt('ewaybill.consolidate')}
                          </Button>
                        </Tooltip>
                      ) : null}
                    </Group>
                  ),
                },
              }
            : {})}
          {...listTableProps(list)}
          rowHeight={44}
        />
      )}
      <EwaybillActionModal
        key={kind ?? 'none'}
        kind={kind}
        {...(only ? { documentId: only.id } : {})}
        documentIds={selected}
        onClose={() => setKind(null)}
        onDone={(result) => {
          setKind(null);
          setSelected([]);
          if ('status' in result)
            notifySuccess(wt('ewaybill.done', { number: result.ewbNumber ?? '', status: EWAYBILL_STATUS_TEXT[result.status] }));
          else notifySuccess(wt('ewaybill.consolidated', { number: result.tripSheetNumber ?? '' }));
          void queryClient.invalidateQueries({ queryKey: ewaybillKeys.all });
        }}
      />
      <EwaybillDetailDrawer documentId={opened} onClose={() => setOpened(null)} />
      <EwbLocationModal
        key={locationForm ?? 'none'}
        kind={locationForm}
        onClose={() => setLocationForm(null)}
        onDone={() => {
          setLocationForm(null);
          void queryClient.invalidateQueries({ queryKey: ewaybillKeys.all });
        }}
        financialYear={workingYear}
        isSandbox={counts.data?.isSandbox ?? false}
      />
    </Stack>
  );
};
