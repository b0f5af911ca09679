import { useSyncExternalStore } from 'react';
import type { FinancialYear } from '@opengst/contracts';
import { pickCurrentFinancialYear } from '../api/financialYear';

// The financial year the user works in, chosen in the header (spec core §2 "Shell": the FY chip). Screens open in it:
// the registers' year and period, the locations of that year. Remembered in this browser; the current year until
// the user picks another, and again when the one picked is no longer offered.

const KEY = 'opengst.workingYear';
const listeners = new Set<() => void>();

const read = (): string | null => localStorage.getItem(KEY);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const setWorkingYear = (label: string): void => {
  localStorage.setItem(KEY, label);
  for (const listener of listeners) listener();
};

/** The year picked, when the installation still offers it; else the current financial year. */
export const workingYearOf = (years: readonly FinancialYear[], picked: string | null, today: Date): string =>
  picked && years.some((year) => year.label === picked) ? picked : pickCurrentFinancialYear(years, today);

export const readWorkingYear = (years: readonly FinancialYear[], today = new Date()): string => workingYearOf(years, read(), today);

/** The working year, re-rendering when the header changes it. */
export const useWorkingYear = (years: readonly FinancialYear[]): string => {
  const picked = useSyncExternalStore(subscribe, read);
  return workingYearOf(years, picked, new Date());
};
