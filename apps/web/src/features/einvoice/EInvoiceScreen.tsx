import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, MultiSelect, Stack, Text, Tooltip } from '@mantine/core';
import { IconBan, IconFileCertificate, IconKey } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EINVOICE_DOCUMENT_TYPE_VALUES,
  EINVOICE_STATUS_TEXT,
  EINVOICE_SUPPLY_TYPE_VALUES,
  einvoiceText as et,
  type EinvoiceFilters,
  type EinvoiceItem,
  type EinvoiceResult,
  type EinvoiceStatus,
} from '@opengst/contracts';
import { financialYearsQuery } from '../../api/sessionData';
import { StatusCountBar } from '../../shared/filter-bar/StatusCountBar';
import { formatCount, formatDate, formatElapsed, formatIstDateTime } from '../../shared/format';
import { DocumentListFilters } from '../../shared/filter-bar/DocumentListFilters';
import { DataTable, type Column } from '../../shared/list/DataTable';
import { listTableProps } from '../../shared/list/listTableProps';
import { toSortExpression, type SortState } from '../../shared/list/sortExpression';
import { useListQuery } from '../../shared/list/useListQuery';
import { loadFailureText } from '../../shared/loadFailure';
import { notifySuccess } from '../../shared/notifySuccess';
import { Amount } from '../../shared/payments/paymentCells';
import { RefusalAlert } from '../../shared/RefusalAlert';
import { useRights } from '../../shared/useRights';
import { WorkProgress } from '../../shared/WorkProgress';
import { useWorkingYear } from '../../shared/workingYear';
import { CancelIrnModal } from './CancelIrnModal';
import { EinvoiceDetailDrawer } from './EinvoiceDetailDrawer';
import { EinvoiceStatusBadge } from './EinvoiceStatusBadge';
import { IrpSwitchButton } from './IrpSwitchButton';
import { IrpUserModal } from './IrpUserModal';
import { countEinvoices, einvoiceKeys, generateIrns, generationProgress, searchEinvoices } from './einvoiceApi';

// /e-invoice (spec core §2 "E-invoice group": sort 'id DESC'; §4 "E-invoice status"; issue 22): the sales documents that
// need an IRN (Rule 48(4): B2B, SEZ and export invoices, credit and debit notes) with their e-invoice status, the IRN,
// Ack No. and date; the filter bar's keys and status counts; selection with Generate IRN (several as a background job,
// followed with its progress) and Cancel IRN; a drawer with the signed QR code.

const DEFAULT_SORT: SortState = { column: 'id', direction: 'DESC' };
const HAS_IRN: readonly EinvoiceStatus[] = ['Generated', 'Regenerated'];
const PROGRESS_POLL_MS = 1000;

const columns: Column<EinvoiceItem>[] = [
  {
    key: 'document',
    header: et('einvoice.document'),
    sortKey: 'documentNumber',
    width: 170,
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" ff="monospace">
          {row.documentNumber}
        </Text>
        <Text size="xs" c="dimmed">
          {`${row.documentType} · ${row.supplyType}`}
        </Text>
      </Stack>
    ),
  },
  { key: 'documentDate', header: et('einvoice.date'), sortKey: 'documentDate', width: 112, render: (row) => formatDate(row.documentDate) },
  {
    key: 'buyer',
    header: et('einvoice.buyer'),
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
    header: et('einvoice.value'),
    sortKey: 'documentValue',
    isNumeric: true,
    width: 130,
    render: (row) => <Amount paise={row.documentValue} />,
  },
  { key: 'status', header: et('einvoice.status'), width: 185, render: (row) => <EinvoiceStatusBadge status={row.status} /> },
  {
    key: 'irn',
    header: et('einvoice.irn'),
    render: (row) =>
      row.irn ? (
        <Tooltip label={row.irn}>
          <Text size="xs" ff="monospace" data-testid={`einvoice-irn-${row.documentNumber}`}>{`${row.irn.slice(0, 16)}…`}</Text>
        </Tooltip>
      ) : row.status === 'ERROR' ? (
        <Text size="xs" c="red" lineClamp={2} data-testid={`einvoice-error-${row.documentNumber}`}>
          {row.errorMessage}
        </Text>
      ) : row.cancelledIrn ? (
        <Text size="xs" c="dimmed">{`${et('einvoice.cancelledIrn')} ${formatIstDateTime(row.cancelledAt ?? '')}`}</Text>
      ) : null,
  },
  {
    key: 'ack',
    header: et('einvoice.ackNo'),
    sortKey: 'ackDate',
    width: 170,
    render: (row) =>
      row.ackNo ? (
        <Stack gap={0}>
          <Text size="xs" ff="monospace">
            {row.ackNo}
          </Text>
          <Text size="xs" c="dimmed">
            {formatIstDateTime(row.ackDate ?? '')}
          </Text>
        </Stack>
      ) : null,
  },
];

/** What a finished request did, in one line, and the refusals with their document numbers. */
const summaryOf = (results: readonly EinvoiceResult[]) => ({
  done: results.filter((r) => r.errorCode === null && r.message === null).length,
  refusals: results.filter((r) => r.message !== null).map((r) => `${r.documentNumber}: ${r.message}`),
});

export const EInvoiceScreen = () => {
  const queryClient = useQueryClient();
  const rights = useRights(['EInvoiceGenerate']);
  const { data: years = [] } = useQuery({ ...financialYearsQuery, enabled: false });
  const workingYear = useWorkingYear(years);
  const [locations, setLocations] = useState<string[]>([]);
  const [period, setPeriod] = useState('');
  const [documentTypes, setDocumentTypes] = useState<string[]>([]);
  const [supplyTypes, setSupplyTypes] = useState<string[]>([]);
  const [statuses, setStatuses] = useState<EinvoiceStatus[]>([]);
  const [text, setText] = useState('');
  const periodFilter = /^(0[1-9]|1[0-2])\d{4}$/.test(period) ? period : '';
  const filters = useMemo<EinvoiceFilters>(
    () => ({
      financialYear: workingYear || null,
      ...(locations.length > 0 ? { entityIds: locations.map(Number) } : {}),
      ...(periodFilter ? { returnPeriods: [periodFilter] } : {}),
      ...(documentTypes.length > 0 ? { documentTypes: documentTypes as EinvoiceFilters['documentTypes'] } : {}),
      ...(supplyTypes.length > 0 ? { supplyTypes: supplyTypes as EinvoiceFilters['supplyTypes'] } : {}),
      ...(statuses.length > 0 ? { statuses } : {}),
      ...(text ? { text } : {}),
    }),
    [workingYear, locations, periodFilter, documentTypes, supplyTypes, statuses, text],
  );
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const sortExpression = toSortExpression(sort) ?? 'id DESC';
  const list = useListQuery(einvoiceKeys.list(filters, sortExpression), (page) => searchEinvoices(filters, sortExpression, page));
  const counts = useQuery({ queryKey: einvoiceKeys.counts(filters), queryFn: () => countEinvoices(filters) });
  const [selected, setSelected] = useState<number[]>([]);
  const [opened, setOpened] = useState<number | null>(null);
  const [isCancelling, setCancelling] = useState(false);
  const [isWorking, setWorking] = useState(false);
  const [isEditingUser, setEditingUser] = useState(false);
  const [refusals, setRefusals] = useState<string[]>([]);
  const [running, setRunning] = useState<{ ids: number[]; startedAt: number } | null>(null);
  const [finished, setFinished] = useState<{ total: number; generated: number; failed: number; elapsed: number } | null>(null);

  // Its own key, outside einvoiceKeys.all: reloading the list after another action must not count this run again.
  const progress = useQuery({
    queryKey: ['einvoice-progress', running?.ids ?? []],
    queryFn: () => generationProgress(running?.ids ?? []),
    enabled: running !== null,
    refetchInterval: (query) => ((query.state.data?.inProgress ?? 1) > 0 ? PROGRESS_POLL_MS : false),
  });
  const isRunning = running !== null && (progress.data?.inProgress ?? 1) > 0;
  useEffect(() => {
    if (!running || !progress.data || progress.data.inProgress > 0) return;
    const { total, generated, failed } = progress.data;
    notifySuccess(et('einvoice.generated', { generated, failed, total }));
    setFinished({ total, generated, failed, elapsed: Date.now() - running.startedAt });
    setRunning(null);
    void queryClient.invalidateQueries({ queryKey: einvoiceKeys.all });
  }, [running, progress.data, queryClient]);

  const selectedRows = useMemo(() => list.rows.filter((row) => selected.includes(row.id)), [list.rows, selected]);
  const canCancel = selectedRows.length > 0 && selectedRows.every((row) => HAS_IRN.includes(row.status));
  const reload = () => queryClient.invalidateQueries({ queryKey: einvoiceKeys.all });

  const generate = async () => {
    setWorking(true);
    setRefusals([]);
    try {
      const answer = await generateIrns(selected);
      if (answer.isQueued) {
        setFinished(null);
        setRunning({ ids: [...selected], startedAt: Date.now() });
      } else {
        const { done, refusals: refused } = summaryOf(answer.results);
        const [only] = answer.results;
        if (answer.results.length === 1 && only?.irn && done === 1) notifySuccess(et('einvoice.generatedOne', { irn: only.irn }));
        setRefusals(refused);
      }
      setSelected([]);
      await reload();
    } finally {
      setWorking(false);
    }
  };

  const onCancelled = async (results: EinvoiceResult[]) => {
    const { done, refusals: refused } = summaryOf(results);
    setCancelling(false);
    setSelected([]);
    setRefusals(refused);
    notifySuccess(et('einvoice.cancelled', { cancelled: done, total: results.length }));
    await reload();
  };

  const progressDone = progress.data ? progress.data.total - progress.data.inProgress : 0;
  const statusItems = counts.data?.items.map((item) => ({ ...item, total: counts.data.total })) ?? [];

  return (
    <Stack gap="sm">
      {counts.data?.isSandbox ? (
        <Alert color="yellow" variant="light" py={6} data-testid="einvoice-sandbox-notice">
          {et('einvoice.sandbox')}
        </Alert>
      ) : null}
      <Group gap="xs" align="flex-end" wrap="wrap">
        <DocumentListFilters
          prefix="einvoice"
          labels={{
            search: et('einvoice.search'),
            location: et('einvoice.location'),
            returnPeriod: et('einvoice.returnPeriod'),
            documentType: et('einvoice.documentType'),
          }}
          financialYear={workingYear}
          documentTypeValues={EINVOICE_DOCUMENT_TYPE_VALUES}
          onSearch={setText}
          locations={locations}
          onLocations={setLocations}
          period={period}
          onPeriod={setPeriod}
          documentTypes={documentTypes}
          onDocumentTypes={setDocumentTypes}
        />
        <MultiSelect
          size="xs"
          w={210}
          label={et('einvoice.supplyType')}
          data={[...EINVOICE_SUPPLY_TYPE_VALUES]}
          value={supplyTypes}
          onChange={setSupplyTypes}
          clearable
          data-testid="einvoice-filter-supply"
        />
        <Group gap="xs" ml="auto">
          <IrpSwitchButton entityId={locations.length === 1 ? Number(locations[0]) : null} />
          {rights.EInvoiceGenerate ? (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconKey size={14} />}
              onClick={() => setEditingUser(true)}
              data-testid="einvoice-irp-user"
            >
              {et('einvoice.irpUser')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <StatusCountBar
        items={statusItems}
        active={statuses}
        isLoading={counts.isPending}
        labelOf={(status) => EINVOICE_STATUS_TEXT[status as EinvoiceStatus] ?? status}
        onSelect={(status) => setStatuses(status ? [status as EinvoiceStatus] : [])}
      />
      {running ? (
        <WorkProgress
          testId="einvoice-progress"
          stage={et('einvoice.generating', {
            done: formatCount(progressDone),
            total: formatCount(progress.data?.total ?? running.ids.length),
            generated: formatCount(progress.data?.generated ?? 0),
            failed: formatCount(progress.data?.failed ?? 0),
          })}
          stageTestId="einvoice-progress-stage"
          elapsed={formatElapsed(Date.now() - running.startedAt)}
          percent={progress.data && progress.data.total > 0 ? Math.round((progressDone / progress.data.total) * 100) : null}
          ariaLabel={et('einvoice.generate')}
          data={{ 'data-status': 'InProgress' }}
        />
      ) : finished ? (
        <WorkProgress
          testId="einvoice-progress"
          stage={et('einvoice.generatedDone', {
            total: formatCount(finished.total),
            generated: formatCount(finished.generated),
            failed: formatCount(finished.failed),
          })}
          stageTestId="einvoice-progress-stage"
          elapsed={formatElapsed(finished.elapsed)}
          percent={100}
          ariaLabel={et('einvoice.generate')}
          data={{ 'data-status': 'Completed' }}
        />
      ) : null}
      <RefusalAlert messages={refusals} testId="einvoice-refusals" />
      {list.isError ? (
        <Alert color="red" variant="light" data-testid="einvoice-failed">
          {loadFailureText(list.error, 'The e-invoices could not be loaded. Please try again.')}
        </Alert>
      ) : (
        <DataTable
          columns={columns}
          rowId={(row) => row.id}
          rowTestId={(row) => `einvoice-row-${row.documentNumber}`}
          rowLabel={(row) => `${row.documentType} ${row.documentNumber}`}
          emptyText={et('einvoice.empty')}
          sort={{ value: sort, fallback: DEFAULT_SORT, onChange: setSort }}
          onRowClick={(row) => setOpened(row.id)}
          {...(rights.EInvoiceGenerate
            ? {
                selection: {
                  selected,
                  onChange: setSelected,
                  actions: (
                    <Group gap="xs">
                      <Button
                        size="xs"
                        leftSection={<IconFileCertificate size={14} />}
                        loading={isWorking}
                        disabled={isRunning}
                        onClick={() => void generate()}
                        data-testid="einvoice-generate"
                      >
                        {et('einvoice.generate')}
                      </Button>
                      <Tooltip label={et('einvoice.cancelRule')} multiline w={320} disabled={canCancel}>
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          leftSection={<IconBan size={14} />}
                          disabled={!canCancel || isRunning}
                          onClick={() => setCancelling(true)}
                          data-testid="einvoice-cancel"
                        >
                          {et('einvoice.cancel')}
                        </Button>
                      </Tooltip>
                    </Group>
                  ),
                },
              }
            : {})}
          {...listTableProps(list)}
          rowHeight={44}
        />
      )}
      <CancelIrnModal
        opened={isCancelling}
        documentIds={selected}
        onClose={() => setCancelling(false)}
        onDone={(r) => void onCancelled(r)}
      />
      <EinvoiceDetailDrawer documentId={opened} onClose={() => setOpened(null)} />
      <IrpUserModal
        opened={isEditingUser}
        onClose={() => setEditingUser(false)}
        financialYear={workingYear}
        isSandbox={counts.data?.isSandbox ?? false}
      />
    </Stack>
  );
};
