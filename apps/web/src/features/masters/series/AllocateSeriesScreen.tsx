import { Alert, Badge, Button, Checkbox, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type Allocation, type AllocationFilters, type SeriesStatus, SERIES_DEFAULT_SORT } from '@opengst/contracts';
import { DOCUMENT_TYPES, SERIES_DOCUMENT_TYPES } from '@opengst/domain';
import { financialYearsQuery, userEntitiesQuery } from '../../../api/sessionData';
import { useText, type Translate } from '../../../i18n/useText';
import { ApiForm } from '../../../shared/ApiForm';
import type { Column } from '../../../shared/list/DataTable';
import { StatusBadge } from '../../../shared/StatusBadge';
import { useWorkingYear } from '../../../shared/workingYear';
import { MasterList } from '../MasterList';
import { useMasterForm } from '../useMasterForm';
import {
  deleteAllocations,
  exportAllocations,
  saveAllocation,
  searchAllocations,
  seriesChoices,
  seriesKeys,
  setAllocationStatus,
} from './seriesApi';

// /allocate-series (spec modules §2.5, sort 'id DESC'): which series each location numbers each document type from.
// The document screen offers a location's active allocations for the type and the document date's year, the default
// one preselected. Only the user's locations are listed and offered.

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
  const { draft, set, errors, isBusy, save } = useMasterForm(initial, FIELDS);
  const isUsed = draft.numbered > 0;
  const submit = () =>
    save(
      () =>
        saveAllocation({
          ...(draft.id ? { id: draft.id } : {}),
          seriesId: Number(draft.seriesId),
          entityId: Number(draft.entityId),
          documentType: draft.documentType,
          isDefault: draft.isDefault,
          status: draft.status,
        }),
      onSaved,
    );
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
  const locations = useLocations();
  return (
    <MasterList<Allocation, AllocationFilters, Draft>
      testId="allocation"
      listKey={seriesKeys.allocations()}
      changes={seriesKeys.all}
      defaultSort={SERIES_DEFAULT_SORT}
      search={searchAllocations}
      exportFile={{ fileName: 'allocated-series.xlsx', download: exportAllocations }}
      columns={columnsOf(t)}
      rowLabel={(row) => `${row.seriesName}: ${row.entityName}, ${row.documentType}`}
      rowHeight={44}
      emptyText={t('allocation.empty')}
      filterBar={(filters, setFilters) => (
        <>
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
        </>
      )}
      rowActions={{ setStatus: setAllocationStatus, remove: deleteAllocations, confirmDeleteKey: 'allocation.confirmDelete' }}
      editor={{
        addLabel: t('allocation.add'),
        newDraft: () => ({
          seriesId: '',
          entityId: locations.length === 1 ? String(locations[0]?.entityId) : '',
          documentType: 'INV',
          isDefault: true,
          status: 'Active',
          numbered: 0,
        }),
        draftOf: (row) => ({
          id: row.id,
          seriesId: String(row.seriesId),
          entityId: String(row.entityId),
          documentType: row.documentType,
          isDefault: row.isDefault,
          status: row.status,
          numbered: row.numbered,
        }),
        title: (draft) => (draft.id ? t('allocation.edit') : t('allocation.add')),
        form: (draft, onSaved) => <AllocationForm initial={draft} onSaved={onSaved} />,
      }}
    />
  );
};
