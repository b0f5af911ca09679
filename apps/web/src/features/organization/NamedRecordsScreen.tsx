import { useCallback, useState } from 'react';
import { Button, Group, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { ApiForm } from '../../shared/ApiForm';
import { useQueryClient } from '@tanstack/react-query';
import { IconPlus } from '@tabler/icons-react';
import { useText, type Translate } from '../../i18n/useText';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { DetailDrawer } from '../../shared/DetailDrawer';
import { formatDate } from '../../shared/format';
import { splitApiErrors, type FieldErrors } from '../../shared/forms';
import { DataTable, type Column } from '../../shared/list/DataTable';
import { toSortExpression, type SortState } from '../../shared/list/sortExpression';
import { useListQuery } from '../../shared/list/useListQuery';
import { SearchInput } from '../../shared/SearchInput';
import { StatusBadge } from '../../shared/StatusBadge';
import { organizationKeys } from './organizationKeys';
import {
  deleteRecords,
  saveRecord,
  searchRecords,
  updateRecordStatus,
  type RecordFilters,
  type RecordKind,
  type RecordRow,
} from './recordsApi';

// /branches and /departments (spec core §2: default sort id DESC): list, create and edit in a drawer, status, delete.

const DEFAULT_SORT: SortState = { column: 'id', direction: 'DESC' };
const FIELDS = ['name', 'code', 'address'] as const;

type Draft = { id?: number; name: string; code: string; address: string; status: 'Active' | 'Inactive' };
const emptyDraft: Draft = { name: '', code: '', address: '', status: 'Active' };

const RecordForm = ({ kind, initial, onSaved }: { kind: RecordKind; initial: Draft; onSaved: () => void }) => {
  const t = useText();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<{ fields: FieldErrors; general: string[] }>({ fields: {}, general: [] });
  const [isBusy, setBusy] = useState(false);
  const submit = async () => {
    if (!draft.name.trim()) {
      setErrors({ fields: { name: t('org.nameRequired') }, general: [] });
      return;
    }
    setBusy(true);
    try {
      await saveRecord(kind, {
        ...(draft.id ? { id: draft.id } : {}),
        name: draft.name.trim(),
        code: draft.code.trim() || null,
        ...(kind === 'branch' ? { address: draft.address.trim() || null } : {}),
        status: draft.status,
      });
      onSaved();
    } catch (error) {
      setErrors(splitApiErrors(error, FIELDS));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ApiForm onSubmit={submit} messages={errors.general}>
      <TextInput
        size="sm"
        label={t('org.name')}
        required
        value={draft.name}
        error={errors.fields.name}
        onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
        data-testid={`${kind}-name`}
        data-autofocus
      />
      <TextInput
        size="sm"
        label={t('org.code')}
        value={draft.code}
        error={errors.fields.code}
        onChange={(e) => setDraft({ ...draft, code: e.currentTarget.value })}
        data-testid={`${kind}-code`}
      />
      {kind === 'branch' ? (
        <Textarea
          size="sm"
          label={t('org.address')}
          autosize
          minRows={2}
          value={draft.address}
          error={errors.fields.address}
          onChange={(e) => setDraft({ ...draft, address: e.currentTarget.value })}
        />
      ) : null}
      <Select
        size="sm"
        label={t('org.status')}
        data={['Active', 'Inactive']}
        value={draft.status}
        allowDeselect={false}
        onChange={(value) => setDraft({ ...draft, status: value === 'Inactive' ? 'Inactive' : 'Active' })}
      />
      <Group justify="flex-end">
        <Button type="submit" size="sm" loading={isBusy} data-testid={`${kind}-save`}>
          {t('common.save')}
        </Button>
      </Group>
    </ApiForm>
  );
};

const columnsOf = (kind: RecordKind, t: Translate): Column<RecordRow>[] => [
  { key: 'name', header: t('org.name'), sortKey: 'name', render: (row) => row.name },
  { key: 'code', header: t('org.code'), sortKey: 'code', width: 140, render: (row) => row.code ?? '' },
  ...(kind === 'branch' ? [{ key: 'address', header: t('org.address'), render: (row: RecordRow) => row.address ?? '' }] : []),
  { key: 'users', header: t('org.activeUsers'), width: 120, isNumeric: true, render: (row) => row.activeUsers },
  { key: 'status', header: t('org.status'), sortKey: 'status', width: 110, render: (row) => <StatusBadge status={row.status} /> },
  { key: 'createdAt', header: t('org.createdOn'), sortKey: 'createdAt', width: 120, render: (row) => formatDate(row.createdAt) },
];

const NamedRecordsScreen = ({ kind }: { kind: RecordKind }) => {
  const t = useText();
  const client = useQueryClient();
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [filters, setFilters] = useState<RecordFilters>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Draft | null>(null);
  const sortExpression = toSortExpression(sort);
  const list = useListQuery(organizationKeys.recordList(kind, filters, sortExpression), (page) =>
    searchRecords(kind, { ...page, sortExpression, filters }),
  );
  const refresh = () => {
    setSelected([]);
    void client.invalidateQueries({ queryKey: organizationKeys.records(kind) });
    void client.invalidateQueries({ queryKey: organizationKeys.lookups() });
  };
  const onSearch = useCallback((name: string) => setFilters((current) => ({ ...current, name: name || undefined })), []);
  const title = (kind === 'branch' ? t('org.branch') : t('org.department')).toLowerCase();

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="xs">
          <SearchInput label={t('org.searchName')} onSearch={onSearch} testId={`${kind}-search`} />
          <Select
            size="xs"
            w={140}
            aria-label={t('org.status')}
            placeholder={t('org.allStatuses')}
            clearable
            data={['Active', 'Inactive']}
            value={filters.status ?? null}
            onChange={(value) => setFilters({ ...filters, status: value === 'Active' || value === 'Inactive' ? value : undefined })}
          />
        </Group>
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing(emptyDraft)} data-testid={`${kind}-add`}>
          {t('org.add', { what: title })}
        </Button>
      </Group>
      <DataTable
        columns={columnsOf(kind, t)}
        rows={list.rows}
        rowId={(row) => row.id}
        rowLabel={(row) => row.name}
        totalRecords={list.totalRecords}
        isLoading={list.isPending}
        emptyText={t('org.emptyRecords', { what: kind === 'branch' ? t('org.branches') : t('org.departments') })}
        sort={{ value: sort, fallback: DEFAULT_SORT, onChange: setSort }}
        onRowClick={(row) =>
          setEditing({
            id: row.id,
            name: row.name,
            code: row.code ?? '',
            address: row.address ?? '',
            status: row.status === 'Inactive' ? 'Inactive' : 'Active',
          })
        }
        loadMore={{ hasMore: list.hasNextPage, isLoading: list.isFetchingNextPage, onLoad: () => void list.fetchNextPage() }}
        selection={{
          selected,
          onChange: setSelected,
          actions: (
            <>
              <ConfirmAction
                label={t('org.activate')}
                title={t('org.activate')}
                message={t('org.confirmStatus', { n: selected.length, status: 'Active' })}
                confirmLabel={t('org.activate')}
                onConfirm={() => updateRecordStatus(kind, selected, 'Active')}
                onDone={refresh}
              />
              <ConfirmAction
                label={t('org.deactivate')}
                title={t('org.deactivate')}
                message={t('org.confirmStatus', { n: selected.length, status: 'Inactive' })}
                confirmLabel={t('org.deactivate')}
                onConfirm={() => updateRecordStatus(kind, selected, 'Inactive')}
                onDone={refresh}
              />
              <ConfirmAction
                label={t('org.delete')}
                color="red"
                title={t('org.delete')}
                message={t('org.confirmDelete', { n: selected.length })}
                confirmLabel={t('org.delete')}
                onConfirm={() => deleteRecords(kind, selected)}
                onDone={refresh}
                testId={`${kind}-delete`}
              />
            </>
          ),
        }}
      />
      <DetailDrawer
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.id ? t('org.edit', { what: title }) : t('org.add', { what: title })}
        size="md"
      >
        {editing ? (
          <RecordForm
            kind={kind}
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

export const BranchesScreen = () => <NamedRecordsScreen kind="branch" />;
export const DepartmentsScreen = () => <NamedRecordsScreen kind="department" />;
