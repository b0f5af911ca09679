import type { EntitySearchFilters } from '@opengst/contracts';
import type { RecordFilters, RecordKind } from './recordsApi';
import type { UserFilters } from './usersApi';

/**
 * Query keys of the organization module: invalidating `all` refreshes every screen of it, and the audit trail too,
 * which keeps its keys under the same root (features/reports).
 */
export const organizationKeys = {
  all: ['organization'] as const,
  entities: (filters: EntitySearchFilters, sortExpression: string | undefined) =>
    [...organizationKeys.all, 'entities', filters, sortExpression] as const,
  entity: (entityId: number) => [...organizationKeys.all, 'entity', entityId] as const,
  entityTree: () => [...organizationKeys.all, 'entityTree'] as const,
  /** The subscriber lookups: saving a branch or department refreshes them all. */
  lookups: () => [...organizationKeys.all, 'lookup'] as const,
  lookup: (name: 'branches' | 'departments') => [...organizationKeys.lookups(), name] as const,
  records: (kind: RecordKind) => [...organizationKeys.all, kind] as const,
  recordList: (kind: RecordKind, filters: RecordFilters, sortExpression: string | undefined) =>
    [...organizationKeys.records(kind), filters, sortExpression] as const,
  users: (filters: UserFilters, sortExpression: string | undefined) => [...organizationKeys.all, 'users', filters, sortExpression] as const,
  user: (userId: number) => [...organizationKeys.all, 'user', userId] as const,
  apiAccess: (userId: number) => [...organizationKeys.all, 'apiAccess', userId] as const,
  roles: () => [...organizationKeys.all, 'roles'] as const,
  roleList: (text: string, sortExpression: string | undefined) => [...organizationKeys.roles(), text, sortExpression] as const,
  roleOptions: () => [...organizationKeys.roles(), 'options'] as const,
  role: (roleId: number) => [...organizationKeys.all, 'role', roleId] as const,
  rightsTree: () => [...organizationKeys.all, 'rightsTree'] as const,
};
