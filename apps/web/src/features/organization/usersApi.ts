import { queryOptions } from '@tanstack/react-query';
import { ROLE_ENDPOINTS as ROLES, USER_ENDPOINTS as USERS, type RoleSave, type UserSave, type UserStatus } from '@opengst/contracts';
import { call } from '../../api/call';
import { FORM_SILENT } from '../../shared/forms';
import type { ListBody } from './organizationApi';
import { organizationKeys } from './organizationKeys';

// Calls of spec core §7 "Users" (with their API access) and of the roles and rights (contracts organization/).

export type UserFilters = { status?: UserStatus; roleId?: number; branchId?: number; departmentId?: number; text?: string };

export const searchUsers = (body: ListBody<UserFilters>) => call(USERS.userSearch, { body });
export const exportUsers = (body: Omit<ListBody<UserFilters>, 'start' | 'size'>) => call(USERS.userExport, { body });

export const userDetailQuery = (userId: number) =>
  queryOptions({ queryKey: organizationKeys.user(userId), queryFn: () => call(USERS.userDetail, { query: { userId } }) });

export const saveUser = (body: UserSave) => call(USERS.userSave, { body }, { silent: FORM_SILENT });

export const updateUserStatus = (userIds: number[], status: 'Active' | 'Inactive' | 'Locked') =>
  call(USERS.userUpdateStatus, { body: { userIds, status } }, { silent: FORM_SILENT });

export const deleteUsers = (userIds: number[]) => call(USERS.userDelete, { body: { userIds } }, { silent: FORM_SILENT });

export const resetUserPassword = (userId: number) => call(USERS.userResetPassword, { body: { userId } }, { silent: FORM_SILENT });

export const apiAccessQuery = (userId: number) =>
  queryOptions({ queryKey: organizationKeys.apiAccess(userId), queryFn: () => call(USERS.userGetApiAccess, { query: { userId } }) });

export const setApiAccess = (userId: number, isEnabled: boolean) =>
  call(USERS.userApiAccess, { body: { userId, isEnabled } }, { silent: FORM_SILENT });

export const generateApiKey = (userId: number, kind: 'LifetimeToken' | 'AuthKey') =>
  call(
    kind === 'LifetimeToken' ? USERS.userGenerateLifetimeAuthToken : USERS.userGenerateAuthKey,
    { query: { userId } },
    { silent: FORM_SILENT },
  );

export const revokeApiKey = (id: number) => call(USERS.userRevokeApiKey, { body: { id } }, { silent: FORM_SILENT });

export const searchRoles = (body: ListBody<{ text?: string }>) => call(ROLES.roleSearch, { body });

/** Every role, for the pickers of the users screen. */
export const roleOptionsQuery = queryOptions({
  queryKey: organizationKeys.roleOptions(),
  queryFn: () => searchRoles({ start: 0, size: 1000, sortExpression: 'name ASC', filters: {} }),
});

export const roleDetailQuery = (roleId: number) =>
  queryOptions({ queryKey: organizationKeys.role(roleId), queryFn: () => call(ROLES.roleDetail, { query: { roleId } }) });

export const rightsTreeQuery = queryOptions({ queryKey: organizationKeys.rightsTree(), queryFn: () => call(ROLES.roleRightsTree) });

export const saveRole = (body: RoleSave) => call(ROLES.roleSave, { body }, { silent: FORM_SILENT });

export const deleteRole = (roleId: number) => call(ROLES.roleDelete, { body: { roleId } }, { silent: FORM_SILENT });
