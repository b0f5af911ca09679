import { describe, expect, it } from 'vitest';
import { lastQuarterEnd } from './litigation-reports';

// The reporting date a litigation report opens at: the last quarter end (Ind AS 34 interim periods end 30 June,
// 30 September, 31 December and 31 March) strictly before the day.
describe('lastQuarterEnd', () => {
  it('answers the quarter end before the day, the day after one answering it', () => {
    expect(lastQuarterEnd('2026-04-01')).toBe('2026-03-31');
    expect(lastQuarterEnd('2026-03-31')).toBe('2025-12-31');
    expect(lastQuarterEnd('2026-01-01')).toBe('2025-12-31');
    expect(lastQuarterEnd('2026-06-30')).toBe('2026-03-31');
    expect(lastQuarterEnd('2026-07-01')).toBe('2026-06-30');
    expect(lastQuarterEnd('2026-10-01')).toBe('2026-09-30');
    expect(lastQuarterEnd('2026-11-27')).toBe('2026-09-30');
    expect(lastQuarterEnd('2026-12-31')).toBe('2026-09-30');
  });
});
