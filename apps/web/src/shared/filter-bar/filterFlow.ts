import type { FilterChip, FilterValues } from './filterChips';
import { withoutChip } from './filterChips';

// The filter flow of the shared filter bar (spec modules §4 "Filter flow", core §3 "Filter state per module"): the
// filters the user is choosing, the saved applied copy the list was loaded with, the selected rows, and a reload
// counter the list's query key carries so that Refresh reloads even when nothing changed.

export type FlowState<F extends FilterValues> = { filters: F; applied: F; selectedIds: number[]; reloadCount: number };

export type FlowAction<F extends FilterValues> =
  /** A choice in the search block: chips change, the list waits for Apply filter. */
  | { type: 'change'; patch: Partial<F> }
  /** Changing the financial year clears the month and return-period chips. */
  | { type: 'changeFinancialYear'; financialYear: string }
  /** Apply filter (the link, the drawer's button, a status in the count bar): save the filters and reload. */
  | { type: 'apply'; patch?: Partial<F> }
  /** A saved report or the return-period preference: these filters, applied at once. */
  | { type: 'replace'; filters: F }
  /** Refresh: back to the saved filters, selection cleared, list reloaded. */
  | { type: 'refresh' }
  /** Clear all: every filter emptied except the kept (default) keys, and reload. */
  | { type: 'clearAll'; keepKeys: readonly string[] }
  /** Closing a chip saves the filters without it and reloads. */
  | { type: 'removeChip'; chip: FilterChip }
  | { type: 'select'; ids: number[] };

export const initialFlow = <F extends FilterValues>(filters: F): FlowState<F> => ({
  filters,
  applied: filters,
  selectedIds: [],
  reloadCount: 0,
});

const reload = <F extends FilterValues>(state: FlowState<F>, filters: F): FlowState<F> => ({
  filters,
  applied: filters,
  selectedIds: [],
  reloadCount: state.reloadCount + 1,
});

export const withFinancialYear = <F extends FilterValues>(filters: F, financialYear: string): F =>
  ({ ...filters, financialYear, month: null, returnPeriod: null, returnPeriods: null }) as F;

export const reduceFlow = <F extends FilterValues>(state: FlowState<F>, action: FlowAction<F>): FlowState<F> => {
  switch (action.type) {
    case 'change':
      return { ...state, filters: { ...state.filters, ...action.patch } };
    case 'changeFinancialYear':
      return { ...state, filters: withFinancialYear(state.filters, action.financialYear) };
    case 'apply':
      return reload(state, { ...state.filters, ...action.patch });
    case 'replace':
      return reload(state, action.filters);
    case 'refresh':
      return reload(state, state.applied);
    case 'clearAll': {
      const cleared = Object.fromEntries(
        Object.entries(state.filters).map(([key, value]) => [key, action.keepKeys.includes(key) ? value : null]),
      );
      return reload(state, cleared as F);
    }
    case 'removeChip':
      return reload(state, withoutChip(state.filters, action.chip));
    case 'select':
      return { ...state, selectedIds: action.ids };
    default: {
      const unknownAction: never = action;
      return unknownAction;
    }
  }
};
