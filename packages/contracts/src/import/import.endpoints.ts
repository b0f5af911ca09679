import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import {
  BackgroundStatusQuerySchema,
  BackgroundStatusResponseSchema,
  ImportAliasesQuerySchema,
  ImportAliasesResponseSchema,
  ImportAliasSaveRequestSchema,
  ImportErrorsRequestSchema,
  ImportErrorsResponseSchema,
  ImportErrorSummarySchema,
  ImportFileHeadersSchema,
  ImportIdQuerySchema,
  ImportListResponseSchema,
  ImportProgressSchema,
  ImportSearchRequestSchema,
  ImportSummarySchema,
  ImportTypeQuerySchema,
  ImportTypesResponseSchema,
  ImportUploadFieldsSchema,
  ImportUploadResponseSchema,
} from './import.schemas';

// The endpoints of /import and the /import-*-error screens (spec core §7 "Import" and "Background work").
export const IMPORT_ENDPOINTS = {
  /** The import types this installation can read, with their documented columns. */
  importTypes: defineEndpoint({ method: 'GET', path: `${API_ROOT}/import/importTypes`, response: ImportTypesResponseSchema }),
  /** The xlsx template (header row, one example row, an "Instructions" sheet). */
  sample: defineEndpoint({ method: 'GET', path: `${API_ROOT}/import/sample`, query: ImportTypeQuerySchema, response: 'file' }),
  /**
   * Multipart, field `file`; `importType` and optional `entityId` as form fields sent BEFORE the file, or in the
   * query string (hence the query schema is partial: the route checks the merged fields). Answers at once; a file
   * refused on sight (empty, not a spreadsheet, old .xls, damaged, zip bomb, too large) answers an IMP error instead,
   * and no import is created.
   */
  upload: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/import/upload`,
    query: ImportUploadFieldsSchema.partial(),
    response: ImportUploadResponseSchema,
  }),
  /** The /import list, default sort 'stamp DESC'. */
  statisticSearch: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/import/statistic/search`,
    body: ImportSearchRequestSchema,
    response: ImportListResponseSchema,
  }),
  /** The progress poll (poll every poolingTime seconds while InProcess/Initialized). */
  statisticStatus: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/import/statistic/status`,
    query: ImportIdQuerySchema,
    response: ImportProgressSchema,
  }),
  /** Counts and errors per code. */
  summary: defineEndpoint({ method: 'GET', path: `${API_ROOT}/import/summary`, query: ImportIdQuerySchema, response: ImportSummarySchema }),
  /** Errors grouped by code with count and message. */
  errorSummary: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/import/errorSummary`,
    query: ImportIdQuerySchema,
    response: ImportErrorSummarySchema,
  }),
  /** Paged errors (page size defaults to the importErrorPageSize setting). */
  errors: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/import/errors`,
    body: ImportErrorsRequestSchema,
    response: ImportErrorsResponseSchema,
  }),
  /** xlsx of the original rows that had errors, with an "Errors" column appended. */
  export: defineEndpoint({ method: 'GET', path: `${API_ROOT}/import/export`, query: ImportIdQuerySchema, response: 'file' }),
  /** The header row of an uploaded file, for the "Map columns" dialog to pick from. */
  fileHeaders: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/import/headers`,
    query: ImportIdQuerySchema,
    response: ImportFileHeadersSchema,
  }),
  /** The subscriber's remembered column aliases of one import type. */
  aliases: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/import/aliases`,
    query: ImportAliasesQuerySchema,
    response: ImportAliasesResponseSchema,
  }),
  /** Replaces the aliases of one import type. */
  aliasesSave: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/import/aliases/save`,
    body: ImportAliasSaveRequestSchema,
    response: ImportAliasesResponseSchema,
  }),
  /** xlsx of one import type's template columns with the subscriber's aliases of each (/data-mapper's export). */
  aliasesExport: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/import/aliases/export`,
    query: ImportAliasesQuerySchema,
    response: 'file',
  }),
  /** Background task status (spec core §7 "Background work"), ?id=&type=import. */
  backgroundStatus: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/background/status`,
    query: BackgroundStatusQuerySchema,
    response: BackgroundStatusResponseSchema,
  }),
};
export const IMPORT_API = pathsOf(IMPORT_ENDPOINTS);
