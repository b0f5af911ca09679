import { useCallback, useState } from 'react';
import { Alert, Button, Divider, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconPlus } from '@tabler/icons-react';
import { USER_STATUSES, type UserDetail, type UserListItem, type UserStatus } from '@opengst/contracts';
import { useText } from '../../i18n/useText';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { DetailDrawer, Field, FieldList } from '../../shared/DetailDrawer';
import { ExportButton } from '../../shared/ExportButton';
import { formatDateTime } from '../../shared/format';
import { DataTable, type Column } from '../../shared/list/DataTable';
import { toSortExpression, type SortState } from '../../shared/list/sortExpression';
import { useListQuery } from '../../shared/list/useListQuery';
import { SearchInput } from '../../shared/SearchInput';
import { StatusBadge } from '../../shared/StatusBadge';
import { useRights } from '../../shared/useRights';
import { notifySuccess } from '../../shared/notifySuccess';
import { ApiAccessPanel } from './ApiAccessPanel';
import { branchLookupQuery, departmentLookupQuery } from './organizationApi';
import { organizationKeys } from './organizationKeys';
import { UserForm } from './UserForm';
import {
  deleteUsers,
  exportUsers,
  resetUserPassword,
  roleOptionsQuery,
  searchUsers,
  updateUserStatus,
  userDetailQuery,
  type UserFilters,
} from './usersApi';

// /users (spec core §2: no default sort): filters, list, detail with status, reset password and API access.

type Panel = { mode: 'detail'; userId: number } | { mode: 'edit'; detail: UserDetail | null } | null;
const numberOrUndefined = (value: string | null): number | undefined => (value ? Number(value) : undefined);

const UserDetailPanel = ({
  userId,
  onEdit,
  onRemoved,
}: {
  userId: number;
  onEdit: (detail: UserDetail) => void;
  onRemoved: () => void;
}) => {
  const t = useText();
  const client = useQueryClient();
  const rights = useRights(['UserManage', 'UserDelete', 'UserApiAccess']);
  const { data: detail, isPending, isError } = useQuery(userDetailQuery(userId));
  const refresh = () => void client.invalidateQueries({ queryKey: organizationKeys.all });
  if (isPending) return <Loader size="sm" />;
  if (isError)
    return (
      <Alert color="red" variant="light">
        {t('user.detailFailed')}
      </Alert>
    );
  const statusAction = (label: string, status: 'Active' | 'Inactive' | 'Locked', testId: string) => (
    <ConfirmAction
      label={label}
      title={label}
      message={t('org.confirmStatus', { n: 1, status })}
      confirmLabel={label}
      onConfirm={() => updateUserStatus([detail.userId], status)}
      onDone={refresh}
      testId={testId}
    />
  );
  return (
    <Stack gap="md" data-testid="user-detail">
      <Group gap="xs">
        <StatusBadge status={detail.status} />
      </Group>
      <FieldList>
        <Field label={t('user.userName')}>{detail.userName}</Field>
        <Field label={t('entity.email')}>{detail.email}</Field>
        <Field label={t('user.mobile')}>{detail.mobile ?? '—'}</Field>
        <Field label={t('user.role')}>{detail.roleName}</Field>
        <Field label={t('org.branch')}>{detail.branchName ?? '—'}</Field>
        <Field label={t('org.department')}>{detail.departmentName ?? '—'}</Field>
        <Field label={t('user.level')}>{detail.levelName ?? '—'}</Field>
        <Field label={t('user.locations')}>{t('user.locationCount', { n: detail.entityIds.length })}</Field>
        <Field label={t('user.lastLogin')}>{detail.lastLoginAt ? formatDateTime(detail.lastLoginAt) : t('apiAccess.never')}</Field>
      </FieldList>
      {rights.UserManage ? (
        <Group gap="xs">
          <Button size="xs" onClick={() => onEdit(detail)} data-testid="user-edit">
            {t('common.edit')}
          </Button>
          {detail.status !== 'Active' && detail.status !== 'Locked' ? statusAction(t('org.activate'), 'Active', 'user-activate') : null}
          {detail.status === 'Locked' ? statusAction(t('user.unlock'), 'Active', 'user-unlock') : null}
          {detail.status === 'Active' ? statusAction(t('org.deactivate'), 'Inactive', 'user-deactivate') : null}
          <ConfirmAction
            label={t('user.resetPassword')}
            title={t('user.resetPassword')}
            message={t('user.confirmReset', { email: detail.email })}
            confirmLabel={t('user.sendReset')}
            onConfirm={async () => notifySuccess((await resetUserPassword(detail.userId)).message, t('user.resetPassword'))}
            testId="user-reset-password"
          />
          {rights.UserDelete ? (
            <ConfirmAction
              label={t('org.delete')}
              color="red"
              title={t('org.delete')}
              message={t('user.confirmDelete', { name: detail.userName })}
              confirmLabel={t('org.delete')}
              onConfirm={() => deleteUsers([detail.userId])}
              onDone={onRemoved}
              testId="user-delete"
            />
          ) : null}
        </Group>
      ) : null}
      {rights.UserApiAccess ? (
        <>
          <Divider />
          <ApiAccessPanel userId={detail.userId} />
        </>
      ) : null}
    </Stack>
  );
};

export const UsersScreen = () => {
  const t = useText();
  const client = useQueryClient();
  const rights = useRights(['UserManage', 'UserExport']);
  const { data: roles } = useQuery(roleOptionsQuery);
  const { data: branches = [] } = useQuery(branchLookupQuery);
  const { data: departments = [] } = useQuery(departmentLookupQuery);
  const [sort, setSort] = useState<SortState>(null);
  const [filters, setFilters] = useState<UserFilters>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [panel, setPanel] = useState<Panel>(null);
  const sortExpression = toSortExpression(sort);
  const list = useListQuery(organizationKeys.users(filters, sortExpression), (page) => searchUsers({ ...page, sortExpression, filters }));
  const refresh = () => {
    setSelected([]);
    void client.invalidateQueries({ queryKey: organizationKeys.all });
  };
  const onSearch = useCallback(
    (text: string) => setFilters((current) => ({ ...current, ...{ text: text || undefined } }) as UserFilters),
    [],
  );

  const columns: Column<UserListItem>[] = [
    { key: 'userName', header: t('user.userName'), sortKey: 'userName', width: 130, render: (row) => row.userName },
    { key: 'displayName', header: t('user.displayName'), sortKey: 'displayName', render: (row) => row.displayName },
    { key: 'email', header: t('entity.email'), sortKey: 'email', render: (row) => row.email },
    { key: 'role', header: t('user.role'), width: 140, render: (row) => row.roleName },
    { key: 'branch', header: t('org.branch'), width: 130, render: (row) => row.branchName ?? '' },
    { key: 'department', header: t('org.department'), width: 130, render: (row) => row.departmentName ?? '' },
    { key: 'level', header: t('user.level'), width: 110, render: (row) => row.levelName ?? '' },
    { key: 'status', header: t('org.status'), sortKey: 'status', width: 100, render: (row) => <StatusBadge status={row.status} /> },
    {
      key: 'lastLoginAt',
      header: t('user.lastLogin'),
      sortKey: 'lastLoginAt',
      width: 140,
      render: (row) => (row.lastLoginAt ? formatDateTime(row.lastLoginAt) : ''),
    },
  ];
  const setFilter = (patch: Partial<UserFilters>) =>
    setFilters(
      (current) => Object.fromEntries(Object.entries({ ...current, ...patch }).filter(([, value]) => value !== undefined)) as UserFilters,
    );

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <Group gap="xs">
          <SearchInput label={t('user.search')} onSearch={onSearch} testId="user-search" width={200} />
          <Select
            size="xs"
            w={110}
            aria-label={t('org.status')}
            placeholder={t('org.allStatuses')}
            clearable
            data={USER_STATUSES.filter((status) => status !== 'Delete')}
            value={filters.status ?? null}
            onChange={(value) => setFilter({ status: (value as UserStatus | null) ?? undefined })}
          />
          <Select
            size="xs"
            w={120}
            aria-label={t('user.role')}
            placeholder={t('user.allRoles')}
            clearable
            data={(roles?.items ?? []).map((role) => ({ value: String(role.roleId), label: role.name }))}
            value={filters.roleId ? String(filters.roleId) : null}
            onChange={(value) => setFilter({ roleId: numberOrUndefined(value) })}
          />
          <Select
            size="xs"
            w={120}
            aria-label={t('org.branch')}
            placeholder={t('user.allBranches')}
            clearable
            data={branches.map((branch) => ({ value: String(branch.id), label: branch.name }))}
            value={filters.branchId ? String(filters.branchId) : null}
            onChange={(value) => setFilter({ branchId: numberOrUndefined(value) })}
          />
          <Select
            size="xs"
            w={130}
            aria-label={t('org.department')}
            placeholder={t('user.allDepartments')}
            clearable
            data={departments.map((department) => ({ value: String(department.id), label: department.name }))}
            value={filters.departmentId ? String(filters.departmentId) : null}
            onChange={(value) => setFilter({ departmentId: numberOrUndefined(value) })}
          />
        </Group>
        <Group gap="xs">
          {rights.UserExport ? (
            <ExportButton download={() => exportUsers({ sortExpression, filters })} fileName="users.xlsx" testId="user-export" />
          ) : null}
          {rights.UserManage ? (
            <Button
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => setPanel({ mode: 'edit', detail: null })}
              data-testid="user-add"
            >
              {t('user.add')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <DataTable
        columns={columns}
        rows={list.rows}
        rowId={(row) => row.userId}
        rowLabel={(row) => row.userName}
        totalRecords={list.totalRecords}
        isLoading={list.isPending}
        emptyText={t('user.empty')}
        sort={{ value: sort, fallback: null, onChange: setSort }}
        onRowClick={(row) => setPanel({ mode: 'detail', userId: row.userId })}
        loadMore={{ hasMore: list.hasNextPage, isLoading: list.isFetchingNextPage, onLoad: () => void list.fetchNextPage() }}
        {...(rights.UserManage
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
                      onConfirm={() => updateUserStatus(selected, 'Active')}
                      onDone={refresh}
                    />
                    <ConfirmAction
                      label={t('org.deactivate')}
                      title={t('org.deactivate')}
                      message={t('org.confirmStatus', { n: selected.length, status: 'Inactive' })}
                      confirmLabel={t('org.deactivate')}
                      onConfirm={() => updateUserStatus(selected, 'Inactive')}
                      onDone={refresh}
                    />
                  </>
                ),
              },
            }
          : {})}
      />
      <Text size="xs" c="dimmed">
        {t('user.dormantHint')}
      </Text>
      <DetailDrawer
        opened={panel !== null}
        onClose={() => setPanel(null)}
        title={
          panel?.mode === 'edit'
            ? panel.detail
              ? t('user.editTitle', { name: panel.detail.userName })
              : t('user.add')
            : t('user.detailTitle')
        }
        size="lg"
      >
        {panel?.mode === 'detail' ? (
          <UserDetailPanel
            userId={panel.userId}
            onEdit={(detail) => setPanel({ mode: 'edit', detail })}
            onRemoved={() => {
              setPanel(null);
              refresh();
            }}
          />
        ) : null}
        {panel?.mode === 'edit' ? (
          <UserForm
            detail={panel.detail}
            onSaved={(userId) => {
              refresh();
              setPanel({ mode: 'detail', userId });
            }}
          />
        ) : null}
      </DetailDrawer>
    </Stack>
  );
};
