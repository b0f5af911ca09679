import { API_ROOT } from '../api';
import { defineEndpoint } from '../endpoint';
import { FileDeleteResultSchema, FileDeleteSchema, FileIdQuerySchema, FileUploadQuerySchema, StoredFileSchema } from './files.schemas';

// Spec modules §7: file/upload (multipart, field `file`; data.id returned), file/download (binary), file/delete.
export const FILE_ENDPOINTS = {
  /**
   * Multipart with the field `file`. Accepts the spec's document types, read from the bytes (a PDF starts with %PDF-,
   * a docx is a zip holding word/document.xml, a doc an OLE2 compound file, JPEG and PNG by their signatures), up to
   * FILE_UPLOAD_MAX_BYTES; another type answers 422.
   */
  upload: defineEndpoint({ method: 'POST', path: `${API_ROOT}/file/upload`, query: FileUploadQuerySchema, response: StoredFileSchema }),
  /** The exact bytes, with the original name in Content-Disposition. */
  download: defineEndpoint({ method: 'GET', path: `${API_ROOT}/file/download`, query: FileIdQuerySchema, response: 'file' }),
  /** Soft delete of a file attached to nothing (a notice's document is removed through the notice). */
  delete: defineEndpoint({ method: 'POST', path: `${API_ROOT}/file/delete`, body: FileDeleteSchema, response: FileDeleteResultSchema }),
} as const;
