import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import {
  Gstr3bComputeRequestSchema,
  Gstr3bDetailSchema,
  Gstr3bFileOtpResponseSchema,
  Gstr3bFileRequestSchema,
  Gstr3bFigureDocumentsRequestSchema,
  Gstr3bFigureDocumentsResponseSchema,
  Gstr3bKeyQuerySchema,
  Gstr3bKeySchema,
  Gstr3bOffsetRequestSchema,
  Gstr3bSaveRequestSchema,
  Gstr3bSetOffSchema,
  Gstr3bTimelineSchema,
} from './gstr3b.schemas';

// The endpoints of /gstr-3b (spec core §2, issue 19), one GSTIN (location entity) and period each. Reading, computing
// and saving need Gstr3bPrepare; the filing actions, Gstr3bFile. The spec shows no paths for them: these follow the
// GSTR-1 endpoints' shapes under /returns.
export const GSTR3B_ENDPOINTS = {
  /** The return as last computed, with the user's figures; rows empty while never computed. */
  detail: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/returns/gstr3b/detail`,
    query: Gstr3bKeyQuerySchema,
    response: Gstr3bDetailSchema,
  }),
  /**
   * Queues the computation of the return from the books, the GSTR-1 documents and the stored GSTR-2B (a background
   * job: poll the detail while compute.status is InProgress); the user's figures stay.
   */
  compute: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/returns/gstr3b/compute`,
    body: Gstr3bComputeRequestSchema,
    response: Gstr3bDetailSchema,
  }),
  /** A page of the documents behind one figure of the last computation. */
  figureDocuments: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/returns/gstr3b/figure/documents`,
    body: Gstr3bFigureDocumentsRequestSchema,
    response: Gstr3bFigureDocumentsResponseSchema,
  }),
  /** Saves the user's figures; a figure the portal locks is refused with the reason (422). */
  saveFigures: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/returns/gstr3b/figures`,
    body: Gstr3bSaveRequestSchema,
    response: Gstr3bDetailSchema,
  }),
  /** Table 6.1 proposed from the figures as they stand (the user's where given), with interest and late fee as of today. */
  setOff: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/returns/gstr3b/set-off`,
    query: Gstr3bKeyQuerySchema,
    response: Gstr3bSetOffSchema,
  }),
  /** The portal's GSTR-3B JSON of the figures as they stand, as an attachment. */
  download: defineEndpoint({ method: 'GET', path: `${API_ROOT}/returns/gstr3b/download`, query: Gstr3bKeyQuerySchema, response: 'file' }),
  /** Filing status, due date, the GSTR-1 it waits on and every action. */
  timeline: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/returns/gstr3b/timeline`,
    query: Gstr3bKeyQuerySchema,
    response: Gstr3bTimelineSchema,
  }),
  /** Sends the final figures' JSON to the portal (RETSAVE) and reads its answer (RETSTATUS) within bounded tries. */
  saveToPortal: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/returns/gstr3b/save`,
    body: Gstr3bKeySchema,
    response: Gstr3bDetailSchema,
  }),
  /** Reads the portal's answer to a save still in progress. */
  saveStatus: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/returns/gstr3b/save/status`,
    body: Gstr3bKeySchema,
    response: Gstr3bDetailSchema,
  }),
  /** RETSUBMIT: the portal freezes the figures and posts the liability and the ITC to the ledgers. */
  submit: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/returns/gstr3b/submit`,
    body: Gstr3bKeySchema,
    response: Gstr3bDetailSchema,
  }),
  /** RETOFFSET: pays the liability from the credit ledger (the proposed set-off or the user's) and the cash ledger. */
  offset: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/returns/gstr3b/offset`,
    body: Gstr3bOffsetRequestSchema,
    response: Gstr3bDetailSchema,
  }),
  /** Asks the portal for the EVC one-time password of the filing. */
  fileOtp: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/returns/gstr3b/file/otp`,
    body: Gstr3bKeySchema,
    response: Gstr3bFileOtpResponseSchema,
  }),
  /** RETFILE with EVC: Filed, with the ARN. */
  file: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/returns/gstr3b/file`,
    body: Gstr3bFileRequestSchema,
    response: Gstr3bDetailSchema,
  }),
};
export const GSTR3B_API = pathsOf(GSTR3B_ENDPOINTS);
