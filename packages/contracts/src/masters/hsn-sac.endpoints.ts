import { z } from 'zod';
import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import { listRequestSchema, listResponseSchema } from '../list';
import {
  HsnSacBulkResultSchema,
  HsnSacFiltersSchema,
  HsnSacIdsSchema,
  HsnSacOptionsSchema,
  HsnSacSaveSchema,
  HsnSacSchema,
  HsnSacStatusRequestSchema,
} from './hsn-sac.schemas';

// /hsn-sac (spec modules §2.7; the calls are not shown, so they follow the other masters' shape: search, save,
// updateStatus, delete, export), and the form's choices. The official directory's search is the public
// /public/hsnSacCodes (hsn-search.endpoints.ts).
export const HSN_SAC_ENDPOINTS = {
  hsnSacSearch: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/hsnSac/search`,
    body: listRequestSchema(HsnSacFiltersSchema),
    response: listResponseSchema(HsnSacSchema),
  }),
  /** Refused with the reason when the code is not in the GST portal's directory, or the rate or UQC is not valid. */
  hsnSacSave: defineEndpoint({ method: 'POST', path: `${API_ROOT}/hsnSac/save`, body: HsnSacSaveSchema, response: HsnSacSchema }),
  hsnSacUpdateStatus: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/hsnSac/updateStatus`,
    body: HsnSacStatusRequestSchema,
    response: HsnSacBulkResultSchema,
  }),
  /** Refused, with the number of documents, for a code the subscriber's documents use. */
  hsnSacDelete: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/hsnSac/delete`,
    body: HsnSacIdsSchema,
    response: HsnSacBulkResultSchema,
  }),
  hsnSacExport: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/hsnSac/export`,
    body: z.object({ sortExpression: z.string().max(100).nullish(), filters: HsnSacFiltersSchema.optional() }),
    response: 'file',
  }),
  hsnSacOptions: defineEndpoint({ method: 'GET', path: `${API_ROOT}/hsnSac/options`, response: HsnSacOptionsSchema }),
};
export const HSN_SAC_API = pathsOf(HSN_SAC_ENDPOINTS);
