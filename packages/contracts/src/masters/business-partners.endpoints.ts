import { z } from 'zod';
import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import { listRequestSchema, listResponseSchema } from '../list';
import {
  BusinessPartnerBulkResultSchema,
  BusinessPartnerFiltersSchema,
  BusinessPartnerIdsSchema,
  BusinessPartnerSaveSchema,
  BusinessPartnerSchema,
  BusinessPartnerStatusRequestSchema,
  GstinCheckResponseSchema,
} from './business-partners.schemas';

// /business-partners (spec modules §2.5; the calls are not shown, so they follow the masters' shape: search, save,
// updateStatus, delete, export) and the GSTIN status check through the GST portal's taxpayer search.
export const BUSINESS_PARTNER_ENDPOINTS = {
  businessPartnerSearch: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/businessPartner/search`,
    body: listRequestSchema(BusinessPartnerFiltersSchema),
    response: listResponseSchema(BusinessPartnerSchema),
  }),
  /** The partner and its contacts in one transaction; the contacts sent replace the partner's. */
  businessPartnerSave: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/businessPartner/save`,
    body: BusinessPartnerSaveSchema,
    response: BusinessPartnerSchema,
  }),
  businessPartnerUpdateStatus: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/businessPartner/updateStatus`,
    body: BusinessPartnerStatusRequestSchema,
    response: BusinessPartnerBulkResultSchema,
  }),
  /** Refused with the reason for a partner whose GSTIN documents or reconciliation records name. */
  businessPartnerDelete: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/businessPartner/delete`,
    body: BusinessPartnerIdsSchema,
    response: BusinessPartnerBulkResultSchema,
  }),
  /** Asks the GST portal for each GSTIN's status and stores what it answers. */
  businessPartnerCheckGstin: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/businessPartner/checkGstin`,
    body: BusinessPartnerIdsSchema,
    response: GstinCheckResponseSchema,
  }),
  /** xlsx of every partner the filters match, in the screen's sort. */
  businessPartnerExport: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/businessPartner/export`,
    body: z.object({ sortExpression: z.string().max(100).nullish(), filters: BusinessPartnerFiltersSchema.optional() }),
    response: 'file',
  }),
};
export const BUSINESS_PARTNER_API = pathsOf(BUSINESS_PARTNER_ENDPOINTS);
