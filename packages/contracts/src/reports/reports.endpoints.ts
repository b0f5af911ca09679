import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import { RecordDetailQuerySchema } from '../organization/organization.schemas';
import { defineReport } from '../report';
import { AuditDetailSchema, AuditItemSchema, AuditSearchFiltersSchema } from './audit-trail.schemas';

// The reports (spec modules §2.1), each defined once as a report; so far the audit trail report, the subscriber's own
// rows only.

/** /audit-trail-report: who changed what and when, newest first. */
export const AUDIT_TRAIL_REPORT = defineReport({
  path: `${API_ROOT}/audit`,
  title: 'Audit trail',
  filters: AuditSearchFiltersSchema,
  row: AuditItemSchema,
  columns: [
    { key: 'createdAt', label: 'audit.when', kind: 'dateTime', sortable: true, width: 150 },
    { key: 'userName', label: 'audit.user', kind: 'text', width: 160 },
    { key: 'entityType', label: 'audit.entityType', kind: 'code', sortable: true, width: 150 },
    { key: 'entityName', label: 'audit.record', kind: 'text' },
    { key: 'entityKey', label: 'audit.recordKey', kind: 'code' },
    { key: 'action', label: 'audit.action', kind: 'text', sortable: true, width: 120 },
    { key: 'ip', label: 'audit.ip', kind: 'code', width: 130 },
  ],
  totals: [],
  defaultSort: 'id DESC',
});

export const REPORTS_ENDPOINTS = {
  auditSearch: AUDIT_TRAIL_REPORT.endpoints.search,
  /** xlsx of every matching change. */
  auditExport: AUDIT_TRAIL_REPORT.endpoints.export,
  /** One row with its before and after and the fields that changed. */
  auditDetail: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/audit/detail`,
    query: RecordDetailQuerySchema,
    response: AuditDetailSchema,
  }),
};
export const REPORTS_API = pathsOf(REPORTS_ENDPOINTS);
