import { describe, expect, it } from 'vitest';
import { RESOURCES } from '@opengst/contracts';
import { translateFrom } from '../../../i18n/useText';
import { buildChips, showsClearAll } from '../../../shared/filter-bar/filterChips';
import { reduceFlow, initialFlow } from '../../../shared/filter-bar/filterFlow';
import type { LocationBusiness } from '../../../shared/filter-bar/locationSelection';
import {
  CLEAR_ALL_THRESHOLD,
  KEPT_ON_CLEAR_ALL,
  emptyRegisterFilters,
  filtersFromLink,
  fromSavedFilters,
  isNarrowed,
  registerChipSpecs,
  toRequestFilters,
  toSummaryFilters,
  withNoteTypes,
} from './registerFilters';

const t = translateFrom({ ...RESOURCES });
const tree: LocationBusiness[] = [
  {
    entityId: 1,
    entityName: 'Demo Traders',
    locations: [
      { entityId: 2, entityName: 'Mumbai', gstin: '27AABCD1234E1Z8', depth: 0 },
      { entityId: 4, entityName: 'Bengaluru', gstin: '29AABCD1234E1Z4', depth: 0 },
    ],
  },
];
const specs = registerChipSpecs(t, tree);

describe('register chips', () => {
  it('open with the financial year and return period only, so Clear all is hidden', () => {
    const chips = buildChips(emptyRegisterFilters('2026-27', ['102026']), specs);
    expect(chips.map((chip) => chip.text)).toEqual(['Financial year: 2026-27', 'Return period: Oct 2026']);
    expect(chips[0]?.isRemovable).toBe(false);
    expect(showsClearAll(chips, CLEAR_ALL_THRESHOLD)).toBe(false);
  });

  it('name a business chip and its locations, statuses and document types as people read them', () => {
    const filters = {
      ...emptyRegisterFilters('2026-27', ['102026']),
      entityIds: [1],
      statuses: ['Draft' as const],
      documentTypes: ['CRN'],
      documentNumbers: ['INV/1'],
      isDocNumberLikeSearch: true,
      fromDate: '2026-10-01',
      toDate: '2026-10-31',
      placesOfSupply: ['33'],
    };
    const chips = buildChips(filters, specs);
    expect(chips.map((chip) => chip.text)).toEqual([
      'Financial year: 2026-27',
      'Location: Demo Traders (Business)',
      'Return period: Oct 2026',
      'Document date: 01-10-2026 – 31-10-2026',
      'Document type: CRN (Credit note)',
      'Status: Draft',
      'Document numbers: …INV/1…',
      'Place of supply: 33 Tamil Nadu',
    ]);
    expect(chips[1]?.tooltip).toBe('Every location of Demo Traders: Mumbai, Bengaluru');
    expect(showsClearAll(chips, CLEAR_ALL_THRESHOLD)).toBe(true);
  });

  it('Clear all keeps the financial year and empties the rest, including the like flag', () => {
    const start = initialFlow({ ...emptyRegisterFilters('2026-27', ['102026']), documentNumbers: ['A'], isDocNumberLikeSearch: true });
    const cleared = reduceFlow(start, { type: 'clearAll', keepKeys: KEPT_ON_CLEAR_ALL });
    expect(toRequestFilters(cleared.applied)).toEqual({ financialYear: '2026-27' });
  });
});

describe('register requests', () => {
  it('leave empty filters out, preset the note types, and narrow the summary filters', () => {
    const filters = toRequestFilters({ ...emptyRegisterFilters('2026-27', ['102026']), documentTypes: [], entityIds: [2] });
    expect(filters).toEqual({ financialYear: '2026-27', returnPeriods: ['102026'], entityIds: [2] });
    expect(withNoteTypes(filters).documentTypes).toEqual(['CRN', 'DBN']);
    expect(withNoteTypes({ ...filters, documentTypes: ['INV', 'DBN'] }).documentTypes).toEqual(['DBN']);
    expect(toSummaryFilters({ ...filters, statuses: ['Draft'] })).toEqual({
      entityIds: [2],
      financialYear: '2026-27',
      returnPeriods: ['102026'],
      importId: null,
    });
  });

  it('tell an empty register from an empty search', () => {
    expect(isNarrowed({ financialYear: '2026-27', returnPeriods: ['102026'] })).toBe(false);
    expect(isNarrowed({ financialYear: '2026-27', gstins: ['33AAACB5678B1Z0'] })).toBe(true);
  });

  it('read a saved report back over every key of the screen', () => {
    const restored = fromSavedFilters({ financialYear: '2025-26', statuses: ['Draft'] }, '2026-27');
    expect(restored).toEqual({ ...emptyRegisterFilters('2025-26', null), statuses: ['Draft'] });
  });
});

describe('filtersFromLink', () => {
  const opening = emptyRegisterFilters('2026-27', ['112026']);
  it('opens a finished import over the whole year', () => {
    expect(filtersFromLink(new URLSearchParams('importId=7'), opening)).toMatchObject({
      importId: 7,
      returnPeriods: null,
      financialYear: '2026-27',
    });
  });
  it("opens a GSTIN's return at its location and period, in that period's financial year", () => {
    expect(filtersFromLink(new URLSearchParams('entityId=12&returnPeriod=032026'), opening)).toMatchObject({
      entityIds: [12],
      financialYear: '2025-26',
      returnPeriods: ['032026'],
      importId: null,
    });
  });
  it('ignores a malformed period and keeps the opening filters without a link', () => {
    expect(filtersFromLink(new URLSearchParams('returnPeriod=132026'), opening)).toEqual(opening);
    expect(filtersFromLink(new URLSearchParams(''), opening)).toBe(opening);
  });
});
