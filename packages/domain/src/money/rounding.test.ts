import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clampNegativeToZero, divideRoundHalfAway, mulDivRoundHalfAway, roundToRupeeSection170, truncateToTwoDecimals } from './rounding';

describe('rounding', () => {
  it('divides rounding half away from zero', () => {
    expect(divideRoundHalfAway(5, 2)).toBe(3);
    expect(divideRoundHalfAway(-5, 2)).toBe(-3);
    expect(divideRoundHalfAway(4, 3)).toBe(1);
    expect(divideRoundHalfAway(-1, 3)).toBe(0);
    expect(divideRoundHalfAway(5, -2)).toBe(-3);
    expect(divideRoundHalfAway(2 ** 60, 2 ** 10)).toBe(2 ** 50);
    expect(() => divideRoundHalfAway(1, 0)).toThrow(RangeError);
    expect(() => divideRoundHalfAway(Number.NaN, 1)).toThrow(RangeError);
  });
  it('mulDiv is exact past 2^53', () => {
    expect(mulDivRoundHalfAway(9_000_000_000_000, 28000, 100000)).toBe(2_520_000_000_000);
    expect(mulDivRoundHalfAway(-9_000_000_000_001, 5000, 100000)).toBe(-450_000_000_000);
    expect(() => mulDivRoundHalfAway(9e15, 9e15, 1)).toThrow(RangeError);
  });
  it('property: agrees with bigint arithmetic', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), fc.integer({ min: 0, max: 40000 }), (a, b) => {
        const exact = BigInt(a) * BigInt(b);
        const abs = exact < 0n ? -exact : exact;
        let q = abs / 100000n;
        if ((abs % 100000n) * 2n >= 100000n) q += 1n;
        expect(mulDivRoundHalfAway(a, b, 100000)).toBe(Number(exact < 0n ? -q : q) || 0);
      }),
    );
  });
  it('rounds to the rupee under section 170 on both sides of 50 paise', () => {
    expect(roundToRupeeSection170(12349)).toBe(12300);
    expect(roundToRupeeSection170(12350)).toBe(12400);
    expect(roundToRupeeSection170(-12350)).toBe(-12400);
  });
  it('truncates typed decimals and clamps negatives (spec core §5)', () => {
    expect(truncateToTwoDecimals('12.3456')).toBe('12.34');
    expect(truncateToTwoDecimals('12.3')).toBe('12.3');
    expect(truncateToTwoDecimals('12')).toBe('12');
    expect(clampNegativeToZero(-1)).toBe(0);
    expect(clampNegativeToZero(5)).toBe(5);
  });
});
