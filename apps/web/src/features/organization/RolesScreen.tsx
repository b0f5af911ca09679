import { useCallback, useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { IconPlus } from '@tabler/icons-react';
import { routeByName, type RoleListItem } from '@opengst/contracts';
import { useText } from '../../i18n/useText';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { formatCount, formatDate } from '../../shared/format';
import { DataTable, type Column } from '../../shared/list/DataTable';
import { toSortExpression, type SortState } from '../../shared/list/sortExpression';
import { useListQuery } from '../../shared/list/useListQuery';
import { SearchInput } from '../../shared/SearchInput';
import { useRights } from '../../shared/useRights';
import { organizationKeys } from './organizationKeys';
import { deleteRole, searchRoles } from './usersApi';

// /roles (spec core §2: id DESC). Adding and editing are their own routes with their own rights (RoleAdd, RoleEdit).

const DEFAULT_SORT: SortState = { column: 'id', direction: 'DESC' };

export const editRolePath = (roleId: number): string => `${routeByName('EditRole').path}?roleId=${roleId}`;

export const RolesScreen = () => {
  const t = useText();
  const navigate = useNavigate();
  const client = useQueryClient();
  const rights = useRights(['RoleAdd', 'RoleEdit', 'RoleDelete']);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [text, setText] = useState('');
  const sortExpression = toSortExpression(sort);
  const list = useListQuery(organizationKeys.roleList(text, sortExpression), (page) =>
    searchRoles({ ...page, sortExpression, filters: text ? { text } : {} }),
  );
  const onSearch = useCallback((value: string) => setText(value), []);
  const refresh = () => void client.invalidateQueries({ queryKey: organizationKeys.roles() });

  const columns: Column<RoleListItem>[] = [
    {
      key: 'name',
      header: t('org.name'),
      sortKey: 'name',
      render: (row) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500}>
            {row.name}
          </Text>
          {row.isSystem ? (
            <Badge size="xs" variant="outline" color="gray" radius="sm">
              {t('role.system')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      key: 'description',
      header: t('role.description'),
      render: (row) => (
        <Text size="sm" c="dimmed" lineClamp={1}>
          {row.description ?? ''}
        </Text>
      ),
    },
    { key: 'rights', header: t('role.rights'), width: 80, isNumeric: true, render: (row) => formatCount(row.rightCount) },
    { key: 'users', header: t('role.users'), width: 80, isNumeric: true, render: (row) => formatCount(row.userCount) },
    { key: 'updatedAt', header: t('org.updatedOn'), width: 120, render: (row) => formatDate(row.updatedAt) },
    {
      key: 'actions',
      header: '',
      width: 170,
      render: (row) =>
        row.isSystem ? null : (
          <Group gap={4} wrap="nowrap" onClick={(event) => event.stopPropagation()}>
            {rights.RoleEdit ? (
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => void navigate(editRolePath(row.roleId))}
                data-testid={`role-edit-${row.roleId}`}
              >
                {t('common.edit')}
              </Button>
            ) : null}
            {rights.RoleDelete ? (
              <ConfirmAction
                label={t('org.delete')}
                variant="subtle"
                color="red"
                title={t('org.delete')}
                message={t('role.confirmDelete', { name: row.name, n: row.userCount })}
                confirmLabel={t('org.delete')}
                onConfirm={() => deleteRole(row.roleId)}
                onDone={refresh}
                testId={`role-delete-${row.roleId}`}
              />
            ) : null}
          </Group>
        ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <SearchInput label={t('role.search')} onSearch={onSearch} testId="role-search" />
        {rights.RoleAdd ? (
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => void navigate(routeByName('AddRole').path)}
            data-testid="role-add"
          >
            {t('role.add')}
          </Button>
        ) : null}
      </Group>
      <DataTable
        columns={columns}
        rows={list.rows}
        rowId={(row) => row.roleId}
        rowLabel={(row) => row.name}
        totalRecords={list.totalRecords}
        isLoading={list.isPending}
        emptyText={t('role.empty')}
        sort={{ value: sort, fallback: DEFAULT_SORT, onChange: setSort }}
        {...(rights.RoleEdit ? { onRowClick: (row: RoleListItem) => void navigate(editRolePath(row.roleId)) } : {})}
        loadMore={{ hasMore: list.hasNextPage, isLoading: list.isFetchingNextPage, onLoad: () => void list.fetchNextPage() }}
      />
    </Stack>
  );
};
