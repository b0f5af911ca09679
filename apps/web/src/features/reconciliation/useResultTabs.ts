import { useCallback, useMemo, useState } from 'react';
import type { RowFilters } from '@opengst/contracts';
import { useText } from '../../i18n/useText';
import { useFilterFlow, useFilterState } from '../../shared/filter-bar/useFilterFlow';
import { emptyRowFilters, rowChipSpecs, rowFiltersWith } from './rows/rowFilters';

// What a run's results keep above their tabs, on the 2A/2B screen and the IMS screen alike. A tab is drawn when first
// opened and then kept, so its filters and choices stay. Each list reports its count for its tab's label. The rows
// tab's filter flow lives here, so another tab (insights, vendors, summary) can open the rows filtered. The pair view
// is one drawer for every tab.

type Options<Tab extends string, Counted extends Tab> = {
  /** The tab in view. */
  tab: Tab;
  /** Brings another tab into view: the screen keeps it (in the address, or in its own state). */
  showTab: (next: Tab) => void;
  /** The rows tab: drawn from the start, and where openRows goes. */
  rowsTab: Counted;
  /** The tabs whose lists report a count; the same array on every render (it keys the setters). */
  counted: readonly Counted[];
  /** The run's rows: the rows tab's count until the tab reports its filtered one. */
  rowCount: number;
};

export const useResultTabs = <Tab extends string, Counted extends Tab>({
  tab,
  showTab,
  rowsTab,
  counted,
  rowCount,
}: Options<Tab, Counted>) => {
  const t = useText();
  const [visited, setVisited] = useState<ReadonlySet<Tab>>(() => new Set([rowsTab, tab]));
  const setTab = useCallback(
    (next: Tab) => {
      showTab(next);
      setVisited((current) => (current.has(next) ? current : new Set([...current, next])));
    },
    [showTab],
  );
  const [counts, setCounts] = useState(() => ({ [rowsTab]: rowCount }) as Partial<Record<Counted, number>>);
  // Stable per tab: a tab reports its count from an effect that depends on its setter.
  const setters = useMemo(
    () =>
      Object.fromEntries(
        counted.map((name) => [
          name,
          (total: number) => setCounts((current) => (current[name] === total ? current : { ...current, [name]: total })),
        ]),
      ) as Record<Counted, (total: number) => void>,
    [counted],
  );
  const flowState = useFilterState(emptyRowFilters);
  const specs = useMemo(() => rowChipSpecs(t), [t]);
  const flow = useFilterFlow(flowState, specs);
  const [, dispatch] = flowState;
  const openRows = useCallback(
    (patch: Partial<Omit<RowFilters, 'runId'>>) => {
      dispatch({ type: 'replace', filters: rowFiltersWith(patch) });
      setTab(rowsTab);
    },
    [dispatch, setTab, rowsTab],
  );
  const [pairRowId, setPairRowId] = useState<number | null>(null);
  return { setTab, isOpen: (name: Tab) => visited.has(name), counts, setters, flow, openRows, pairRowId, setPairRowId };
};
