import { describe, expect, it } from 'vitest';
import { panOf, periodsAround, periodsBetween, runPercent } from './runRules';

describe('run rules', () => {
  it('counts periods across a year end, both ways', () => {
    expect(periodsBetween('112024', '022025')).toEqual(['112024', '122024', '012025', '022025']);
    expect(periodsBetween('042025', '042025')).toEqual(['042025']);
    expect(periodsBetween('052025', '042025')).toEqual([]);
    expect(periodsAround('012025', 1, 2)).toEqual(['022025', '012025', '122024', '112024']);
  });

  it('reads the progress and the PAN', () => {
    expect(runPercent({ done: 1, total: 3 })).toBe(33);
    expect(runPercent({ done: 0, total: 0 })).toBeNull();
    expect(panOf('29AAGCB1286Q1Z4')).toBe('AAGCB1286Q');
  });
});
