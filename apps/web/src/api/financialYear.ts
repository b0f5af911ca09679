import type { FinancialYear } from '@opengst/contracts';

/** Spec core §9: the financial year starts in April; January to March belong to the previous year. */
export const financialYearLabelOf = (date: Date): string => {
  const startYear = date.getMonth() < 3 ? date.getFullYear() - 1 : date.getFullYear();
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
};

export const pickCurrentFinancialYear = (years: readonly FinancialYear[], today: Date): string => {
  const label = financialYearLabelOf(today);
  if (years.length === 0 || years.some((year) => year.label === label)) return label;
  return years[years.length - 1]?.label ?? label;
};
