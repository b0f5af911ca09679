import { queryOptions } from '@tanstack/react-query';
import {
  API,
  ORGANIZATION_API as ORG,
  type BulkResult,
  type BusinessNode,
  type EntityDetail,
  type EntityListItem,
  type EntitySaveRequest,
  type EntitySearchFilters,
  type PortalCredential,
} from '@opengst/contracts';
import { apiRequest } from '../../api/http';
import { FORM_SILENT } from '../../shared/forms';
import type { ListPage, PageRequest } from '../../shared/list/useListQuery';

// Calls of spec core §7 "Entities" and the subscriber lookups.

export type ListBody<F> = PageRequest & { sortExpression?: string | undefined; filters: F };

export const searchEntities = (body: ListBody<EntitySearchFilters>) =>
  apiRequest<ListPage<EntityListItem>>(ORG.entitySearch, { method: 'POST', body });

export const entityDetailQuery = (entityId: number) =>
  queryOptions({
    queryKey: ['organization', 'entity', entityId],
    queryFn: () => apiRequest<EntityDetail>(ORG.entityDetail, { query: { entityId } }),
  });

export const entityTreeQuery = queryOptions({
  queryKey: ['organization', 'entityTree'],
  queryFn: () => apiRequest<BusinessNode[]>(ORG.entityEntities),
});

export type State = { code: string; name: string; isUnionTerritory: boolean };
export const statesListQuery = queryOptions({ queryKey: ['states'], queryFn: () => apiRequest<State[]>(API.states) });

export const saveEntity = (body: EntitySaveRequest) =>
  apiRequest<{ entityId: number }>(ORG.entitySave, { method: 'POST', body, silent: FORM_SILENT });

export const updateEntityStatus = (ids: number[], status: 'Active' | 'Inactive' | 'Draft') =>
  apiRequest<BulkResult>(ORG.entityUpdateStatus, { method: 'POST', body: { ids, status }, silent: FORM_SILENT });

export const deleteEntities = (ids: number[]) =>
  apiRequest<BulkResult>(ORG.entityDelete, { method: 'POST', body: { ids }, silent: FORM_SILENT });

export const setTurnover = (entityId: number, financialYear: string, turnover: string) =>
  apiRequest<unknown>(ORG.entitySetGstinTurnover, { method: 'POST', body: { entityId, financialYear, turnover }, silent: FORM_SILENT });

export const setPortalCredential = (body: PortalCredential) =>
  apiRequest<unknown>(ORG.entitySetGstPortalCredential, { method: 'POST', body, silent: FORM_SILENT });

export type NamedLookup = { id: number; name: string };
export const branchLookupQuery = queryOptions({
  queryKey: ['organization', 'lookup', 'branches'],
  queryFn: () => apiRequest<NamedLookup[]>(ORG.subscriberBranches),
});
export const departmentLookupQuery = queryOptions({
  queryKey: ['organization', 'lookup', 'departments'],
  queryFn: () => apiRequest<NamedLookup[]>(ORG.subscriberDepartments),
});
