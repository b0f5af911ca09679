import { z } from 'zod';
import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import { listRequestSchema, listResponseSchema } from '../list';
import {
  ConsultantBulkResultSchema,
  ConsultantFiltersSchema,
  ConsultantIdsSchema,
  ConsultantOptionSchema,
  ConsultantSaveSchema,
  ConsultantSchema,
  ConsultantStatusRequestSchema,
} from './consultants.schemas';

// /manage-consultants (spec modules §2.5; the calls are not shown, so they follow the other masters').
export const CONSULTANT_ENDPOINTS = {
  consultantSearch: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/consultant/search`,
    body: listRequestSchema(ConsultantFiltersSchema),
    response: listResponseSchema(ConsultantSchema),
  }),
  /** Creates or edits the consultant and its user together; a new user receives the welcome mail. */
  consultantSave: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/consultant/save`,
    body: ConsultantSaveSchema,
    response: ConsultantSchema,
  }),
  consultantUpdateStatus: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/consultant/updateStatus`,
    body: ConsultantStatusRequestSchema,
    response: ConsultantBulkResultSchema,
  }),
  /** Refused while a consultant has open notices assigned (the count in the message). */
  consultantDelete: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/consultant/delete`,
    body: ConsultantIdsSchema,
    response: ConsultantBulkResultSchema,
  }),
  consultantExport: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/consultant/export`,
    body: z.object({ sortExpression: z.string().max(100).nullish(), filters: ConsultantFiltersSchema.optional() }),
    response: 'file',
  }),
  consultantLookup: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/consultant/lookup`,
    response: z.object({ items: z.array(ConsultantOptionSchema) }),
  }),
};
export const CONSULTANT_API = pathsOf(CONSULTANT_ENDPOINTS);
