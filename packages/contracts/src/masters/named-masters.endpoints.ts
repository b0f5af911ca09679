import { z } from 'zod';
import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import { listRequestSchema, listResponseSchema } from '../list';
import {
  LevelSaveSchema,
  LevelSchema,
  NamedMasterBulkResultSchema,
  NamedMasterFiltersSchema,
  NamedMasterIdsSchema,
  NamedMasterStatusRequestSchema,
  NoticeTagSaveSchema,
  NoticeTagSchema,
  VerticalSaveSchema,
  VerticalSchema,
} from './named-masters.schemas';

/**
 * The five calls of a named master under `{API_ROOT}/{resource}/`: search (filters, sort, paging), save (create or
 * edit, answers the record), updateStatus and delete of the ticked ids (delete refused while a record is in use, with
 * the reason), and the xlsx export of what the filters find in the list's sort.
 */
const namedMasterEndpoints = <R extends z.ZodType, S extends z.ZodType>(resource: string, schemas: { record: R; save: S }) => ({
  search: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/${resource}/search`,
    body: listRequestSchema(NamedMasterFiltersSchema),
    response: listResponseSchema(schemas.record),
  }),
  save: defineEndpoint({ method: 'POST', path: `${API_ROOT}/${resource}/save`, body: schemas.save, response: schemas.record }),
  updateStatus: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/${resource}/updateStatus`,
    body: NamedMasterStatusRequestSchema,
    response: NamedMasterBulkResultSchema,
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/${resource}/delete`,
    body: NamedMasterIdsSchema,
    response: NamedMasterBulkResultSchema,
  }),
  export: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/${resource}/export`,
    body: z.object({ sortExpression: z.string().max(100).nullish(), filters: NamedMasterFiltersSchema.optional() }),
    response: 'file',
  }),
});

export const LEVEL_ENDPOINTS = namedMasterEndpoints('level', { record: LevelSchema, save: LevelSaveSchema });
export const VERTICAL_ENDPOINTS = namedMasterEndpoints('vertical', { record: VerticalSchema, save: VerticalSaveSchema });
export const NOTICE_TAG_ENDPOINTS = namedMasterEndpoints('noticeTag', { record: NoticeTagSchema, save: NoticeTagSaveSchema });
export type NamedMasterEndpoints<R extends z.ZodType, S extends z.ZodType> = ReturnType<typeof namedMasterEndpoints<R, S>>;

export const LEVEL_API = pathsOf(LEVEL_ENDPOINTS);
export const VERTICAL_API = pathsOf(VERTICAL_ENDPOINTS);
export const NOTICE_TAG_API = pathsOf(NOTICE_TAG_ENDPOINTS);
