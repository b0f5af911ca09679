import { queryOptions } from '@tanstack/react-query';
import { ORGANIZATION_ENDPOINTS as ORG, type EntitySaveRequest, type EntitySearchFilters, type PortalCredential } from '@opengst/contracts';
import { call } from '../../api/call';
import { FORM_SILENT } from '../../shared/forms';
import type { PageRequest } from '../../shared/list/useListQuery';
import { organizationKeys } from './organizationKeys';

// Calls of spec core §7 "Entities" and the subscriber lookups (contracts organization/).

export type ListBody<F> = PageRequest & { sortExpression?: string | undefined; filters: F };

export const searchEntities = (body: ListBody<EntitySearchFilters>) => call(ORG.entitySearch, { body });
export const exportEntities = (body: Omit<ListBody<EntitySearchFilters>, 'start' | 'size'>) => call(ORG.entityExport, { body });

export const entityDetailQuery = (entityId: number) =>
  queryOptions({ queryKey: organizationKeys.entity(entityId), queryFn: () => call(ORG.entityDetail, { query: { entityId } }) });

export const entityTreeQuery = queryOptions({ queryKey: organizationKeys.entityTree(), queryFn: () => call(ORG.entityEntities) });

export const saveEntity = (body: EntitySaveRequest) => call(ORG.entitySave, { body }, { silent: FORM_SILENT });

export const updateEntityStatus = (ids: number[], status: 'Active' | 'Inactive' | 'Draft') =>
  call(ORG.entityUpdateStatus, { body: { ids, status } }, { silent: FORM_SILENT });

export const deleteEntities = (ids: number[]) => call(ORG.entityDelete, { body: { ids } }, { silent: FORM_SILENT });

export const setTurnover = (entityId: number, financialYear: string, turnover: string) =>
  call(ORG.entitySetGstinTurnover, { body: { entityId, financialYear, turnover } }, { silent: FORM_SILENT });

export const setPortalCredential = (body: PortalCredential) => call(ORG.entitySetGstPortalCredential, { body }, { silent: FORM_SILENT });

export const branchLookupQuery = queryOptions({
  queryKey: organizationKeys.lookup('branches'),
  queryFn: () => call(ORG.subscriberBranches),
});
export const departmentLookupQuery = queryOptions({
  queryKey: organizationKeys.lookup('departments'),
  queryFn: () => call(ORG.subscriberDepartments),
});
