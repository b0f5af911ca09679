import { latestOpenReturnPeriod, periodLabel, periodsOf } from '@opengst/domain';

export { periodLabel } from '@opengst/domain';

// Return periods as the filter bar offers them: the months of the chosen financial year up to the latest open period
// (spec core §9 cutoff days), newest first, read as "Oct 2026" (UI.md).

const sortable = (period: string): string => `${period.slice(2)}${period.slice(0, 2)}`;

export const openPeriodsOf = (financialYear: string, today: Date): string[] => {
  const latest = sortable(latestOpenReturnPeriod(today));
  return periodsOf(financialYear, 'monthly')
    .filter((period) => sortable(period) <= latest)
    .reverse();
};

/** A range of return periods as people read it: "Apr 2025 – Mar 2026", or one month alone. */
export const periodRangeLabel = (from: string, to: string): string =>
  from === to ? periodLabel(from) : `${periodLabel(from)} – ${periodLabel(to)}`;
