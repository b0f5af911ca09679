import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TAX_HEADS, type Heads } from '../gstr3b/set-off';
import { drc01bCheck } from './drc01b';
import type { MismatchThreshold } from './threshold';

const amount = fc.integer({ min: 0, max: 50_000_000_00 });
const headsArb: fc.Arbitrary<Heads> = fc.record({ igst: amount, cgst: amount, sgst: amount, cess: amount });
const thresholdArb: fc.Arbitrary<MismatchThreshold> = fc.record({
  amount: fc.integer({ min: 0, max: 50_00_000_00 }),
  percentBasisPoints: fc.integer({ min: 0, max: 10_000 }),
  rule: fc.constantFrom('amountAndPercent' as const, 'amountOrPercent' as const),
});
const sum = (h: Heads) => TAX_HEADS.reduce((s, head) => s + h[head], 0);
const check = (gstr1: Heads, gstr3b: Heads, threshold: MismatchThreshold) =>
  drc01bCheck({ periods: [{ period: '092026', gstr1, gstr3b }], asOf: '2026-10-20', threshold });

describe('the mismatch check, by property', () => {
  it('takes the excess as the sum of each head above its baseline, never below zero', () => {
    fc.assert(
      fc.property(headsArb, headsArb, thresholdArb, (gstr1, gstr3b, t) => {
        const r = check(gstr1, gstr3b, t);
        for (const head of TAX_HEADS) expect(r.excess[head]).toBe(Math.max(0, gstr1[head] - gstr3b[head]));
        expect(r.totalExcess).toBe(sum(r.excess));
      }),
    );
  });

  it('raises an intimation exactly when the excess is above the amount and (or) above the percentage of the baseline', () => {
    fc.assert(
      fc.property(headsArb, headsArb, thresholdArb, (gstr1, gstr3b, t) => {
        const r = check(gstr1, gstr3b, t);
        const excess = r.totalExcess;
        const baseline = sum(gstr3b);
        // Exact for these magnitudes (below 2^53): excess / baseline > bp / 10000.
        const overPercent = excess > 0 && (baseline === 0 || excess * 10_000 > t.percentBasisPoints * baseline);
        const overAmount = excess > t.amount;
        expect(r.isIntimation).toBe(t.rule === 'amountAndPercent' ? overAmount && overPercent : overAmount || overPercent);
      }),
    );
  });

  it('never withdraws an intimation when more liability is reported in any head', () => {
    fc.assert(
      fc.property(headsArb, headsArb, thresholdArb, fc.constantFrom(...TAX_HEADS), amount, (gstr1, gstr3b, t, head, more) => {
        const before = check(gstr1, gstr3b, t).isIntimation;
        const after = check({ ...gstr1, [head]: gstr1[head] + more }, gstr3b, t).isIntimation;
        expect(!before || after).toBe(true);
      }),
    );
  });

  it('gives the same answer for a range of periods as for their sums in one period', () => {
    fc.assert(
      fc.property(headsArb, headsArb, headsArb, headsArb, thresholdArb, (a1, a3, b1, b3, t) => {
        const add = (x: Heads, y: Heads): Heads => ({
          igst: x.igst + y.igst,
          cgst: x.cgst + y.cgst,
          sgst: x.sgst + y.sgst,
          cess: x.cess + y.cess,
        });
        const range = drc01bCheck({
          periods: [
            { period: '082026', gstr1: a1, gstr3b: a3 },
            { period: '092026', gstr1: b1, gstr3b: b3 },
          ],
          asOf: '2026-10-20',
          threshold: t,
        });
        const one = check(add(a1, b1), add(a3, b3), t);
        expect(range.excess).toEqual(one.excess);
        expect(range.isIntimation).toBe(one.isIntimation);
      }),
    );
  });
});
