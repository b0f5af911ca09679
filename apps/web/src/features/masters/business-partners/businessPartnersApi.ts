import {
  BUSINESS_PARTNER_ENDPOINTS as E,
  type BusinessPartnerFilters,
  type BusinessPartnerSave,
  type BusinessPartnerStatus,
} from '@opengst/contracts';
import { call } from '../../../api/call';
import { FORM_SILENT } from '../../../shared/forms';
import type { PageRequest } from '../../../shared/list/useListQuery';

// The calls of /business-partners (contracts masters/business-partners.endpoints.ts).

export const businessPartnerKeys = {
  all: ['businessPartners'] as const,
  list: () => [...businessPartnerKeys.all, 'list'] as const,
};

export const searchBusinessPartners = (page: PageRequest, sortExpression: string | undefined, filters: BusinessPartnerFilters) =>
  call(E.businessPartnerSearch, { body: { ...page, sortExpression, filters } });

/** Save, status, delete and the GSTIN check answer their refusals on screen, so no toast. */
export const saveBusinessPartner = (body: BusinessPartnerSave) => call(E.businessPartnerSave, { body }, { silent: FORM_SILENT });
export const setBusinessPartnerStatus = (ids: number[], status: BusinessPartnerStatus) =>
  call(E.businessPartnerUpdateStatus, { body: { ids, status } }, { silent: FORM_SILENT });
export const deleteBusinessPartners = (ids: number[]) => call(E.businessPartnerDelete, { body: { ids } }, { silent: FORM_SILENT });
export const checkBusinessPartnerGstins = (ids: number[]) => call(E.businessPartnerCheckGstin, { body: { ids } }, { silent: FORM_SILENT });
export const exportBusinessPartners = (sortExpression: string | undefined, filters: BusinessPartnerFilters) =>
  call(E.businessPartnerExport, { body: { sortExpression, filters } });
