import { useQuery } from '@tanstack/react-query';
import { type Direction, DOCUMENT_ENDPOINTS, type DocumentSaveInput, type DraftSearchRequest, SERIES_ENDPOINTS } from '@opengst/contracts';
import { call } from '../../api/call';
import { useWorkingYear } from '../../shared/workingYear';
import { financialYearsQuery, loadSettingsQuery, userEntitiesQuery } from '../../api/sessionData';
import { FORM_SILENT } from '../../shared/forms';

// The calls of the document screen and the drafts list (contracts documents/).

/** Query keys of the module: a saved document drops its `detail` and refreshes `drafts`. */
export const documentKeys = {
  all: ['document'] as const,
  detail: (direction: Direction, id: number) => [...documentKeys.all, direction, id] as const,
  drafts: () => [...documentKeys.all, 'drafts'] as const,
  draftList: (filters: DraftSearchRequest['filters'], sortExpression: string | undefined) =>
    [...documentKeys.drafts(), filters, sortExpression] as const,
  validate: (request: DocumentSaveInput) => [...documentKeys.all, 'validate', request] as const,
  hsn: (text: string) => [...documentKeys.all, 'hsn', text] as const,
};

export const fetchDocument = (direction: Direction, id: number) =>
  call(direction === 'Sales' ? DOCUMENT_ENDPOINTS.saleDetail : DOCUMENT_ENDPOINTS.purchaseDetail, { query: { id } });

/** Save answers its refusals on the form itself, so no toast. */
export const saveDocument = (body: DocumentSaveInput) => call(DOCUMENT_ENDPOINTS.save, { body }, { silent: FORM_SILENT });

/** Live validation is quiet: a half-typed form is not a failure worth a toast. */
export const validateDocument = (body: DocumentSaveInput) => call(DOCUMENT_ENDPOINTS.validate, { body }, { silent: true });

export const deleteDocuments = (ids: number[]) => call(DOCUMENT_ENDPOINTS.delete, { body: { ids } }, { silent: FORM_SILENT });

export const searchDrafts = (request: DraftSearchRequest) => call(DOCUMENT_ENDPOINTS.draftSearch, { body: request });

export const lookupHsn = async (text: string) => (await call(DOCUMENT_ENDPOINTS.hsnLookup, { query: { text } }, { silent: true })).items;

/** What the document screen reads from the session: the user's locations with a GSTIN, and the auto-compute setting. */
export const useDocumentSession = () => {
  const { data: loaded } = useQuery({ ...loadSettingsQuery, enabled: false });
  const { data: financialYears = [] } = useQuery({ ...financialYearsQuery, enabled: false });
  const { data: entities = [] } = useQuery(userEntitiesQuery(useWorkingYear(financialYears)));
  return {
    autoCompute: loaded?.settings.subscriberSettings.autoCompute.computeTax ?? true,
    locations: entities.filter((entity) => entity.entityType !== 'Business' && entity.hasAccess && entity.gstin),
  };
};

/**
 * The series a new sales document of the location and type may be numbered from in its date's financial year (the
 * default first). Drafts, edits and purchases are never numbered from a series, so nothing is asked for them.
 */
export const useAvailableSeries = (request: { entityId: string; documentType: string; documentDate: string; isEnabled: boolean }) =>
  useQuery({
    queryKey: [...documentKeys.all, 'series', request.entityId, request.documentType, request.documentDate] as const,
    queryFn: () =>
      call(
        SERIES_ENDPOINTS.availableSeries,
        { query: { entityId: Number(request.entityId), documentType: request.documentType, documentDate: request.documentDate } },
        { silent: true },
      ),
    enabled: request.isEnabled && Boolean(request.entityId) && /^\d{4}-\d{2}-\d{2}$/.test(request.documentDate),
    // While another location, type or date is asked about, the series on screen stay (the choice is not dropped).
    placeholderData: (previous) => previous,
    staleTime: 10_000,
  });
