import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  CONSOLIDATED_EWAYBILL_STATUS_TEXT,
  CONSOLIDATED_EWAYBILL_STATUSES,
  EWB_TRANSPORT_MODE_TEXT,
  ewaybillText as wt,
  type ConsolidatedEwaybillFilters,
  type ConsolidatedEwaybillItem,
  type ConsolidatedEwaybillStatus,
} from '@opengst/contracts';
import { formatIstDateTime } from '../../shared/format';
import { DataTable, type Column } from '../../shared/list/DataTable';
import { listTableProps } from '../../shared/list/listTableProps';
import { toSortExpression, type SortState } from '../../shared/list/sortExpression';
import { useListQuery } from '../../shared/list/useListQuery';
import { loadFailureText } from '../../shared/loadFailure';
import { notifySuccess } from '../../shared/notifySuccess';
import { SearchInput } from '../../shared/SearchInput';
import { useRights } from '../../shared/useRights';
import { EwaybillActionModal } from './EwaybillActionModal';
import { ewaybillKeys, searchConsolidated } from './ewaybillApi';

// /consolidated-eway-bill (spec core §2: filter pushStatus, sort 'id DESC'; issue 22): the trip sheets (EWB-02) with
// their vehicle and e-way bills; a new vehicle for a trip (REGENTRIPSHEET). They are made on /e-way-bill from the
// selected live e-way bills.

const DEFAULT_SORT: SortState = { column: 'id', direction: 'DESC' };

export const ConsolidatedEwayBillScreen = () => {
  const queryClient = useQueryClient();
  const rights = useRights(['ConsolidatedEWayBill']);
  const [pushStatus, setPushStatus] = useState<ConsolidatedEwaybillStatus | null>(null);
  const [text, setText] = useState('');
  const [tripId, setTripId] = useState<number | null>(null);
  const filters = useMemo<ConsolidatedEwaybillFilters>(
    () => ({ ...(pushStatus ? { pushStatus } : {}), ...(text ? { text } : {}) }),
    [pushStatus, text],
  );
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const sortExpression = toSortExpression(sort) ?? 'id DESC';
  const list = useListQuery([...ewaybillKeys.consolidated(filters), sortExpression], (page) =>
    searchConsolidated(filters, sortExpression, page),
  );

  const columns: Column<ConsolidatedEwaybillItem>[] = [
    {
      key: 'tripSheetNumber',
      header: wt('ewaybill.tripSheet'),
      sortKey: 'id',
      width: 150,
      render: (row) => (
        <Text size="sm" ff="monospace" data-testid={`consolidated-number-${row.id}`}>
          {row.tripSheetNumber ?? '—'}
        </Text>
      ),
    },
    {
      key: 'status',
      header: wt('ewaybill.status'),
      width: 140,
      render: (row) => (
        <Badge
          size="sm"
          variant="light"
          radius="sm"
          color={row.status === 'Error' ? 'red' : row.status === 'YetNotGenerated' ? 'gray' : 'green'}
          data-status={row.status}
        >
          {CONSOLIDATED_EWAYBILL_STATUS_TEXT[row.status]}
        </Badge>
      ),
    },
    {
      key: 'generatedAt',
      header: wt('ewaybill.generatedAt'),
      sortKey: 'generatedAt',
      width: 150,
      render: (row) => (row.generatedAt ? formatIstDateTime(row.generatedAt) : ''),
    },
    {
      key: 'vehicle',
      header: wt('ewaybill.vehicle'),
      width: 170,
      render: (row) =>
        `${row.transportMode ? (EWB_TRANSPORT_MODE_TEXT[row.transportMode] ?? '') : ''} ${row.vehicleNumber ?? row.transportDocumentNumber ?? ''}`,
    },
    {
      key: 'from',
      header: wt('ewaybill.fromPlace'),
      width: 140,
      render: (row) => `${row.fromPlace ?? ''} ${row.fromState ? `(${row.fromState})` : ''}`,
    },
    {
      key: 'ewaybills',
      header: wt('ewaybill.ewaybills'),
      render: (row) => (
        <Text size="xs" ff="monospace" lineClamp={2}>
          {row.ewaybills.map((w) => `${w.ewbNumber ?? ''} (${w.documentNumber})`).join(', ')}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: '',
      width: 140,
      render: (row) =>
        rights.ConsolidatedEWayBill && row.tripSheetNumber ? (
          <Button
            size="compact-xs"
            variant="light"
            onClick={(event) => {
              event.stopPropagation();
              setTripId(row.id);
            }}
            data-testid={`consolidated-regenerate-${row.id}`}
          >
            {wt('ewaybill.regenerate')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-end">
        <SearchInput label={wt('ewaybill.tripSheet')} onSearch={setText} testId="consolidated-search" width={240} />
        <Select
          size="xs"
          w={180}
          label={wt('ewaybill.status')}
          data={CONSOLIDATED_EWAYBILL_STATUSES.map((s) => ({ value: s, label: CONSOLIDATED_EWAYBILL_STATUS_TEXT[s] }))}
          value={pushStatus}
          onChange={(value) => setPushStatus(value as ConsolidatedEwaybillStatus | null)}
          clearable
          data-testid="consolidated-filter-status"
        />
      </Group>
      {list.isError ? (
        <Alert color="red" variant="light">
          {loadFailureText(list.error, 'The consolidated e-way bills could not be loaded. Please try again.')}
        </Alert>
      ) : (
        <DataTable
          columns={columns}
          rowId={(row) => row.id}
          rowTestId={(row) => `consolidated-row-${row.id}`}
          rowLabel={(row) => row.tripSheetNumber ?? String(row.id)}
          emptyText={wt('ewaybill.consolidatedEmpty')}
          sort={{ value: sort, fallback: DEFAULT_SORT, onChange: setSort }}
          {...listTableProps(list)}
          rowHeight={44}
        />
      )}
      <EwaybillActionModal
        key={tripId ?? 'none'}
        kind={tripId === null ? null : 'regenerate'}
        tripId={tripId ?? 0}
        onClose={() => setTripId(null)}
        onDone={(result) => {
          setTripId(null);
          if (!('status' in result && 'documentNumber' in result))
            notifySuccess(wt('ewaybill.consolidated', { number: result.tripSheetNumber ?? '' }));
          void queryClient.invalidateQueries({ queryKey: ewaybillKeys.all });
        }}
      />
    </Stack>
  );
};
