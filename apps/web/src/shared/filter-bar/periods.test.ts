import { describe, expect, it } from 'vitest';
import { openPeriodsOf, periodLabel, periodRangeLabel } from './periods';

describe('periods', () => {
  it('offers the months of the year up to the latest open period, newest first', () => {
    const today = new Date('2026-11-21T10:00:00Z');
    expect(openPeriodsOf('2026-27', today)).toEqual(['102026', '092026', '082026', '072026', '062026', '052026', '042026']);
    expect(openPeriodsOf('2025-26', today)).toHaveLength(12);
    expect(openPeriodsOf('2027-28', today)).toEqual([]);
    expect(openPeriodsOf('2026-27', new Date('2026-11-26T10:00:00Z'))[0]).toBe('112026');
  });

  it('reads a period as month and year', () => {
    expect(periodLabel('102026')).toBe('Oct 2026');
    expect(periodLabel('032027')).toBe('Mar 2027');
    expect(periodRangeLabel('042025', '032026')).toBe('Apr 2025 – Mar 2026');
    expect(periodRangeLabel('102026', '102026')).toBe('Oct 2026');
  });
});
