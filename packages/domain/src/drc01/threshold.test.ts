import { describe, expect, it } from 'vitest';
import {
  DRC01B_THRESHOLDS,
  DRC01C_THRESHOLDS,
  checkThreshold,
  describeThreshold,
  formatPercent,
  mismatchThresholdOn,
  testThreshold,
  type MismatchThreshold,
} from './threshold';

const LAKH = 100_000_00;
const both: MismatchThreshold = { amount: 25 * LAKH, percentBasisPoints: 2000, rule: 'amountAndPercent' };
const either: MismatchThreshold = { ...both, rule: 'amountOrPercent' };

describe('testThreshold', () => {
  it('exceeds the amount only when strictly above it: exactly at is not, one paisa over is', () => {
    expect(testThreshold(25 * LAKH, 0, both).isOverAmount).toBe(false);
    expect(testThreshold(25 * LAKH + 1, 0, both).isOverAmount).toBe(true);
  });

  it('exceeds the percentage only when strictly above it, exactly in integers', () => {
    // 20% of ₹1,50,00,000 is ₹30,00,000.
    expect(testThreshold(30 * LAKH, 150 * LAKH, both).isOverPercent).toBe(false);
    expect(testThreshold(30 * LAKH + 1, 150 * LAKH, both).isOverPercent).toBe(true);
  });

  it('takes any excess over a baseline of zero (or below) as above the percentage, and no excess as never above', () => {
    expect(testThreshold(1, 0, both).isOverPercent).toBe(true);
    expect(testThreshold(1, -500, both).isOverPercent).toBe(true);
    expect(testThreshold(0, 0, both)).toEqual({ isOverAmount: false, isOverPercent: false, isOver: false });
  });

  it('needs both conditions under amountAndPercent, either under amountOrPercent', () => {
    const amountOnly = testThreshold(25 * LAKH + 1, 1_000 * LAKH, both); // 2.5%
    expect(amountOnly).toEqual({ isOverAmount: true, isOverPercent: false, isOver: false });
    expect(testThreshold(25 * LAKH + 1, 1_000 * LAKH, either).isOver).toBe(true);
    const percentOnly = testThreshold(LAKH, LAKH, both); // 100%, ₹1 lakh
    expect(percentOnly.isOver).toBe(false);
    expect(testThreshold(LAKH, LAKH, either).isOver).toBe(true);
  });

  it('stays exact past 2^53 in the percentage product', () => {
    const big = 4_000_000_000_000_000; // paise
    expect(testThreshold(big / 5, big, { ...both, amount: 0 }).isOverPercent).toBe(false);
    expect(testThreshold(big / 5 + 1, big, { ...both, amount: 0 }).isOverPercent).toBe(true);
  });
});

describe('mismatchThresholdOn (dated thresholds)', () => {
  it('has no threshold before Rule 88C (26-12-2022) and Rule 88D (04-08-2023) were in force', () => {
    expect(mismatchThresholdOn(DRC01B_THRESHOLDS, '2022-12-25')).toBeNull();
    expect(mismatchThresholdOn(DRC01B_THRESHOLDS, '2022-12-26')?.amount).toBe(25 * LAKH);
    expect(mismatchThresholdOn(DRC01C_THRESHOLDS, '2023-08-03')).toBeNull();
    expect(mismatchThresholdOn(DRC01C_THRESHOLDS, '2023-08-04')?.amount).toBe(5 * LAKH);
  });

  it('takes the latest threshold in force when the table changes', () => {
    const table = [
      { ...both, effectiveFrom: '2023-01-01', source: 'first' },
      { ...both, amount: LAKH, effectiveFrom: '2025-04-01', source: 'second' },
    ];
    expect(mismatchThresholdOn(table, '2025-03-31')?.source).toBe('first');
    expect(mismatchThresholdOn(table, '2025-04-01')?.source).toBe('second');
  });

  it('rejects a date that is not YYYY-MM-DD', () => {
    expect(() => mismatchThresholdOn(DRC01B_THRESHOLDS, '26-12-2022')).toThrow(RangeError);
  });
});

describe('checkThreshold (a subscriber setting)', () => {
  it('accepts 0 to 100% in whole paise and rejects the rest', () => {
    expect(() => checkThreshold({ ...both, percentBasisPoints: 10_000 })).not.toThrow();
    expect(() => checkThreshold({ ...both, percentBasisPoints: 10_001 })).toThrow(RangeError);
    expect(() => checkThreshold({ ...both, amount: -1 })).toThrow(RangeError);
    expect(() => checkThreshold({ ...both, amount: 0.5 })).toThrow(RangeError);
  });
});

describe('wording', () => {
  it('writes percentages and the threshold as a reader expects', () => {
    expect(formatPercent(2000)).toBe('20%');
    expect(formatPercent(1250)).toBe('12.5%');
    expect(formatPercent(1205)).toBe('12.05%');
    expect(describeThreshold(both)).toBe('both ₹ 25,00,000.00 and 20%');
    expect(describeThreshold(either)).toBe('either ₹ 25,00,000.00 or 20%');
  });
});
