import { ORGANIZATION_API as ORG, type BulkResult } from '@opengst/contracts';
import { apiRequest } from '../../api/http';
import { FORM_SILENT } from '../../shared/forms';
import type { ListPage } from '../../shared/list/useListQuery';
import type { ListBody } from './organizationApi';

// Branches and departments share one shape: name, code, status (and an address for branches).

export type RecordKind = 'branch' | 'department';
export type NamedRecord = {
  id: number;
  name: string;
  code: string | null;
  address?: string | null;
  status: 'Active' | 'Inactive' | 'Delete';
  activeUsers: number;
  createdAt: string;
  updatedAt: string;
};
export type NamedRecordFilters = { name?: string | undefined; status?: 'Active' | 'Inactive' | undefined };
export type NamedRecordSave = { id?: number; name: string; code: string | null; address?: string | null; status: 'Active' | 'Inactive' };

const PATHS = {
  branch: { search: ORG.branchSearch, save: ORG.branchSave, status: ORG.branchUpdateStatus, remove: ORG.branchDelete },
  department: { search: ORG.departmentSearch, save: ORG.departmentSave, status: ORG.departmentUpdateStatus, remove: ORG.departmentDelete },
} as const;

export const searchRecords = (kind: RecordKind, body: ListBody<NamedRecordFilters>) =>
  apiRequest<ListPage<NamedRecord>>(PATHS[kind].search, { method: 'POST', body });

export const saveRecord = (kind: RecordKind, body: NamedRecordSave) =>
  apiRequest<{ id: number }>(PATHS[kind].save, { method: 'POST', body, silent: FORM_SILENT });

export const updateRecordStatus = (kind: RecordKind, ids: number[], status: 'Active' | 'Inactive') =>
  apiRequest<BulkResult>(PATHS[kind].status, { method: 'POST', body: { ids, status }, silent: FORM_SILENT });

export const deleteRecords = (kind: RecordKind, ids: number[]) =>
  apiRequest<BulkResult>(PATHS[kind].remove, { method: 'POST', body: { ids }, silent: FORM_SILENT });
