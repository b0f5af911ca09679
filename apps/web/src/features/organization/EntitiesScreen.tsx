import { useCallback, useMemo, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconChevronDown, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { ORGANIZATION_DEFAULT_SORT, type EntityDetail, type EntitySearchFilters } from '@opengst/contracts';
import { sessionKeys } from '../../api/sessionData';
import { useText } from '../../i18n/useText';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { DetailDrawer } from '../../shared/DetailDrawer';
import { ExportButton } from '../../shared/ExportButton';
import { DataTable, type Column } from '../../shared/list/DataTable';
import { parseSortExpression, toSortExpression, type SortState } from '../../shared/list/sortExpression';
import { useListQuery } from '../../shared/list/useListQuery';
import { SearchInput } from '../../shared/SearchInput';
import { StatusBadge } from '../../shared/StatusBadge';
import { useRights } from '../../shared/useRights';
import { EntityDetailPanel } from './EntityDetailPanel';
import { EntityForm } from './EntityForm';
import { arrangeAsTree, type TreeRow } from './entityTree';
import { deleteEntities, exportEntities, searchEntities, updateEntityStatus } from './organizationApi';
import { organizationKeys } from './organizationKeys';

// /entities (spec core §2: sort parentEntityName DESC): the Business → Location → ChildLocation tree with child
// counts by status, a detail drawer, and create and edit in a drawer.

const DEFAULT_SORT = parseSortExpression(ORGANIZATION_DEFAULT_SORT.entities);
type Panel = { mode: 'detail'; entityId: number } | { mode: 'edit'; detail: EntityDetail | null } | null;

export const EntitiesScreen = () => {
  const t = useText();
  const client = useQueryClient();
  const rights = useRights(['EntityManage', 'EntityDelete', 'EntityExport']);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [filters, setFilters] = useState<EntitySearchFilters>({});
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const [selected, setSelected] = useState<number[]>([]);
  const [panel, setPanel] = useState<Panel>(null);
  const sortExpression = toSortExpression(sort);
  const list = useListQuery(organizationKeys.entities(filters, sortExpression), (page) =>
    searchEntities({ ...page, sortExpression, filters }),
  );
  const rows = useMemo(() => arrangeAsTree(list.rows, collapsed), [list.rows, collapsed]);
  const refresh = () => {
    setSelected([]);
    void client.invalidateQueries({ queryKey: organizationKeys.all });
    void client.invalidateQueries({ queryKey: sessionKeys.userEntities });
  };
  const onSearch = useCallback((searchText: string) => setFilters((current) => ({ ...current, searchText: searchText || null })), []);
  const toggle = (entityId: number) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(entityId)) next.delete(entityId);
      else next.add(entityId);
      return next;
    });

  const columns: Column<TreeRow>[] = [
    {
      key: 'entityName',
      header: t('entity.name'),
      sortKey: 'entityName',
      render: (row) => (
        <Group gap={4} wrap="nowrap" pl={row.depth * 20}>
          {row.hasChildren ? (
            <ActionIcon
              size="xs"
              variant="subtle"
              color="gray"
              aria-label={collapsed.has(row.entityId) ? t('entity.expand') : t('entity.collapse')}
              onClick={(event) => {
                event.stopPropagation();
                toggle(row.entityId);
              }}
            >
              {collapsed.has(row.entityId) ? <IconChevronRight size={14} /> : <IconChevronDown size={14} />}
            </ActionIcon>
          ) : (
            <span style={{ width: 18, display: 'inline-block' }} />
          )}
          <Text size="sm" fw={row.entityType === 'Business' ? 600 : 400}>
            {row.entityName}
          </Text>
        </Group>
      ),
    },
    {
      key: 'gstin',
      header: t('entity.gstin'),
      sortKey: 'gstin',
      width: 170,
      render: (row) => (
        <Text size="sm" ff="monospace">
          {row.gstin ?? ''}
        </Text>
      ),
    },
    { key: 'entityType', header: t('entity.type'), sortKey: 'entityType', width: 120, render: (row) => row.entityType },
    { key: 'parent', header: t('entity.parent'), sortKey: 'parentEntityName', width: 180, render: (row) => row.parentEntityName ?? '' },
    { key: 'state', header: t('entity.state'), sortKey: 'stateCode', width: 70, render: (row) => row.stateCode ?? '' },
    {
      key: 'children',
      header: t('entity.children'),
      width: 170,
      render: (row) =>
        row.entityType === 'ChildLocation' ? null : (
          <Group gap={6} wrap="nowrap" style={{ fontVariantNumeric: 'tabular-nums' }}>
            <Badge size="sm" variant="light" color="green" radius="sm" tt="none" title={t('entity.activeChildren')}>
              {t('entity.activeCount', { n: row.activeChildren })}
            </Badge>
            <Badge size="sm" variant="light" color="gray" radius="sm" tt="none" title={t('entity.inactiveChildren')}>
              {t('entity.inactiveCount', { n: row.inactiveChildren })}
            </Badge>
          </Group>
        ),
    },
    { key: 'status', header: t('org.status'), sortKey: 'status', width: 100, render: (row) => <StatusBadge status={row.status} /> },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="xs">
          <SearchInput label={t('entity.search')} onSearch={onSearch} testId="entity-search" />
          <Select
            size="xs"
            w={150}
            aria-label={t('entity.type')}
            placeholder={t('entity.allTypes')}
            clearable
            data={['Business', 'Location', 'ChildLocation']}
            value={filters.entityType ?? null}
            onChange={(value) => setFilters({ ...filters, entityType: (value as EntitySearchFilters['entityType']) ?? null })}
          />
          <Select
            size="xs"
            w={130}
            aria-label={t('org.status')}
            placeholder={t('org.allStatuses')}
            clearable
            data={['Active', 'Inactive', 'Draft']}
            value={filters.status ?? null}
            onChange={(value) => setFilters({ ...filters, status: (value as EntitySearchFilters['status']) ?? null })}
          />
        </Group>
        <Group gap="xs">
          {rights.EntityExport ? (
            <ExportButton download={() => exportEntities({ sortExpression, filters })} fileName="entities.xlsx" testId="entity-export" />
          ) : null}
          {rights.EntityManage ? (
            <Button
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => setPanel({ mode: 'edit', detail: null })}
              data-testid="entity-add"
            >
              {t('entity.add')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <DataTable
        columns={columns}
        rows={rows}
        rowId={(row) => row.entityId}
        rowLabel={(row) => `${row.entityName}${row.gstin ? ` ${row.gstin}` : ''}`}
        totalRecords={list.totalRecords}
        isLoading={list.isPending}
        emptyText={t('entity.empty')}
        sort={{ value: sort, fallback: DEFAULT_SORT, onChange: setSort }}
        onRowClick={(row) => setPanel({ mode: 'detail', entityId: row.entityId })}
        loadMore={{ hasMore: list.hasNextPage, isLoading: list.isFetchingNextPage, onLoad: () => void list.fetchNextPage() }}
        {...(rights.EntityManage
          ? {
              selection: {
                selected,
                onChange: setSelected,
                actions: (
                  <>
                    <ConfirmAction
                      label={t('org.activate')}
                      title={t('org.activate')}
                      message={t('org.confirmStatus', { n: selected.length, status: 'Active' })}
                      confirmLabel={t('org.activate')}
                      onConfirm={() => updateEntityStatus(selected, 'Active')}
                      onDone={refresh}
                    />
                    <ConfirmAction
                      label={t('org.deactivate')}
                      title={t('org.deactivate')}
                      message={t('org.confirmStatus', { n: selected.length, status: 'Inactive' })}
                      confirmLabel={t('org.deactivate')}
                      onConfirm={() => updateEntityStatus(selected, 'Inactive')}
                      onDone={refresh}
                    />
                    {rights.EntityDelete ? (
                      <ConfirmAction
                        label={t('org.delete')}
                        color="red"
                        title={t('org.delete')}
                        message={t('org.confirmDelete', { n: selected.length })}
                        confirmLabel={t('org.delete')}
                        onConfirm={() => deleteEntities(selected)}
                        onDone={refresh}
                      />
                    ) : null}
                  </>
                ),
              },
            }
          : {})}
      />
      <DetailDrawer
        opened={panel !== null}
        onClose={() => setPanel(null)}
        title={
          panel?.mode === 'edit'
            ? panel.detail
              ? t('entity.editTitle', { name: panel.detail.entityName })
              : t('entity.add')
            : t('entity.detailTitle')
        }
        size="lg"
      >
        {panel?.mode === 'detail' ? (
          <EntityDetailPanel
            entityId={panel.entityId}
            permissions={{ canManage: rights.EntityManage, canDelete: rights.EntityDelete }}
            onEdit={(detail) => setPanel({ mode: 'edit', detail })}
            onRemoved={() => {
              setPanel(null);
              refresh();
            }}
          />
        ) : null}
        {panel?.mode === 'edit' ? (
          <EntityForm
            detail={panel.detail}
            onSaved={(entityId) => {
              refresh();
              setPanel({ mode: 'detail', entityId });
            }}
          />
        ) : null}
      </DetailDrawer>
    </Stack>
  );
};
