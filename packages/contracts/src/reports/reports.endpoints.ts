import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import { listRequestSchema, listResponseSchema } from '../list';
import { RecordDetailQuerySchema } from '../organization/organization.schemas';
import { AuditDetailSchema, AuditItemSchema, AuditSearchFiltersSchema } from './audit-trail.schemas';

// The endpoints of the reports (spec modules §2.1); so far the audit trail report, the subscriber's own rows only.
export const REPORTS_ENDPOINTS = {
  auditSearch: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/audit/search`,
    body: listRequestSchema(AuditSearchFiltersSchema),
    response: listResponseSchema(AuditItemSchema),
  }),
  /** One row with its before and after and the fields that changed. */
  auditDetail: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/audit/detail`,
    query: RecordDetailQuerySchema,
    response: AuditDetailSchema,
  }),
};
export const REPORTS_API = pathsOf(REPORTS_ENDPOINTS);
