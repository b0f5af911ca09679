import { DOCUMENT_TYPES, financialYearOfPeriod, formatPortalDate, parseReturnPeriod, stateFromCode } from '@opengst/domain';
import type { RegisterFilters, SummaryFilters } from '@opengst/contracts';
import type { Translate } from '../../../i18n/useText';
import type { ChipSpec } from '../../../shared/filter-bar/filterChips';
import { locationLabelOf, type LocationBusiness } from '../../../shared/filter-bar/locationSelection';
import { periodLabel } from '../../../shared/filter-bar/periods';

// The registers' filters (contracts RegisterFiltersSchema) as the shared filter bar shows them: every key present so
// that Clear all empties them all, chips in the screen's order, the default keys that stay on Clear all.

export type RegisterFilterState = { [K in keyof Required<RegisterFilters>]: RegisterFilters[K] | null };

export const emptyRegisterFilters = (financialYear: string, returnPeriods: string[] | null): RegisterFilterState => ({
  entityIds: null,
  financialYear,
  returnPeriods,
  fromDate: null,
  toDate: null,
  documentTypes: null,
  supplyTypes: null,
  statuses: null,
  sourceTypes: null,
  documentNumbers: null,
  isDocNumberLikeSearch: null,
  gstins: null,
  pans: null,
  placesOfSupply: null,
  isReverseCharge: null,
  importId: null,
  text: null,
});

/**
 * The filters a link opens the register with: ?importId= (a finished import: its documents of the year, whatever
 * their period), or ?entityId=&returnPeriod= (a GSTIN's return: that location and period). Otherwise the opening ones.
 */
export const filtersFromLink = (params: URLSearchParams, opening: RegisterFilterState): RegisterFilterState => {
  const importId = Number(params.get('importId')) || null;
  if (importId) return { ...opening, returnPeriods: null, importId };
  const entityId = Number(params.get('entityId')) || null;
  const period = params.get('returnPeriod') ?? '';
  if (!entityId && !parseReturnPeriod(period)) return opening;
  return {
    ...opening,
    ...(entityId ? { entityIds: [entityId] } : {}),
    ...(parseReturnPeriod(period) ? { financialYear: financialYearOfPeriod(period), returnPeriods: [period] } : {}),
  };
};

/** Spec modules §9: Clear all shows above two chips on sales and purchase; the financial year stays. */
export const CLEAR_ALL_THRESHOLD = 2;
export const KEPT_ON_CLEAR_ALL = ['financialYear'] as const;

/** The keys the advance filter drawer sets (Reset empties them). */
export const ADVANCED_KEYS = [
  'fromDate',
  'toDate',
  'documentTypes',
  'supplyTypes',
  'statuses',
  'sourceTypes',
  'placesOfSupply',
  'isReverseCharge',
  'importId',
] as const;

export const NOTE_TYPES = ['CRN', 'DBN'] as const;

const documentTypeName = (code: unknown): string => {
  const known = DOCUMENT_TYPES[String(code) as keyof typeof DOCUMENT_TYPES];
  return known ? `${String(code)} (${known.name})` : String(code);
};

const stateName = (code: unknown): string => {
  const state = stateFromCode(String(code));
  return state ? `${String(code)} ${state.name}` : String(code);
};

const dateText = (iso: unknown): string => (typeof iso === 'string' && iso ? formatPortalDate(iso) : '…');

export const registerChipSpecs = (t: Translate, tree: readonly LocationBusiness[]): ChipSpec<RegisterFilterState>[] => [
  { key: 'financialYear', label: t('filter.financialYear') },
  {
    key: 'entityIds',
    label: t('filter.location'),
    isPerValue: true,
    text: (id) => {
      const found = locationLabelOf(tree, Number(id));
      return found ? (found.isBusiness ? `${found.name} (${t('filter.business')})` : found.name) : String(id);
    },
    tooltip: (id) => {
      const found = locationLabelOf(tree, Number(id));
      if (!found) return String(id);
      return found.isBusiness ? t('filter.businessTip', { name: found.name, locations: found.detail }) : `${found.name} ${found.detail}`;
    },
  },
  { key: 'returnPeriods', label: t('filter.returnPeriod'), text: (period) => periodLabel(String(period)) },
  {
    key: 'fromDate',
    label: t('register.dateRange'),
    read: (filters) => (filters.fromDate || filters.toDate ? `${dateText(filters.fromDate)} – ${dateText(filters.toDate)}` : null),
    clearKeys: ['fromDate', 'toDate'],
  },
  { key: 'documentTypes', label: t('register.documentTypes'), text: documentTypeName },
  { key: 'supplyTypes', label: t('register.supplyTypes') },
  { key: 'statuses', label: t('register.status'), text: (status) => t(`register.status.${String(status)}` as Parameters<Translate>[0]) },
  { key: 'sourceTypes', label: t('register.sourceTypes') },
  {
    key: 'documentNumbers',
    label: t('register.documentNumbers'),
    // A like search reads "…123…": the number contains what was typed.
    read: (filters) => filters.documentNumbers?.map((number) => (filters.isDocNumberLikeSearch ? `…${number}…` : number)) ?? null,
    clearKeys: ['documentNumbers', 'isDocNumberLikeSearch'],
  },
  { key: 'gstins', label: t('register.gstins') },
  { key: 'pans', label: t('register.pans') },
  { key: 'placesOfSupply', label: t('register.placesOfSupply'), text: stateName },
  { key: 'isReverseCharge', label: t('register.reverseCharge'), text: (value) => (value ? t('filter.yes') : t('filter.no')) },
  { key: 'importId', label: t('register.importId') },
  { key: 'text', label: t('register.text') },
];

/** The request's filters: empty values left out. */
export const toRequestFilters = (filters: RegisterFilterState): RegisterFilters =>
  Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== null && !(Array.isArray(value) && value.length === 0)),
  ) as RegisterFilters;

/** The credit/debit notes tab: the register's filters with its document types preset (narrowed by the user's own). */
export const withNoteTypes = (filters: RegisterFilters): RegisterFilters => {
  const chosen = filters.documentTypes?.filter((type) => (NOTE_TYPES as readonly string[]).includes(type)) ?? [];
  return { ...filters, documentTypes: chosen.length > 0 ? chosen : [...NOTE_TYPES] };
};

/** The summary tab reads the filters a summary has. */
export const toSummaryFilters = (filters: RegisterFilters): SummaryFilters => ({
  entityIds: filters.entityIds ?? null,
  financialYear: filters.financialYear ?? null,
  returnPeriods: filters.returnPeriods ?? null,
  importId: filters.importId ?? null,
});

/** Spec modules §2.8/§8: an empty list under filters of the user's own is "no search result", else noRecordsAvailable. */
export const isNarrowed = (filters: RegisterFilters): boolean =>
  Object.entries(filters).some(
    ([key, value]) =>
      key !== 'financialYear' &&
      key !== 'returnPeriods' &&
      value !== null &&
      value !== undefined &&
      !(Array.isArray(value) && value.length === 0),
  );

/** A saved report's filters over the screen's full set of keys. */
export const fromSavedFilters = (saved: RegisterFilters, financialYear: string): RegisterFilterState => ({
  ...emptyRegisterFilters(saved.financialYear ?? financialYear, null),
  ...Object.fromEntries(Object.entries(saved).map(([key, value]) => [key, value ?? null])),
});
