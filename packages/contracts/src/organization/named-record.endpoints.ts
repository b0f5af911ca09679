import type { z } from 'zod';
import { API_ROOT } from '../api';
import { defineEndpoint } from '../endpoint';
import { listRequestSchema, listResponseSchema } from '../list';
import {
  BulkResultSchema,
  NamedRecordFiltersSchema,
  RecordDeleteRequestSchema,
  RecordDetailQuerySchema,
  RecordUpdateStatusRequestSchema,
  type RecordStatusSchema,
} from './organization.schemas';

/** What every named record answers; a kind adds text fields of its own (a branch's address). */
export type NamedRecord = {
  id: number;
  name: string;
  code: string | null;
  status: z.infer<typeof RecordStatusSchema>;
  activeUsers: number;
  createdAt: string;
  updatedAt: string;
};
/** What every named record's save takes (no id: create), as parsed and as sent (the status defaults to Active). */
export type NamedRecordSave = { id?: number | undefined; name: string; code?: string | null | undefined; status: 'Active' | 'Inactive' };
type NamedRecordSaveInput = Omit<NamedRecordSave, 'status'> & { status?: NamedRecordSave['status'] | undefined };

/**
 * The endpoints of a named record (a branch, a department; the simple masters alike) under `{API_ROOT}/{resource}/`:
 * search, detail (GET ?id=), save (create or edit, answers the record), and the status and soft delete of the ids
 * ticked on the list.
 */
export const namedRecordEndpoints = <R extends z.ZodType, S extends z.ZodType>(resource: string, schemas: { record: R; save: S }) => ({
  search: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/${resource}/search`,
    body: listRequestSchema(NamedRecordFiltersSchema),
    response: listResponseSchema(schemas.record),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/${resource}/detail`,
    query: RecordDetailQuerySchema,
    response: schemas.record,
  }),
  save: defineEndpoint({ method: 'POST', path: `${API_ROOT}/${resource}/save`, body: schemas.save, response: schemas.record }),
  updateStatus: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/${resource}/updateStatus`,
    body: RecordUpdateStatusRequestSchema,
    response: BulkResultSchema,
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/${resource}/delete`,
    body: RecordDeleteRequestSchema,
    response: BulkResultSchema,
  }),
});

/** Any kind's endpoints, as the shared server routes and list screen take them. */
export type NamedRecordEndpoints = ReturnType<
  typeof namedRecordEndpoints<z.ZodType<NamedRecord, NamedRecord>, z.ZodType<NamedRecordSave, NamedRecordSaveInput>>
>;

type Prefixed<P extends string, T> = { [K in keyof T & string as `${P}${Capitalize<K>}`]: T[K] };

/** A kind's endpoints named for a module's table: `{ search, save }` of 'branch' → `{ branchSearch, branchSave }`. */
export const prefixed = <P extends string, T extends Record<string, unknown>>(prefix: P, endpoints: T): Prefixed<P, T> =>
  Object.fromEntries(
    Object.entries(endpoints).map(([name, endpoint]) => [`${prefix}${name.charAt(0).toUpperCase()}${name.slice(1)}`, endpoint]),
  ) as Prefixed<P, T>;
