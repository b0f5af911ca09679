import {
  FILE_ENDPOINTS,
  HEADERS,
  NOTICE_DOCUMENT_ENDPOINTS as E,
  type NoticeDocument,
  type NoticeDocumentAttach,
  type StoredFile,
} from '@opengst/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/call';
import { ApiError } from '../../api/http';
import { decodeErrorBody } from '../../api/httpErrors';
import { readAuthToken } from '../../api/storage';
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
export const uploadDocumentFile = (file: File, onSent: (fraction: number) => void): Promise<StoredFile> =>
  new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('file', file, file.name);
    const request = new XMLHttpRequest();
    request.open(FILE_ENDPOINTS.upload.method, `${FILE_ENDPOINTS.upload.path}?purpose=NoticeDocument`);
    request.setRequestHeader('accept', 'application/json');
    const token = readAuthToken();
    if (token) request.setRequestHeader(HEADERS.authToken, token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onSent(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, null, null));
    request.onload = () => {
      const requestId = request.getResponseHeader(HEADERS.requestId);
      if (request.status >= 200 && request.status < 300) {
        resolve((JSON.parse(request.responseText) as { data: StoredFile }).data);
        return;
      }
      void decodeErrorBody(request.responseText).then((body) => reject(new ApiError(request.status, body, requestId)));
    };
    request.send(form);
  });

export const attachNoticeDocument = (input: NoticeDocumentAttach) => call(E.attach, { body: input }, { silent: FORM_SILENT });
export const deleteNoticeDocument = (id: number) => call(E.delete, { body: { id } }, { silent: FORM_SILENT });
export const downloadDocumentFile = (id: number) => call(FILE_ENDPOINTS.download, { query: { id } });
