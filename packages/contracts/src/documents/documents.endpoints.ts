import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import {
  DocumentDeleteRequestSchema,
  DocumentDeleteResponseSchema,
  DocumentDetailSchema,
  DocumentIdQuerySchema,
  DocumentSaveRequestSchema,
  DocumentValidateRequestSchema,
  DocumentValidateResponseSchema,
  DraftSearchRequestSchema,
  DraftSearchResponseSchema,
  HsnLookupQuerySchema,
  HsnLookupResponseSchema,
  SummaryDetailSchema,
} from './documents.schemas';

// The endpoints of the document screen and /draft-document (spec core §2 "Documents", §7 "Documents (GET)").
export const DOCUMENT_ENDPOINTS = {
  /** The detail of a sales or purchase document (spec core §7). */
  saleDetail: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/regular/sale/detail`,
    query: DocumentIdQuerySchema,
    response: DocumentDetailSchema,
  }),
  purchaseDetail: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/regular/purchase/detail`,
    query: DocumentIdQuerySchema,
    response: DocumentDetailSchema,
  }),
  /** The detail of a summary row. */
  saleSummaryDetail: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/regular/sale/summary/detail`,
    query: DocumentIdQuerySchema,
    response: SummaryDetailSchema,
  }),
  purchaseSummaryDetail: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/regular/purchase/summary/detail`,
    query: DocumentIdQuerySchema,
    response: SummaryDetailSchema,
  }),
  /** New when no id; isDraftDocument decides draft or final. */
  save: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/document/save`,
    body: DocumentSaveRequestSchema,
    response: DocumentDetailSchema,
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/document/delete`,
    body: DocumentDeleteRequestSchema,
    response: DocumentDeleteResponseSchema,
  }),
  /** The /draft-document list (default sort 'id DESC'). */
  draftSearch: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/document/draft/search`,
    body: DraftSearchRequestSchema,
    response: DraftSearchResponseSchema,
  }),
  /** Live validation with the import's codes (the save body), nothing stored. */
  validate: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/document/validate`,
    body: DocumentValidateRequestSchema,
    response: DocumentValidateResponseSchema,
  }),
  /** The subscriber's HSN/SAC master by code prefix or description words. */
  hsnLookup: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/master/hsn/search`,
    query: HsnLookupQuerySchema,
    response: HsnLookupResponseSchema,
  }),
};
export const DOCUMENT_API = pathsOf(DOCUMENT_ENDPOINTS);
