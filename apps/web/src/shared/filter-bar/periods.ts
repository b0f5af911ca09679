import { latestOpenReturnPeriod, periodsOf } from '@opengst/domain';

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
