import {
  FILE_ENDPOINTS,
  NOTICE_DOCUMENT_ENDPOINTS as E,
  type NoticeDocument,
  type NoticeDocumentAttach,
  type StoredFile,
} from '@opengst/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/call';
import { uploadWithProgress } from '../../api/uploadWithProgress';
import { FORM_SILENT } from '../../shared/forms';

// A notice's documents: the list, the upload (file/upload, then attach), the download and the delete.

export const noticeDocumentKeys = { list: (noticeId: number) => ['litigation', 'documents', noticeId] as const };

export const noticeDocumentsQuery = (noticeId: number) =>
  queryOptions({
    queryKey: noticeDocumentKeys.list(noticeId),
    queryFn: async (): Promise<NoticeDocument[]> => (await call(E.list, { query: { noticeId } })).items,
  });

/**
 * file/upload as multipart. XMLHttpRequest rather than the JSON client: it reports how much of the file has been sent,
 * which the screen shows while a large scan goes up.
 */
export const uploadDocumentFile = (file: File, onSent: (fraction: number) => void): Promise<StoredFile> => {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress(`${FILE_ENDPOINTS.upload.path}?purpose=NoticeDocument`, form, onSent);
};

export const attachNoticeDocument = (input: NoticeDocumentAttach) => call(E.attach, { body: input }, { silent: FORM_SILENT });
export const deleteNoticeDocument = (id: number) => call(E.delete, { body: { id } }, { silent: FORM_SILENT });
export const downloadDocumentFile = (id: number) => call(FILE_ENDPOINTS.download, { query: { id } });
