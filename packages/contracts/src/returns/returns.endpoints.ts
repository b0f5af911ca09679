import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import {
  PortalAuthenticateRequestSchema,
  PortalOtpRequestSchema,
  PortalSessionQuerySchema,
  PortalSessionSchema,
} from './portal-session.schemas';
import {
  InwardBulkProgressSchema,
  InwardBulkRequestSchema,
  InwardBulkStatusRequestSchema,
  InwardSummaryRequestSchema,
  InwardSummaryResponseSchema,
} from './inward.schemas';
import {
  DataActivitySchema,
  InwardDownloadRequestSchema,
  InwardSearchRequestSchema,
  InwardSearchResponseSchema,
  ReturnDetailQuerySchema,
  ReturnDetailSchema,
  ReturnErrorsRequestSchema,
  ReturnErrorsResponseSchema,
  ReturnFileOtpResponseSchema,
  ReturnFileRequestSchema,
  ReturnHistoryResponseSchema,
  ReturnIdQuerySchema,
  ReturnIdSchema,
  ReturnKeySchema,
  ReturnListRequestSchema,
  ReturnListResponseSchema,
  ReturnOverviewQuerySchema,
  ReturnOverviewSchema,
  ReturnSectionSearchRequestSchema,
  ReturnSectionSearchResponseSchema,
} from './returns.schemas';

export * from './inward.schemas';

// The endpoints of the regular returns (spec core §2 "Regular returns group"): the list, the overview of a GSTIN and
// period, GSTR-1/1A, the GST portal session and the inward downloads (GSTR-2A/2B).
export const RETURN_ENDPOINTS = {
  /** One row per GSTIN (location with a GSTIN) and return type for a period. */
  list: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/returns/search`,
    body: ReturnListRequestSchema,
    response: ReturnListResponseSchema,
  }),
  overview: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/returns/overview`,
    query: ReturnOverviewQuerySchema,
    response: ReturnOverviewSchema,
  }),
  /** id null while never generated. */
  detail: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/returns/gstr1/detail`,
    query: ReturnDetailQuerySchema,
    response: ReturnDetailSchema,
  }),
  /** Answers with generationStatus InProgress; poll detail until Completed or Failed. */
  generate: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/returns/gstr1/generate`,
    body: ReturnKeySchema,
    response: ReturnDetailSchema,
  }),
  /** The documents of one section (drill-down). */
  sectionSearch: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/returns/gstr1/section/search`,
    body: ReturnSectionSearchRequestSchema,
    response: ReturnSectionSearchResponseSchema,
  }),
  /** The portal's save JSON as an attachment. */
  download: defineEndpoint({ method: 'GET', path: `${API_ROOT}/returns/gstr1/download`, query: ReturnIdQuerySchema, response: 'file' }),
  /** The portal's per-document errors of the last save. */
  errors: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/returns/gstr1/errors`,
    body: ReturnErrorsRequestSchema,
    response: ReturnErrorsResponseSchema,
  }),
  /** Sends the JSON to the portal (RETSAVE); the answer is fetched by a job. */
  save: defineEndpoint({ method: 'POST', path: `${API_ROOT}/returns/gstr1/save`, body: ReturnIdSchema, response: ReturnDetailSchema }),
  /** Answers the return Submitted. */
  submit: defineEndpoint({ method: 'POST', path: `${API_ROOT}/returns/gstr1/submit`, body: ReturnIdSchema, response: ReturnDetailSchema }),
  /** Asks the portal for the EVC one-time password of the filing. */
  fileOtp: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/returns/gstr1/file/otp`,
    body: ReturnIdSchema,
    response: ReturnFileOtpResponseSchema,
  }),
  /** Answers the return Filed, with the ARN. */
  file: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/returns/gstr1/file`,
    body: ReturnFileRequestSchema,
    response: ReturnDetailSchema,
  }),
  /** Every action and status change. */
  history: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/returns/history`,
    query: ReturnIdQuerySchema,
    response: ReturnHistoryResponseSchema,
  }),
  portalSession: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/returns/portal/session`,
    query: PortalSessionQuerySchema,
    response: PortalSessionSchema,
  }),
  /** Asks the portal for a login OTP; answers the session with the OTP sent. */
  portalOtp: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/returns/portal/otp`,
    body: PortalOtpRequestSchema,
    response: PortalSessionSchema,
  }),
  /** Answers the session, active. */
  portalAuthenticate: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/returns/portal/authenticate`,
    body: PortalAuthenticateRequestSchema,
    response: PortalSessionSchema,
  }),
  /** Downloads the GSTIN's GSTR-2A or GSTR-2B for a period from the portal. */
  inwardDownload: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/returns/inward/download`,
    body: InwardDownloadRequestSchema,
    response: DataActivitySchema,
  }),
  /** The documents of the last download. */
  inwardSearch: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/returns/inward/search`,
    body: InwardSearchRequestSchema,
    response: InwardSearchResponseSchema,
  }),
  /** Queues one background download of GSTR-2A/2B for many GSTINs, periods and sources; answers its progress (all pending). */
  inwardBulkDownload: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/returns/inward/bulk/download`,
    body: InwardBulkRequestSchema,
    response: InwardBulkProgressSchema,
  }),
  /** The progress of a bulk download, by the download records it answered. */
  inwardBulkStatus: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/returns/inward/bulk/status`,
    body: InwardBulkStatusRequestSchema,
    response: InwardBulkProgressSchema,
  }),
  /** The auto data download summary: per GSTIN, period and source, the last download or upload. */
  inwardSummary: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/returns/inward/summary`,
    body: InwardSummaryRequestSchema,
    response: InwardSummaryResponseSchema,
  }),
};
export const RETURN_API = pathsOf(RETURN_ENDPOINTS);
