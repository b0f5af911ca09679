import { IMPORT_ENDPOINTS, type ImportAlias, type ImportType } from '@opengst/contracts';
import { call } from '../../../api/call';
import { FORM_SILENT } from '../../../shared/forms';

// The calls of /data-mapper: the subscriber's column aliases of one import type (contracts import/import.endpoints.ts),
// the same ones the import screen's mapping step saves and the import pipeline reads.

export const dataMapperKeys = {
  all: ['dataMapper'] as const,
  aliases: (importType: ImportType) => [...dataMapperKeys.all, 'aliases', importType] as const,
};

export const fetchAliases = async (importType: ImportType) => (await call(IMPORT_ENDPOINTS.aliases, { query: { importType } })).aliases;

/** Replaces the type's aliases; a refusal is shown on the screen, so no toast. */
export const saveAliases = async (importType: ImportType, aliases: ImportAlias[]) =>
  (await call(IMPORT_ENDPOINTS.aliasesSave, { body: { importType, aliases } }, { silent: FORM_SILENT })).aliases;

export const exportAliases = (importType: ImportType) => call(IMPORT_ENDPOINTS.aliasesExport, { query: { importType } });
