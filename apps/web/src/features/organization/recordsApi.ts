import {
  BRANCH_ENDPOINTS,
  DEPARTMENT_ENDPOINTS,
  type NamedRecord,
  type NamedRecordEndpoints,
  type NamedRecordSave,
} from '@opengst/contracts';
import { call } from '../../api/call';
import { FORM_SILENT } from '../../shared/forms';
import type { ListPage } from '../../shared/list/useListQuery';
import type { ListBody } from './organizationApi';

// Branches and departments share one set of endpoints (contracts named-record.endpoints.ts): name, code, status, and
// an address for branches.

export type RecordKind = 'branch' | 'department';
const ENDPOINTS: Record<RecordKind, NamedRecordEndpoints> = { branch: BRANCH_ENDPOINTS, department: DEPARTMENT_ENDPOINTS };

/** A record as listed and as saved; only a branch has an address. */
export type RecordRow = NamedRecord & { address?: string | null };
export type RecordDraft = NamedRecordSave & { address?: string | null };
export type RecordFilters = { name?: string | undefined; status?: 'Active' | 'Inactive' | undefined };

export const searchRecords = (kind: RecordKind, body: ListBody<RecordFilters>): Promise<ListPage<RecordRow>> =>
  call(ENDPOINTS[kind].search, { body });

export const saveRecord = (kind: RecordKind, body: RecordDraft) => call(ENDPOINTS[kind].save, { body }, { silent: FORM_SILENT });

export const updateRecordStatus = (kind: RecordKind, ids: number[], status: 'Active' | 'Inactive') =>
  call(ENDPOINTS[kind].updateStatus, { body: { ids, status } }, { silent: FORM_SILENT });

export const deleteRecords = (kind: RecordKind, ids: number[]) => call(ENDPOINTS[kind].delete, { body: { ids } }, { silent: FORM_SILENT });
