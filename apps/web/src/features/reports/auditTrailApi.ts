import { queryOptions } from '@tanstack/react-query';
import { ORGANIZATION_ENDPOINTS, REPORTS_ENDPOINTS } from '@opengst/contracts';
import { call } from '../../api/call';

// Calls of the audit trail report (contracts reports/), and the users of its filter.

/**
 * Query keys of the report. They live under the organization's root, whose screens refresh it when they change the
 * subscriber's records; the users of the filter under its lookup key, refreshed the same way.
 */
export const auditTrailKeys = {
  all: ['organization', 'audit'] as const,
  list: ['organization', 'audit', 'list'] as const,
  detail: (id: number) => [...auditTrailKeys.all, id] as const,
  users: ['organization', 'lookup', 'users'] as const,
};

export const userLookupQuery = queryOptions({
  queryKey: auditTrailKeys.users,
  queryFn: () => call(ORGANIZATION_ENDPOINTS.subscriberUsers),
});

export const auditDetailQuery = (id: number) =>
  queryOptions({ queryKey: auditTrailKeys.detail(id), queryFn: () => call(REPORTS_ENDPOINTS.auditDetail, { query: { id } }) });
