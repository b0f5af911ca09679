import { useMemo, useReducer } from 'react';
import { buildChips, chipsDiffer, type ChipSpec, type FilterChip, type FilterValues } from './filterChips';
import { initialFlow, reduceFlow, type FlowAction, type FlowState } from './filterFlow';

export type FilterFlow<F extends FilterValues> = {
  state: FlowState<F>;
  dispatch: (action: FlowAction<F>) => void;
  /** Chips of the filters being chosen. */
  chips: FilterChip[];
  /** Spec modules §4: true while the chips differ from the saved applied ones (the Apply filter link shows). */
  isDirty: boolean;
};

/** A screen's filter state; the list reads `state.applied` and `state.reloadCount`. */
export const useFilterState = <F extends FilterValues>(initial: () => F) =>
  useReducer(reduceFlow<F>, undefined, () => initialFlow(initial()));

/**
 * The chips of that state. Separate from the state because a screen's chip texts may depend on data loaded for the
 * chosen filters (the location tree of the chosen financial year).
 */
export const useFilterFlow = <F extends FilterValues>(
  [state, dispatch]: ReturnType<typeof useFilterState<F>>,
  specs: readonly ChipSpec<F>[],
): FilterFlow<F> => {
  const chips = useMemo(() => buildChips(state.filters, specs), [state.filters, specs]);
  const savedChips = useMemo(() => buildChips(state.applied, specs), [state.applied, specs]);
  return { state, dispatch, chips, isDirty: chipsDiffer(chips, savedChips) };
};
