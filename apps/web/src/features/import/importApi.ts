import { queryOptions } from '@tanstack/react-query';
import {
  IMPORT_ENDPOINTS,
  type EndpointData,
  type ImportAlias,
  type ImportErrorsRequest,
  type ImportSearchFilters,
  type ImportSearchRequest,
  type ImportType,
} from '@opengst/contracts';
import { call } from '../../api/call';
import { uploadWithProgress } from '../../api/uploadWithProgress';
import { FORM_SILENT } from '../../shared/forms';

// The calls of the /import and /import-*-error screens (contracts import/).

/** Query keys of the module: invalidating `list` refreshes the /import list, `all` everything. */
export const importKeys = {
  all: ['import'] as const,
  types: () => [...importKeys.all, 'types'] as const,
  lists: () => [...importKeys.all, 'list'] as const,
  list: (filters: ImportSearchFilters, sortExpression: string | undefined) => [...importKeys.lists(), filters, sortExpression] as const,
  progress: (importId: number) => [...importKeys.all, 'progress', importId] as const,
  summary: (importId: number) => [...importKeys.all, 'summary', importId] as const,
  errorSummary: (importId: number) => [...importKeys.all, 'errorSummary', importId] as const,
  errors: (importId: number, code: string | null, size: number) => [...importKeys.all, 'errors', importId, code, size] as const,
  aliases: (importType: ImportType) => [...importKeys.all, 'aliases', importType] as const,
  fileHeaders: (importId: number) => [...importKeys.all, 'fileHeaders', importId] as const,
};

export const importTypesQuery = queryOptions({
  queryKey: importKeys.types(),
  queryFn: async () => (await call(IMPORT_ENDPOINTS.importTypes)).items,
  staleTime: Infinity,
});

export const fetchImportProgress = (importId: number) => call(IMPORT_ENDPOINTS.statisticStatus, { query: { importId } }, { silent: true });

export const searchImports = (request: ImportSearchRequest) => call(IMPORT_ENDPOINTS.statisticSearch, { body: request });

export const importSummaryQuery = (importId: number) =>
  queryOptions({ queryKey: importKeys.summary(importId), queryFn: () => call(IMPORT_ENDPOINTS.summary, { query: { importId } }) });

export const importErrorSummaryQuery = (importId: number) =>
  queryOptions({
    queryKey: importKeys.errorSummary(importId),
    queryFn: () => call(IMPORT_ENDPOINTS.errorSummary, { query: { importId } }),
  });

export const searchImportErrors = (request: ImportErrorsRequest) => call(IMPORT_ENDPOINTS.errors, { body: request });

export const downloadSample = (importType: ImportType) => call(IMPORT_ENDPOINTS.sample, { query: { importType } });

export const importAliasesQuery = (importType: ImportType) =>
  queryOptions({
    queryKey: importKeys.aliases(importType),
    queryFn: async () => (await call(IMPORT_ENDPOINTS.aliases, { query: { importType } })).aliases,
  });

/** The header row of an uploaded file; the aliases it was read with change after a save, so it is never cached long. */
export const importFileHeadersQuery = (importId: number) =>
  queryOptions({
    queryKey: importKeys.fileHeaders(importId),
    queryFn: () => call(IMPORT_ENDPOINTS.fileHeaders, { query: { importId } }, { silent: true }),
    staleTime: 0,
  });

/** Replaces the subscriber's aliases of one import type; the dialog shows a refusal itself. */
export const saveImportAliases = (importType: ImportType, aliases: readonly ImportAlias[]) =>
  call(IMPORT_ENDPOINTS.aliasesSave, { body: { importType, aliases: [...aliases] } }, { silent: FORM_SILENT });

export const downloadErrorExport = (importId: number) => call(IMPORT_ENDPOINTS.export, { query: { importId } });

type UploadAnswer = EndpointData<typeof IMPORT_ENDPOINTS.upload>;

/**
 * The upload endpoint as multipart. XMLHttpRequest rather than the JSON client: it reports how much of a large file
 * has been sent, which the screen shows before the server's own row progress starts.
 */
export const uploadImportFile = (
  fields: { importType: ImportType; entityId: number | null; file: File },
  onSent: (fraction: number) => void,
): Promise<UploadAnswer> => {
  const form = new FormData();
  form.append('importType', fields.importType);
  if (fields.entityId !== null) form.append('entityId', String(fields.entityId));
  // The server reads the text fields before the file, so the file goes last.
  form.append('file', fields.file, fields.file.name);
  return uploadWithProgress(IMPORT_ENDPOINTS.upload.path, form, onSent);
};
