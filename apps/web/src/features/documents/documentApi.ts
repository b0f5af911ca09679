import { useQuery } from '@tanstack/react-query';
import {
  type Direction, DOCUMENT_API, type DocumentDetail, type DocumentSaveInput, type DocumentValidateResponse, type DraftItem, type DraftSearchRequest,
  type HsnLookupItem,
} from '@opengst/contracts';
import { apiRequest } from '../../api/http';
import { pickCurrentFinancialYear } from '../../api/financialYear';
import { financialYearsQuery, loadSettingsQuery, userEntitiesQuery } from '../../api/sessionData';
import { FORM_SILENT } from '../../shared/forms';
import type { ListPage } from '../../shared/list/useListQuery';

// The calls of the document screen and the drafts list (spec core §2 "Documents", §7 "Documents (GET)").

export const documentKey = (direction: Direction, id: number) => ['document', direction, id] as const;

export const fetchDocument = (direction: Direction, id: number) =>
  apiRequest<DocumentDetail>(direction === 'Sales' ? DOCUMENT_API.saleDetail : DOCUMENT_API.purchaseDetail, { query: { id } });

/** Save answers its refusals on the form itself, so no toast. */
export const saveDocument = (body: DocumentSaveInput) => apiRequest<DocumentDetail>(DOCUMENT_API.save, { method: 'POST', body, silent: FORM_SILENT });

/** Live validation is quiet: a half-typed form is not a failure worth a toast. */
export const validateDocument = (body: DocumentSaveInput) =>
  apiRequest<DocumentValidateResponse>(DOCUMENT_API.validate, { method: 'POST', body, silent: true });

export const deleteDocuments = (ids: number[]) => apiRequest<{ affected: number }>(DOCUMENT_API.delete, { method: 'POST', body: { ids }, silent: FORM_SILENT });

export const searchDrafts = (request: DraftSearchRequest) => apiRequest<ListPage<DraftItem>>(DOCUMENT_API.draftSearch, { method: 'POST', body: request });

export const lookupHsn = async (text: string): Promise<HsnLookupItem[]> =>
  (await apiRequest<{ items: HsnLookupItem[] }>(DOCUMENT_API.hsnLookup, { query: { text }, silent: true })).items;

/** What the document screen reads from the session: the user's locations with a GSTIN, and the auto-compute setting. */
export const useDocumentSession = () => {
  const { data: loaded } = useQuery({ ...loadSettingsQuery, enabled: false });
  const { data: financialYears = [] } = useQuery({ ...financialYearsQuery, enabled: false });
  const { data: entities = [] } = useQuery(userEntitiesQuery(pickCurrentFinancialYear(financialYears, new Date())));
  return {
    autoCompute: loaded?.settings.subscriberSettings.autoCompute.computeTax ?? true,
    locations: entities.filter((entity) => entity.entityType !== 'Business' && entity.hasAccess && entity.gstin),
  };
};
