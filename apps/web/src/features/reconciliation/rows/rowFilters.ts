import { DOCUMENT_TYPES } from '@opengst/domain';
import type { ReconciliationStatus, RowFilters } from '@opengst/contracts';
import type { TextKey, Translate } from '../../../i18n/useText';
import type { ChipSpec } from '../../../shared/filter-bar/filterChips';
import { statusLabel } from '../ReconciliationStatusBadge';

// The reconciliation tab's filters (contracts RowFiltersSchema) as the shared filter bar shows them: every key present
// so that Clear all empties them all, chips in the bar's order. The run is not a filter: it is the screen's.

type Filterable = Omit<RowFilters, 'runId'>;
export type RowFilterState = { [K in keyof Required<Filterable>]: Filterable[K] | null };
export type RowDocumentType = NonNullable<RowFilters['documentTypes']>[number];
export type RowActionFilter = NonNullable<RowFilters['actions']>[number];

export const ROW_DOCUMENT_TYPES: readonly RowDocumentType[] = ['INV', 'CRN', 'DBN', 'BOE'];
export const ROW_ACTION_FILTERS: readonly RowActionFilter[] = ['Accept', 'Reject', 'Pending', 'None'];

export const emptyRowFilters = (): RowFilterState => ({
  statuses: null,
  supplierGstins: null,
  gstins: null,
  documentTypes: null,
  documentNumber: null,
  actions: null,
  acrossPeriodsOnly: null,
});

/** Chosen filters over the empty set (a link from another tab: a vendor, a reason, a status). */
export const rowFiltersWith = (patch: Partial<Filterable>): RowFilterState => ({
  ...emptyRowFilters(),
  ...Object.fromEntries(Object.entries(patch).map(([key, value]) => [key, value ?? null])),
});

/** Clear all shows from two chips on. */
export const CLEAR_ALL_THRESHOLD = 1;

/** The keys More filters sets (its Reset empties them). */
export const ADVANCED_ROW_KEYS = ['gstins', 'documentTypes', 'actions', 'acrossPeriodsOnly'] as const;

const actionText = (t: Translate, action: unknown): string =>
  action === 'None' ? t('reconciliation.filter.noAction') : t(`reconciliation.action.${String(action)}` as TextKey);

const documentTypeText = (code: unknown): string => {
  const known = DOCUMENT_TYPES[String(code) as keyof typeof DOCUMENT_TYPES];
  return known ? `${String(code)} (${known.name})` : String(code);
};

export const rowChipSpecs = (t: Translate): ChipSpec<RowFilterState>[] => [
  { key: 'statuses', label: t('reconciliation.status'), isPerValue: true, text: (status) => statusLabel(t, String(status)) },
  { key: 'supplierGstins', label: t('reconciliation.supplierGstin') },
  { key: 'gstins', label: t('reconciliation.gstin') },
  { key: 'documentTypes', label: t('reconciliation.documentType'), text: documentTypeText },
  { key: 'documentNumber', label: t('reconciliation.documentNumber') },
  { key: 'actions', label: t('reconciliation.action'), text: (action) => actionText(t, action) },
  { key: 'acrossPeriodsOnly', label: t('reconciliation.filter.acrossPeriods'), text: () => t('filter.yes') },
];

/** The filters of a request (empty ones left out), without the run. */
export const toRowFilters = (filters: RowFilterState): Filterable =>
  Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== null && value !== false && !(Array.isArray(value) && value.length === 0)),
  ) as Filterable;

export const isRowFiltered = (filters: RowFilterState): boolean => Object.keys(toRowFilters(filters)).length > 0;

/** Spec modules §2.9: a status of the count bar filters by it alone; All removes the status filter. */
export const withStatus = (status: string | null): Partial<RowFilterState> => ({
  statuses: status ? [status as ReconciliationStatus] : null,
});
