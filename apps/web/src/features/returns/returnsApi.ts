import { queryOptions } from '@tanstack/react-query';
import {
  RETURN_ENDPOINTS,
  type Gstr1Section,
  type InwardSource,
  type ReturnKey,
  type ReturnListRequest,
  type ReturnSectionSearchRequest,
} from '@opengst/contracts';
import { call } from '../../api/call';
import { FORM_SILENT } from '../../shared/forms';
import type { PageRequest } from '../../shared/list/useListQuery';

// The calls of the return screens (contracts returns/returns.endpoints.ts).

export type InwardKey = { entityId: number; returnPeriod: string; source: InwardSource };

/**
 * Query keys of the returns: a change of a return invalidates `lists` and `overviews`; `version` (what the return
 * last became) in a return's keys reloads its history, errors and sections when it changes.
 */
export const returnKeys = {
  all: ['returns'] as const,
  lists: () => [...returnKeys.all, 'list'] as const,
  list: (request: ReturnListRequest) => [...returnKeys.lists(), request] as const,
  overviews: () => [...returnKeys.all, 'overview'] as const,
  overview: (entityId: number, returnPeriod: string) => [...returnKeys.overviews(), entityId, returnPeriod] as const,
  detail: (key: ReturnKey) => [...returnKeys.all, 'detail', key.entityId, key.returnType, key.returnPeriod] as const,
  history: (returnId: number, version: string) => [...returnKeys.all, 'history', returnId, version] as const,
  errors: (returnId: number, version: string) => [...returnKeys.all, 'errors', returnId, version] as const,
  section: (returnId: number, version: string, section: Gstr1Section, text: string, sortExpression: string | undefined) =>
    [...returnKeys.all, 'section', returnId, version, section, text, sortExpression] as const,
  portalSession: (entityId: number) => [...returnKeys.all, 'portalSession', entityId] as const,
  inwards: () => [...returnKeys.all, 'inward'] as const,
  inward: (key: InwardKey) => [...returnKeys.inwards(), key] as const,
};

export const searchReturns = (request: ReturnListRequest) => call(RETURN_ENDPOINTS.list, { body: request });

export const returnOverviewQuery = (entityId: number, returnPeriod: string) =>
  queryOptions({
    queryKey: returnKeys.overview(entityId, returnPeriod),
    queryFn: () => call(RETURN_ENDPOINTS.overview, { query: { entityId, returnPeriod } }),
  });

export const fetchReturnDetail = (key: ReturnKey) => call(RETURN_ENDPOINTS.detail, { query: key });

export const generateReturn = (key: ReturnKey) => call(RETURN_ENDPOINTS.generate, { body: key });
export const saveReturn = (id: number) => call(RETURN_ENDPOINTS.save, { body: { id } });
/** Confirmed in a dialog that shows the server's refusal itself. */
export const submitReturn = (id: number) => call(RETURN_ENDPOINTS.submit, { body: { id } }, { silent: FORM_SILENT });
export const requestFileOtp = (id: number) => call(RETURN_ENDPOINTS.fileOtp, { body: { id } }, { silent: FORM_SILENT });
export const fileReturn = (id: number, otp: string) => call(RETURN_ENDPOINTS.file, { body: { id, otp } }, { silent: FORM_SILENT });
export const downloadReturnJson = (id: number) => call(RETURN_ENDPOINTS.download, { query: { id } });

export const searchSection = (request: ReturnSectionSearchRequest) => call(RETURN_ENDPOINTS.sectionSearch, { body: request });
export const searchReturnErrors = (id: number, page: PageRequest) => call(RETURN_ENDPOINTS.errors, { body: { id, ...page } });
export const fetchReturnHistory = async (id: number) => (await call(RETURN_ENDPOINTS.history, { query: { id } })).items;

export const portalSessionQuery = (entityId: number) =>
  queryOptions({
    queryKey: returnKeys.portalSession(entityId),
    queryFn: () => call(RETURN_ENDPOINTS.portalSession, { query: { entityId } }),
  });
export const requestPortalOtp = (entityId: number) => call(RETURN_ENDPOINTS.portalOtp, { body: { entityId } }, { silent: FORM_SILENT });
export const authenticatePortal = (entityId: number, otp: string) =>
  call(RETURN_ENDPOINTS.portalAuthenticate, { body: { entityId, otp } }, { silent: FORM_SILENT });

export const downloadInward = (key: InwardKey) => call(RETURN_ENDPOINTS.inwardDownload, { body: key });
export const searchInward = (key: InwardKey, page: PageRequest) => call(RETURN_ENDPOINTS.inwardSearch, { body: { ...key, ...page } });
