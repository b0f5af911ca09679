import { RETURN_ENDPOINTS, type InwardBulkRequest, type InwardSummaryFilters } from '@opengst/contracts';
import { call } from '../../../api/call';
import { FORM_SILENT } from '../../../shared/forms';
import type { PageRequest } from '../../../shared/list/useListQuery';

// The calls of the bulk GSTR-2A/2B download and the auto data download summary (contracts returns/inward.schemas.ts).
// This folder imports nothing of the returns screens, so the reconciliation screen can be handed its components.

export const inwardKeys = {
  all: ['returns', 'inward-bulk'] as const,
  progress: (activityIds: readonly number[]) => [...inwardKeys.all, 'progress', activityIds] as const,
  summaries: () => [...inwardKeys.all, 'summary'] as const,
  summary: (filters: InwardSummaryFilters, sortExpression: string | undefined) =>
    [...inwardKeys.summaries(), filters, sortExpression] as const,
};

/** Refused in the form itself (the fields and the reason). */
export const startInwardBulk = (request: InwardBulkRequest) =>
  call(RETURN_ENDPOINTS.inwardBulkDownload, { body: request }, { silent: FORM_SILENT });

export const fetchInwardBulk = (activityIds: readonly number[]) =>
  call(RETURN_ENDPOINTS.inwardBulkStatus, { body: { activityIds: [...activityIds] } });

export const searchInwardSummary = (filters: InwardSummaryFilters, sortExpression: string | undefined, page: PageRequest) =>
  call(RETURN_ENDPOINTS.inwardSummary, { body: { filters, ...(sortExpression ? { sortExpression } : {}), ...page } });
