import { afterEach, describe, expect, it } from 'vitest';
import type { FinancialYear } from '@opengst/contracts';
import { openingPeriods } from './filter-bar/filterPreference';
import { readWorkingYear, setWorkingYear, workingYearOf } from './workingYear';

const year = (label: string): FinancialYear => ({ id: 0, label, startDate: '', endDate: '' });
const YEARS = ['2024-25', '2025-26', '2026-27'].map(year);
const TODAY = new Date(2026, 10, 26);

describe('the working financial year', () => {
  afterEach(() => localStorage.clear());

  it('is the current year until the user picks another that the installation offers', () => {
    expect(workingYearOf(YEARS, null, TODAY)).toBe('2026-27');
    expect(workingYearOf(YEARS, '2024-25', TODAY)).toBe('2024-25');
    expect(workingYearOf(YEARS, '2019-20', TODAY)).toBe('2026-27');
    setWorkingYear('2025-26');
    expect(readWorkingYear(YEARS, TODAY)).toBe('2025-26');
  });

  it('opens a screen in the working year: its last period when it is not the current year', () => {
    expect(openingPeriods('current', null, TODAY, '2026-27')).toEqual({ financialYear: '2026-27', returnPeriods: ['112026'] });
    expect(openingPeriods('current', null, TODAY, '2025-26')).toEqual({ financialYear: '2025-26', returnPeriods: ['032026'] });
    // The period the user saved wins over the header's year.
    expect(openingPeriods('saved', ['062025'], TODAY, '2026-27')).toEqual({ financialYear: '2025-26', returnPeriods: ['062025'] });
  });
});
