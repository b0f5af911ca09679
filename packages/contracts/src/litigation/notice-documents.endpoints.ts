import { API_ROOT } from '../api';
import { defineEndpoint } from '../endpoint';
import {
  NoticeDocumentAttachSchema,
  NoticeDocumentDeleteSchema,
  NoticeDocumentSchema,
  NoticeDocumentsQuerySchema,
  NoticeDocumentsSchema,
} from './notice-documents.schemas';

// A notice's documents: read with LitigationManagement, attached and removed with LitigationEdit. Not shown by the
// spec: the shape of the notice register's other calls.
const DOCUMENTS = `${API_ROOT}/litigation/documents`;

export const NOTICE_DOCUMENT_ENDPOINTS = {
  list: defineEndpoint({ method: 'GET', path: DOCUMENTS, query: NoticeDocumentsQuerySchema, response: NoticeDocumentsSchema }),
  attach: defineEndpoint({ method: 'POST', path: `${DOCUMENTS}/attach`, body: NoticeDocumentAttachSchema, response: NoticeDocumentSchema }),
  /** Removes the document from the notice and deletes its file (soft). */
  delete: defineEndpoint({
    method: 'POST',
    path: `${DOCUMENTS}/delete`,
    body: NoticeDocumentDeleteSchema,
    response: NoticeDocumentsSchema,
  }),
} as const;
