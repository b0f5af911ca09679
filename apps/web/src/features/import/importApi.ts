import { queryOptions } from '@tanstack/react-query';
import {
  HEADERS,
  IMPORT_API,
  type ImportAlias,
  type ImportErrorItem,
  type ImportErrorSummary,
  type ImportErrorsRequest,
  type ImportListItem,
  type ImportProgress,
  type ImportSearchRequest,
  type ImportSummary,
  type ImportType,
  type ImportTypeInfo,
  type ImportUploadResponse,
} from '@opengst/contracts';
import { ApiError, apiRequest } from '../../api/http';
import { decodeErrorBody } from '../../api/httpErrors';
import { readAuthToken } from '../../api/storage';
import { FORM_SILENT } from '../../shared/forms';
import type { ListPage } from '../../shared/list/useListQuery';

// The calls of the /import and /import-*-error screens (spec core §7 "Import").

export const importTypesQuery = queryOptions({
  queryKey: ['import', 'types'],
  queryFn: async () => (await apiRequest<{ items: ImportTypeInfo[] }>(IMPORT_API.importTypes)).items,
  staleTime: Infinity,
});

export const importProgressKey = (importId: number) => ['import', 'progress', importId] as const;
export const fetchImportProgress = (importId: number) =>
  apiRequest<ImportProgress>(IMPORT_API.statisticStatus, { query: { importId }, silent: true });

export const searchImports = (request: ImportSearchRequest) =>
  apiRequest<ListPage<ImportListItem>>(IMPORT_API.statisticSearch, { method: 'POST', body: request });

export const importSummaryQuery = (importId: number) =>
  queryOptions({ queryKey: ['import', 'summary', importId], queryFn: () => apiRequest<ImportSummary>(IMPORT_API.summary, { query: { importId } }) });

export const importErrorSummaryQuery = (importId: number) =>
  queryOptions({
    queryKey: ['import', 'errorSummary', importId],
    queryFn: () => apiRequest<ImportErrorSummary>(IMPORT_API.errorSummary, { query: { importId } }),
  });

export const searchImportErrors = (request: ImportErrorsRequest) =>
  apiRequest<ListPage<ImportErrorItem>>(IMPORT_API.errors, { method: 'POST', body: request });

export const downloadSample = (importType: ImportType) =>
  apiRequest<Blob>(IMPORT_API.sample, { query: { importType }, responseType: 'blob' });

export const importAliasesQuery = (importType: ImportType) =>
  queryOptions({
    queryKey: ['import', 'aliases', importType],
    queryFn: async () => (await apiRequest<{ aliases: ImportAlias[] }>(IMPORT_API.aliases, { query: { importType } })).aliases,
  });

/** Replaces the subscriber's aliases of one import type; the dialog shows a refusal itself. */
export const saveImportAliases = (importType: ImportType, aliases: readonly ImportAlias[]) =>
  apiRequest<{ aliases: ImportAlias[] }>(IMPORT_API.aliasesSave, { method: 'POST', body: { importType, aliases }, silent: FORM_SILENT });

export const downloadErrorExport = (importId: number) =>
  apiRequest<Blob>(IMPORT_API.export, { query: { importId }, responseType: 'blob' });

/**
 * POST import/upload as multipart. XMLHttpRequest rather than the JSON client: it reports how much of a large file
 * has been sent, which the screen shows before the server's own row progress starts.
 */
export const uploadImportFile = (
  fields: { importType: ImportType; entityId: number | null; file: File },
  onSent: (fraction: number) => void,
): Promise<ImportUploadResponse> =>
  new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('importType', fields.importType);
    if (fields.entityId !== null) form.append('entityId', String(fields.entityId));
    // The server reads the text fields before the file, so the file goes last.
    form.append('file', fields.file, fields.file.name);
    const request = new XMLHttpRequest();
    request.open('POST', IMPORT_API.upload);
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
        resolve((JSON.parse(request.responseText) as { data: ImportUploadResponse }).data);
        return;
      }
      void decodeErrorBody(request.responseText).then((body) => reject(new ApiError(request.status, body, requestId)));
    };
    request.send(form);
  });
