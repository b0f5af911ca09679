import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconPlus } from '@tabler/icons-react';
import { type Allocation, type AllocationFilters, type SeriesStatus, SERIES_DEFAULT_SORT } from '@opengst/contracts';
import { DOCUMENT_TYPES, SERIES_DOCUMENT_TYPES } from '@opengst/domain';
import { financialYearsQuery, userEntitiesQuery } from '../../../api/sessionData';
import { useText, type Translate } from '../../../i18n/useText';
import { ApiForm } from '../../../shared/ApiForm';
import { DetailDrawer } from '../../../shared/DetailDrawer';
import { ExportButton } from '../../../shared/ExportButton';
import { splitApiErrors, type FieldErrors } from '../../../shared/forms';
import { DataTable, type Column } from '../../../shared/list/DataTable';
import { parseSortExpression, toSortExpression, type SortState } from '../../../shared/list/sortExpression';
import { useListQuery } from '../../../shared/list/useListQuery';
import { StatusBadge } from '../../../shared/StatusBadge';
import { useWorkingYear } from '../../../shared/workingYear';
import {
  deleteAllocations,
  exportAllocations,
  saveAllocation,
  searchAllocations,
  seriesChoices,
  seriesKeys,
  setAllocationStatus,
} from './seriesApi';
import { MasterRowActions } from '../MasterRowActions';

// /allocate-series (spec modules §2.5, sort 'id DESC'): which series each location numbers each document type from.
// The document screen offers a location's active allocations for the type and the document date's year, the default
// one preselected. Only the user's locations are listed and offered.

const DEFAULT_SORT = parseSortExpression(SERIES_DEFAULT_SORT);
const FIELDS = ['seriesId', 'entityId', 'documentType'] as const;
const TYPE_OPTIONS = SERIES_DOCUMENT_TYPES.map((code) => ({ value: code, label: `${code}: ${DOCUMENT_TYPES[code].name}` }));

type Draft = {
  id?: number;
  seriesId: string;
  entityId: string;
  documentType: string;
  isDefault: boolean;
  status: SeriesStatus;
  numbered: number;
};

const useLocations = () => {
  const { data: financialYears = [] } = useQuery({ ...financialYearsQuery, enabled: false });
  const { data: entities = [] } = useQuery(userEntitiesQuery(useWorkingYear(financialYears)));
  return entities.filter((entity) => entity.entityType !== 'Business' && entity.hasAccess && entity.gstin);
};

const AllocationForm = ({ initial, onSaved }: { initial: Draft; onSaved: () => void }) => {
  const t = useText();
  const locations = useLocations();
  const { data: series = [], isPending } = useQuery({ queryKey: seriesKeys.choices(), queryFn: seriesChoices });
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<{ fields: FieldErrors; general: string[] }>({ fields: {}, general: [] });
  const [isBusy, setBusy] = useState(false);
  const isUsed = draft.numbered > 0;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = async () => {
    setBusy(true);
    try {
      await saveAllocation({
        ...(draft.id ? { id: draft.id } : {}),
        seriesId: Number(draft.seriesId),
        entityId: Number(draft.entityId),
        documentType: draft.documentType,
        isDefault: draft.isDefault,
        status: draft.status,
      });
      onSaved();
    } catch (error) {
      setErrors(splitApiErrors(error, FIELDS));
    } finally {
      setBusy(false);
    }
  };
  if (!isPending && series.length === 0) {
    return (
      <Alert color="gray" variant="light" data-testid="allocation-no-series">
        {t('allocation.noSeries')}
      </Alert>
    );
  }
  return (
    <ApiForm onSubmit={submit} messages={errors.general}>
      <Select
        size="sm"
        label={t('allocation.series')}
        required
        searchable
        allowDeselect={false}
        disabled={isUsed}
        data={series.map((s) => ({ value: String(s.id), label: `${s.name} (${s.financialYear}, next ${s.nextDocumentNumber})` }))}
        value={draft.seriesId || null}
        error={errors.fields.seriesId}
        onChange={(value) => set('seriesId', value ?? '')}
        data-testid="allocation-series"
      />
      <Select
        size="sm"
        label={t('allocation.location')}
        required
        searchable
        allowDeselect={false}
        disabled={isUsed}
        data={locations.map((l) => ({ value: String(l.entityId), label: `${l.entityName} (${l.gstin ?? ''})` }))}
        value={draft.entityId || null}
        error={errors.fields.entityId}
        onChange={(value) => set('entityId', value ?? '')}
        data-testid="allocation-location"
      />
      <Select
        size="sm"
        label={t('allocation.documentType')}
        required
        disabled={isUsed}
        data={TYPE_OPTIONS}
        value={draft.documentType}
        allowDeselect={false}
        error={errors.fields.documentType}
        onChange={(value) => set('documentType', value ?? 'INV')}
        data-testid="allocation-type"
      />
      <Checkbox
        label={t('allocation.isDefault')}
        checked={draft.isDefault}
        onChange={(e) => set('isDefault', e.currentTarget.checked)}
        data-testid="allocation-default"
      />
      <Select
        size="sm"
        label={t('series.status')}
        data={['Active', 'Inactive']}
        value={draft.status}
        allowDeselect={false}
        onChange={(value) => set('status', value === 'Inactive' ? 'Inactive' : 'Active')}
      />
      <Group justify="flex-end">
        <Button type="submit" size="sm" loading={isBusy} disabled={!draft.seriesId || !draft.entityId} data-testid="allocation-save">
          {t('series.save')}
        </Button>
      </Group>
    </ApiForm>
  );
};

const columnsOf = (t: Translate): Column<Allocation>[] => [
  {
    key: 'series',
    header: t('allocation.series'),
    sortKey: 'seriesName',
    render: (row) => (
      <Group gap={6} wrap="nowrap">
        <Text size="sm">{row.seriesName}</Text>
        {row.isDefault ? (
          <Badge size="xs" variant="outline" radius="sm">
            {t('allocation.default')}
          </Badge>
        ) : null}
      </Group>
    ),
  },
  { key: 'year', header: t('series.financialYear'), width: 100, render: (row) => row.financialYear },
  {
    key: 'location',
    header: t('allocation.location'),
    sortKey: 'entityName',
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm">{row.entityName}</Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {row.gstin}
        </Text>
      </Stack>
    ),
  },
  { key: 'type', header: t('allocation.documentType'), sortKey: 'documentType', width: 170, render: (row) => typeLabel(row.documentType) },
  { key: 'next', header: t('series.nextDocumentNumber'), width: 170, render: (row) => <code>{row.nextDocumentNumber}</code> },
  { key: 'numbered', header: t('allocation.numbered'), width: 95, isNumeric: true, render: (row) => row.numbered },
  { key: 'status', header: t('series.status'), sortKey: 'status', width: 100, render: (row) => <StatusBadge status={row.status} /> },
];

const typeLabel = (code: string) => TYPE_OPTIONS.find((option) => option.value === code)?.label ?? code;

export const AllocateSeriesScreen = () => {
  const t = useText();
  const client = useQueryClient();
  const locations = useLocations();
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [filters, setFilters] = useState<AllocationFilters>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Draft | null>(null);
  const sortExpression = toSortExpression(sort);
  const list = useListQuery(seriesKeys.allocations(filters, sortExpression), (page) => searchAllocations(page, sortExpression, filters));
  const refresh = () => {
    setSelected([]);
    void client.invalidateQueries({ queryKey: seriesKeys.all });
  };
  const emptyDraft: Draft = {
    seriesId: '',
    entityId: locations.length === 1 ? String(locations[0]?.entityId) : '',
    documentType: 'INV',
    isDefault: true,
    status: 'Active',
    numbered: 0,
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="xs">
          <Select
            size="xs"
            w={260}
            aria-label={t('allocation.location')}
            placeholder={t('allocation.allLocations')}
            clearable
            searchable
            data={locations.map((l) => ({ value: String(l.entityId), label: `${l.entityName} (${l.gstin ?? ''})` }))}
            value={filters.entityIds?.[0] ? String(filters.entityIds[0]) : null}
            onChange={(value) => setFilters({ ...filters, entityIds: value ? [Number(value)] : undefined })}
            data-testid="allocation-filter-location"
          />
          <Select
            size="xs"
            w={210}
            aria-label={t('allocation.documentType')}
            placeholder={t('allocation.allTypes')}
            clearable
            data={TYPE_OPTIONS}
            value={filters.documentType ?? null}
            onChange={(value) => setFilters({ ...filters, documentType: value ?? undefined })}
          />
          <Select
            size="xs"
            w={130}
            aria-label={t('series.status')}
            placeholder={t('series.allStatuses')}
            clearable
            data={['Active', 'Inactive']}
            value={filters.status ?? null}
            onChange={(value) => setFilters({ ...filters, status: value === 'Active' || value === 'Inactive' ? value : undefined })}
          />
        </Group>
        <Group gap="xs">
          <ExportButton
            download={() => exportAllocations(sortExpression, filters)}
            fileName="allocated-series.xlsx"
            testId="allocation-export"
          />
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing(emptyDraft)} data-testid="allocation-add">
            {t('allocation.add')}
          </Button>
        </Group>
      </Group>
      <DataTable
        columns={columnsOf(t)}
        rows={list.rows}
        rowId={(row) => row.id}
        rowLabel={(row) => `${row.seriesName}: ${row.entityName}, ${row.documentType}`}
        totalRecords={list.totalRecords}
        isLoading={list.isPending}
        emptyText={t('allocation.empty')}
        sort={{ value: sort, fallback: DEFAULT_SORT, onChange: setSort }}
        onRowClick={(row) =>
          setEditing({
            id: row.id,
            seriesId: String(row.seriesId),
            entityId: String(row.entityId),
            documentType: row.documentType,
            isDefault: row.isDefault,
            status: row.status,
            numbered: row.numbered,
          })
        }
        rowHeight={44}
        loadMore={{ hasMore: list.hasNextPage, isLoading: list.isFetchingNextPage, onLoad: () => void list.fetchNextPage() }}
        selection={{
          selected,
          onChange: setSelected,
          actions: (
            <MasterRowActions
              count={selected.length}
              setStatus={(status) => setAllocationStatus(selected, status)}
              remove={() => deleteAllocations(selected)}
              confirmDeleteKey="allocation.confirmDelete"
              onDone={refresh}
              testIdPrefix="allocation"
            />
          ),
        }}
      />
      <DetailDrawer
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.id ? t('allocation.edit') : t('allocation.add')}
        size="md"
      >
        {editing ? (
          <AllocationForm
            initial={editing}
            onSaved={() => {
              setEditing(null);
              refresh();
            }}
          />
        ) : null}
      </DetailDrawer>
    </Stack>
  );
};
