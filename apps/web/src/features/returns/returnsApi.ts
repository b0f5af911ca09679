import { queryOptions } from '@tanstack/react-query';
import {
  RETURN_API,
  type InwardSearchResponse,
  type InwardSource,
  type PortalSession,
  type ReturnDetail,
  type ReturnErrorRow,
  type ReturnHistoryRow,
  type ReturnKey,
  type ReturnListRequest,
  type ReturnListResponse,
  type ReturnOverview,
  type ReturnSectionSearchRequest,
  type ReturnSectionSearchResponse,
  type DataActivity,
} from '@opengst/contracts';
import { apiRequest } from '../../api/http';
import { FORM_SILENT } from '../../shared/forms';
import type { PageRequest } from '../../shared/list/useListQuery';

// The calls of the return screens (contracts returns.ts, RETURN_API).

export const searchReturns = (request: ReturnListRequest) => apiRequest<ReturnListResponse>(RETURN_API.list, { method: 'POST', body: request });

export const returnOverviewQuery = (entityId: number, returnPeriod: string) =>
  queryOptions({
    queryKey: ['returns', 'overview', entityId, returnPeriod],
    queryFn: () => apiRequest<ReturnOverview>(RETURN_API.overview, { query: { entityId, returnPeriod } }),
  });

export const returnDetailKey = (key: ReturnKey) => ['returns', 'detail', key.entityId, key.returnType, key.returnPeriod] as const;
export const fetchReturnDetail = (key: ReturnKey) => apiRequest<ReturnDetail>(RETURN_API.detail, { query: key });

export const generateReturn = (key: ReturnKey) => apiRequest<ReturnDetail>(RETURN_API.generate, { method: 'POST', body: key });
export const saveReturn = (id: number) => apiRequest<ReturnDetail>(RETURN_API.save, { method: 'POST', body: { id } });
/** Confirmed in a dialog that shows the server's refusal itself. */
export const submitReturn = (id: number) => apiRequest<ReturnDetail>(RETURN_API.submit, { method: 'POST', body: { id }, silent: FORM_SILENT });
export const requestFileOtp = (id: number) => apiRequest<{ sent: boolean }>(RETURN_API.fileOtp, { method: 'POST', body: { id }, silent: FORM_SILENT });
export const fileReturn = (id: number, otp: string) => apiRequest<ReturnDetail>(RETURN_API.file, { method: 'POST', body: { id, otp }, silent: FORM_SILENT });
export const downloadReturnJson = (id: number) => apiRequest<Blob>(RETURN_API.download, { query: { id }, responseType: 'blob' });

export const searchSection = (request: ReturnSectionSearchRequest) =>
  apiRequest<ReturnSectionSearchResponse>(RETURN_API.sectionSearch, { method: 'POST', body: request });
export const searchReturnErrors = (id: number, page: PageRequest) =>
  apiRequest<{ items: ReturnErrorRow[]; totalRecords: number }>(RETURN_API.errors, { method: 'POST', body: { id, ...page } });
export const fetchReturnHistory = async (id: number): Promise<ReturnHistoryRow[]> =>
  (await apiRequest<{ items: ReturnHistoryRow[] }>(RETURN_API.history, { query: { id } })).items;

export const portalSessionKey = (entityId: number) => ['returns', 'portalSession', entityId] as const;
export const portalSessionQuery = (entityId: number) =>
  queryOptions({ queryKey: portalSessionKey(entityId), queryFn: () => apiRequest<PortalSession>(RETURN_API.portalSession, { query: { entityId } }) });
export const requestPortalOtp = (entityId: number) => apiRequest<PortalSession>(RETURN_API.portalOtp, { method: 'POST', body: { entityId }, silent: FORM_SILENT });
export const authenticatePortal = (entityId: number, otp: string) =>
  apiRequest<PortalSession>(RETURN_API.portalAuthenticate, { method: 'POST', body: { entityId, otp }, silent: FORM_SILENT });

export type InwardKey = { entityId: number; returnPeriod: string; source: InwardSource };
export const downloadInward = (key: InwardKey) => apiRequest<DataActivity>(RETURN_API.inwardDownload, { method: 'POST', body: key });
export const searchInward = (key: InwardKey, page: PageRequest) =>
  apiRequest<InwardSearchResponse>(RETURN_API.inwardSearch, { method: 'POST', body: { ...key, ...page } });
