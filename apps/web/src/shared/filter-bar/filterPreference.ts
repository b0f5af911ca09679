import { financialYearOfPeriod, latestOpenReturnPeriod } from '@opengst/domain';

// The filter-preference modal of the shared filter bar (spec modules §2.9): the return period a screen opens with is
// either the current one (the default) or the one the user last applied there. The choice is remembered per user in
// this browser, and so are the last applied periods per screen.

export type ReturnPeriodPreference = 'current' | 'saved';

const preferenceKey = (userId: number) => `filterPreference:${userId}`;
const savedPeriodsKey = (userId: number, module: string) => `filterSavedPeriods:${userId}:${module}`;

export const readPreference = (userId: number): ReturnPeriodPreference =>
  localStorage.getItem(preferenceKey(userId)) === 'saved' ? 'saved' : 'current';

export const writePreference = (userId: number, preference: ReturnPeriodPreference): void =>
  localStorage.setItem(preferenceKey(userId), preference);

const isPeriodList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length > 0 && value.every((one) => typeof one === 'string' && /^(0[1-9]|1[0-2])\d{4}$/.test(one));

export const readSavedPeriods = (userId: number, module: string): string[] | null => {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(savedPeriodsKey(userId, module)) ?? 'null');
    return isPeriodList(parsed) ? parsed : null;
  } catch {
    return null;
  }
};

export const writeSavedPeriods = (userId: number, module: string, periods: readonly string[] | null | undefined): void => {
  if (periods && periods.length > 0) localStorage.setItem(savedPeriodsKey(userId, module), JSON.stringify(periods));
};

/**
 * The financial year and return periods a screen opens with: the periods the user saved here (preference 'saved'),
 * else the current period, or, when the header's working year is an earlier one, that year's last period.
 */
export const openingPeriods = (
  preference: ReturnPeriodPreference,
  saved: readonly string[] | null,
  today: Date,
  workingYear?: string,
): { financialYear: string; returnPeriods: string[] } => {
  if (preference === 'saved' && saved && saved.length > 0 && saved[0]) {
    return { financialYear: financialYearOfPeriod(saved[0]), returnPeriods: [...saved] };
  }
  const current = latestOpenReturnPeriod(today);
  const currentYear = financialYearOfPeriod(current);
  if (workingYear && workingYear !== currentYear && /^\d{4}-\d{2}$/.test(workingYear)) {
    // March, the last month of the year: 2025-26 ends in 032026.
    return { financialYear: workingYear, returnPeriods: [`03${Number(workingYear.slice(0, 4)) + 1}`] };
  }
  return { financialYear: currentYear, returnPeriods: [current] };
};
