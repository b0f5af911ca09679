import { describe, expect, it } from 'vitest';
import type { Heads } from '../gstr3b/set-off';
import { drc01bCheck, type Drc01bPeriod } from './drc01b';

const LAKH = 100_000_00;
const CRORE = 100 * LAKH;
const heads = (igst: number, cgst = 0, sgst = 0, cess = 0): Heads => ({ igst, cgst, sgst, cess });
const period = (gstr1: Heads, gstr3b: Heads, extra: Partial<Drc01bPeriod> = {}): Drc01bPeriod => ({
  period: '092026',
  gstr1,
  gstr3b,
  ...extra,
});
const AS_OF = '2026-10-20';

describe('drc01bCheck (Rule 88C): the amount', () => {
  // Paid ₹2 crore: 20% is ₹40 lakh, so a ₹25 lakh difference (12.5%) is below the percentage and the amount decides.
  it('raises no intimation at exactly ₹25 lakh above the tax paid', () => {
    const r = drc01bCheck({ periods: [period(heads(2 * CRORE + 25 * LAKH), heads(2 * CRORE))], asOf: AS_OF });
    expect(r.totalExcess).toBe(25 * LAKH);
    expect(r.test).toEqual({ isOverAmount: false, isOverPercent: false, isOver: false });
    expect(r.isIntimation).toBe(false);
    expect(r.explanation).toBe(
      'Sep 2026: the liability in GSTR-1/IFF and GSTR-1A exceeds the tax paid in GSTR-3B by ₹ 25,00,000.00 (IGST ₹ 25,00,000.00), ' +
        '12.5% of the tax paid in GSTR-3B: not above either ₹ 25,00,000.00 or 20% (Rule 88C), so no DRC-01B.',
    );
  });

  it('raises one at one paisa more', () => {
    const r = drc01bCheck({ periods: [period(heads(2 * CRORE + 25 * LAKH + 1), heads(2 * CRORE))], asOf: AS_OF });
    expect(r.test).toEqual({ isOverAmount: true, isOverPercent: false, isOver: true });
    expect(r.isIntimation).toBe(true);
    expect(r.explanation).toBe(
      'Sep 2026: the liability in GSTR-1/IFF and GSTR-1A exceeds the tax paid in GSTR-3B by ₹ 25,00,000.01 (IGST ₹ 25,00,000.01), ' +
        '12.51% of the tax paid in GSTR-3B: above either ₹ 25,00,000.00 or 20% (Rule 88C). Part A of DRC-01B is to be expected; reply in Part B within 7 days.',
    );
  });
});

describe('drc01bCheck (Rule 88C): the percentage', () => {
  // Paid ₹1 lakh: 20% is ₹20,000, far below the amount, so the percentage decides.
  it('raises no intimation at exactly 20% of the tax paid', () => {
    const r = drc01bCheck({ periods: [period(heads(0, 60_000_00, 60_000_00), heads(0, 50_000_00, 50_000_00))], asOf: AS_OF });
    expect(r.percentBasisPoints).toBe(2000);
    expect(r.explanation).toContain('20% of the tax paid in GSTR-3B: not above either ₹ 25,00,000.00 or 20%');
    expect(r.isIntimation).toBe(false);
  });

  it('raises one at one paisa above 20%', () => {
    const r = drc01bCheck({ periods: [period(heads(0, 60_000_00 + 1, 60_000_00), heads(0, 50_000_00, 50_000_00))], asOf: AS_OF });
    expect(r.test).toEqual({ isOverAmount: false, isOverPercent: true, isOver: true });
    expect(r.percentBasisPoints).toBe(2001); // shown rounded up: never "20%" when above it
    expect(r.explanation).toContain('20.01% of the tax paid in GSTR-3B: above either');
  });

  it('raises one whenever GSTR-1 shows tax and GSTR-3B paid none', () => {
    const r = drc01bCheck({ periods: [period(heads(1_000_00), heads(0))], asOf: AS_OF });
    expect(r.percentBasisPoints).toBeNull();
    expect(r.isIntimation).toBe(true);
    expect(r.explanation).toContain('with ₹ 0.00 in the tax paid in GSTR-3B');
  });
});

describe('drc01bCheck: heads, GSTR-1A and periods', () => {
  it('counts the excess of each head; a head paid above its liability does not offset another', () => {
    const r = drc01bCheck({ periods: [period(heads(40 * LAKH, 10 * LAKH, 10 * LAKH), heads(0, 30 * LAKH, 30 * LAKH))], asOf: AS_OF });
    expect(r.difference).toEqual(heads(40 * LAKH, -20 * LAKH, -20 * LAKH));
    expect(r.excess).toEqual(heads(40 * LAKH));
    expect(r.totalExcess).toBe(40 * LAKH);
    expect(r.isIntimation).toBe(true); // ₹40 lakh: above ₹25 lakh (and 66.67% of ₹60 lakh)
  });

  it('adds GSTR-1A to the GSTR-1 liability, also when it lowers it', () => {
    const base = period(heads(CRORE + 30 * LAKH), heads(CRORE));
    expect(drc01bCheck({ periods: [base], asOf: AS_OF }).isIntimation).toBe(true);
    const amended = drc01bCheck({ periods: [{ ...base, gstr1a: heads(-10 * LAKH) }], asOf: AS_OF });
    expect(amended.reported).toEqual(heads(CRORE + 20 * LAKH));
    expect(amended.isIntimation).toBe(false);
  });

  it('sums a range of tax periods and lists them in order', () => {
    const r = drc01bCheck({
      periods: [
        { period: '052026', gstr1: heads(0, 62 * LAKH, 62 * LAKH), gstr3b: heads(0, 56 * LAKH, 56 * LAKH) },
        { period: '042026', gstr1: heads(0, 62 * LAKH, 62 * LAKH), gstr3b: heads(0, 56 * LAKH, 56 * LAKH) },
      ],
      asOf: AS_OF,
    });
    expect(r.periods).toEqual(['042026', '052026']);
    expect(r.byPeriod[0]!.difference).toEqual(heads(0, 6 * LAKH, 6 * LAKH));
    expect(r.excess).toEqual(heads(0, 12 * LAKH, 12 * LAKH));
    expect(r.isIntimation).toBe(false); // ₹24 lakh in all, 10.72% of ₹2.24 crore
    expect(r.explanation.startsWith('Apr 2026 to May 2026: ')).toBe(true);
  });

  it('says so when the GSTR-1 liability does not exceed the tax paid', () => {
    const r = drc01bCheck({ periods: [period(heads(LAKH), heads(2 * LAKH))], asOf: AS_OF });
    expect(r.totalExcess).toBe(0);
    expect(r.explanation).toBe('Sep 2026: the liability in GSTR-1/IFF and GSTR-1A does not exceed the tax paid in GSTR-3B in any head.');
  });

  it('rejects no period, a period twice, a malformed period and fractions of a paisa', () => {
    expect(() => drc01bCheck({ periods: [], asOf: AS_OF })).toThrow(RangeError);
    const p = period(heads(1), heads(0));
    expect(() => drc01bCheck({ periods: [p, p], asOf: AS_OF })).toThrow(/twice/);
    expect(() => drc01bCheck({ periods: [{ ...p, period: '2026-09' }], asOf: AS_OF })).toThrow(/MMYYYY/);
    expect(() => drc01bCheck({ periods: [period(heads(0.5), heads(0))], asOf: AS_OF })).toThrow(/whole paise/);
  });
});

describe('drc01bCheck: dates and the subscriber threshold', () => {
  it('raises nothing before Rule 88C was in force, and says why', () => {
    const r = drc01bCheck({ periods: [{ ...period(heads(CRORE), heads(0)), period: '112022' }], asOf: '2022-12-20' });
    expect(r.threshold).toBeNull();
    expect(r.isIntimation).toBe(false);
    expect(r.explanation).toContain('Rule 88C was not in force on 20-12-2022 (from 26-12-2022)');
  });

  it('uses a threshold set by the subscriber instead of the notified one', () => {
    const p = period(heads(CRORE + 2 * LAKH), heads(CRORE));
    expect(drc01bCheck({ periods: [p], asOf: AS_OF }).isIntimation).toBe(false);
    const r = drc01bCheck({ periods: [p], asOf: AS_OF, threshold: { amount: LAKH, percentBasisPoints: 1000, rule: 'amountOrPercent' } });
    expect(r.isIntimation).toBe(true);
    expect(r.threshold).toEqual({ amount: LAKH, percentBasisPoints: 1000, rule: 'amountOrPercent' });
  });
});
