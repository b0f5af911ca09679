import { HSN_SAC_ENDPOINTS as E, HSN_SEARCH_ENDPOINTS, type HsnSacFilters, type HsnSacSave, type HsnSacStatus } from '@opengst/contracts';
import { call } from '../../../api/call';
import { FORM_SILENT } from '../../../shared/forms';
import type { PageRequest } from '../../../shared/list/useListQuery';

// The calls of /hsn-sac (contracts masters/hsn-sac.endpoints.ts) and the GST portal directory's search the form's
// code lookup reads (the public /hsn-codes-master search).

export const hsnSacKeys = {
  all: ['hsnSac'] as const,
  list: () => [...hsnSacKeys.all, 'list'] as const,
  options: () => [...hsnSacKeys.all, 'options'] as const,
  official: (text: string) => [...hsnSacKeys.all, 'official', text] as const,
};

/** The import screen with the HSN/SAC import chosen. */

export const searchHsnSacs = (page: PageRequest, sortExpression: string | undefined, filters: HsnSacFilters) =>
  call(E.hsnSacSearch, { body: { ...page, sortExpression, filters } });
export const hsnSacOptions = () => call(E.hsnSacOptions, {});
export const searchOfficialCodes = (text: string) =>
  call(HSN_SEARCH_ENDPOINTS.search, { query: { text, start: 0, size: 15 } }, { silent: true });

/** Save, status and delete answer their refusals (directory, rate, unit, in use) on screen, so no toast. */
export const saveHsnSac = (body: HsnSacSave) => call(E.hsnSacSave, { body }, { silent: FORM_SILENT });
export const setHsnSacStatus = (ids: number[], status: HsnSacStatus) =>
  call(E.hsnSacUpdateStatus, { body: { ids, status } }, { silent: FORM_SILENT });
export const deleteHsnSacs = (ids: number[]) => call(E.hsnSacDelete, { body: { ids } }, { silent: FORM_SILENT });
export const exportHsnSacs = (sortExpression: string | undefined, filters: HsnSacFilters) =>
  call(E.hsnSacExport, { body: { sortExpression, filters } });
