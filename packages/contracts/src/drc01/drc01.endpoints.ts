import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import {
  Drc01DetailSchema,
  Drc01IdBodySchema,
  Drc01IdQuerySchema,
  Drc01ListRequestSchema,
  Drc01ListResponseSchema,
  Drc01OtpResponseSchema,
  Drc01PrecheckQuerySchema,
  Drc01PrecheckSchema,
  Drc01ReplyRequestSchema,
  Drc01SyncRequestSchema,
  Drc01SyncResponseSchema,
} from './drc01.schemas';

// DRC-01B / DRC-01C (Drc01 right). The spec shows no API paths for them; these follow the shapes of its other lists.
const DRC01 = `${API_ROOT}/drc01`;

export const DRC01_ENDPOINTS = {
  /** The intimations of one form kept in the product, a page of them (default issuedOn DESC). */
  search: defineEndpoint({ method: 'POST', path: `${DRC01}/search`, body: Drc01ListRequestSchema, response: Drc01ListResponseSchema }),
  /** One intimation with the product's own precheck of its period. */
  detail: defineEndpoint({ method: 'GET', path: `${DRC01}/detail`, query: Drc01IdQuerySchema, response: Drc01DetailSchema }),
  /** Reads the GSTIN's intimations from the portal (its session) and keeps them. */
  sync: defineEndpoint({ method: 'POST', path: `${DRC01}/sync`, body: Drc01SyncRequestSchema, response: Drc01SyncResponseSchema }),
  /** The product's check of a period before (or beside) the portal's. */
  precheck: defineEndpoint({ method: 'GET', path: `${DRC01}/precheck`, query: Drc01PrecheckQuerySchema, response: Drc01PrecheckSchema }),
  /** Asks the portal for the EVC OTP that signs the Part B reply. */
  requestOtp: defineEndpoint({ method: 'POST', path: `${DRC01}/requestOtp`, body: Drc01IdBodySchema, response: Drc01OtpResponseSchema }),
  /** Part B, signed with the EVC OTP. */
  reply: defineEndpoint({ method: 'POST', path: `${DRC01}/reply`, body: Drc01ReplyRequestSchema, response: Drc01DetailSchema }),
};

export const DRC01_API = pathsOf(DRC01_ENDPOINTS);
