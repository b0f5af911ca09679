import { queryOptions } from '@tanstack/react-query';
import {
  ADMINISTRATION_API as ADMIN,
  type ApiAccess,
  type GeneratedApiKey,
  type RightsTree,
  type RoleDetail,
  type RoleListItem,
  type RoleSave,
  type UserDetail,
  type UserListItem,
  type UserSave,
  type UserStatus,
} from '@opengst/contracts';
import { apiRequest } from '../../api/http';
import { FORM_SILENT } from '../../shared/forms';
import type { ListPage } from '../../shared/list/useListQuery';
import type { ListBody } from './organizationApi';

// Calls of spec core §7 "Users" and the roles and rights of issue 5.

export type UserFilters = { status?: UserStatus; roleId?: number; branchId?: number; departmentId?: number; text?: string };

export const searchUsers = (body: ListBody<UserFilters>) => apiRequest<ListPage<UserListItem>>(ADMIN.userSearch, { method: 'POST', body });

export const userDetailQuery = (userId: number) =>
  queryOptions({ queryKey: ['organization', 'user', userId], queryFn: () => apiRequest<UserDetail>(ADMIN.userDetail, { query: { userId } }) });

export const saveUser = (body: UserSave) => apiRequest<{ userId: number }>(ADMIN.userSave, { method: 'POST', body, silent: FORM_SILENT });

export const updateUserStatus = (userIds: number[], status: 'Active' | 'Inactive' | 'Locked') =>
  apiRequest<{ affected: number; message: string }>(ADMIN.userUpdateStatus, { method: 'POST', body: { userIds, status }, silent: FORM_SILENT });

export const deleteUsers = (userIds: number[]) =>
  apiRequest<{ affected: number; message: string }>(ADMIN.userDelete, { method: 'POST', body: { userIds }, silent: FORM_SILENT });

export const resetUserPassword = (userId: number) =>
  apiRequest<{ message: string }>(ADMIN.userResetPassword, { method: 'POST', body: { userId }, silent: FORM_SILENT });

export const apiAccessQuery = (userId: number) =>
  queryOptions({ queryKey: ['organization', 'apiAccess', userId], queryFn: () => apiRequest<ApiAccess>(ADMIN.userGetApiAccess, { query: { userId } }) });

export const setApiAccess = (userId: number, isEnabled: boolean) =>
  apiRequest<ApiAccess>(ADMIN.userApiAccess, { method: 'POST', body: { userId, isEnabled }, silent: FORM_SILENT });

export const generateApiKey = (userId: number, kind: 'LifetimeToken' | 'AuthKey') =>
  apiRequest<GeneratedApiKey>(kind === 'LifetimeToken' ? ADMIN.userGenerateLifetimeAuthToken : ADMIN.userGenerateAuthKey, { query: { userId }, silent: FORM_SILENT });

export const revokeApiKey = (id: number) => apiRequest<unknown>(ADMIN.userRevokeApiKey, { method: 'POST', body: { id }, silent: FORM_SILENT });

export const searchRoles = (body: ListBody<{ text?: string }>) => apiRequest<ListPage<RoleListItem>>(ADMIN.roleSearch, { method: 'POST', body });

/** Every role, for the pickers of the users screen. */
export const roleOptionsQuery = queryOptions({
  queryKey: ['organization', 'roles', 'options'],
  queryFn: () => searchRoles({ start: 0, size: 1000, sortExpression: 'name ASC', filters: {} }),
});

export const roleDetailQuery = (roleId: number) =>
  queryOptions({ queryKey: ['organization', 'role', roleId], queryFn: () => apiRequest<RoleDetail>(ADMIN.roleDetail, { query: { roleId } }) });

export const rightsTreeQuery = queryOptions({
  queryKey: ['organization', 'rightsTree'],
  queryFn: () => apiRequest<RightsTree>(ADMIN.roleRightsTree),
});

export const saveRole = (body: RoleSave) => apiRequest<{ roleId: number }>(ADMIN.roleSave, { method: 'POST', body, silent: FORM_SILENT });

export const deleteRole = (roleId: number) => apiRequest<unknown>(ADMIN.roleDelete, { method: 'POST', body: { roleId }, silent: FORM_SILENT });
