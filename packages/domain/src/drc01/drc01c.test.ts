import { describe, expect, it } from 'vitest';
import type { Heads } from '../gstr3b/set-off';
import { DRC01C_COMPARED_ROWS, drc01cCheck, type Drc01cPeriod } from './drc01c';

const LAKH = 100_000_00;
const heads = (igst: number, cgst = 0, sgst = 0, cess = 0): Heads => ({ igst, cgst, sgst, cess });
const AS_OF = '2026-10-20';
const allOther = (gstr3b: Heads, gstr2b: Heads): Drc01cPeriod => ({
  period: '092026',
  gstr3b: { '4A(5)': gstr3b },
  gstr2b: { '4A(5)': gstr2b },
});

describe('drc01cCheck (Rule 88D): the notified threshold', () => {
  it('compares table 4A(5) by default', () => {
    expect(DRC01C_COMPARED_ROWS).toEqual(['4A(5)']);
  });

  // 2B ₹50 lakh: 20% is ₹10 lakh, so a ₹5 lakh excess (10%) is below the percentage and the amount decides.
  it('raises no intimation at exactly ₹5 lakh above GSTR-2B, one at one paisa more', () => {
    const at = drc01cCheck({ periods: [allOther(heads(0, 27.5 * LAKH, 27.5 * LAKH), heads(0, 25 * LAKH, 25 * LAKH))], asOf: AS_OF });
    expect(at.totalExcess).toBe(5 * LAKH);
    expect(at.isIntimation).toBe(false);
    const over = drc01cCheck({ periods: [allOther(heads(0, 27.5 * LAKH + 1, 27.5 * LAKH), heads(0, 25 * LAKH, 25 * LAKH))], asOf: AS_OF });
    expect(over.isIntimation).toBe(true);
    expect(over.excess).toEqual(heads(0, 2.5 * LAKH + 1, 2.5 * LAKH));
    expect(over.explanation).toContain(
      'the ITC availed in GSTR-3B table 4A(5) exceeds the ITC available in GSTR-2B for table 4A(5) by ₹ 5,00,000.01',
    );
    expect(over.explanation).toContain('above either ₹ 5,00,000.00 or 20% (Rule 88D)');
  });

  // 2B ₹1 lakh: 20% is ₹20,000, below the amount, so the percentage decides.
  it('raises no intimation at exactly 20% of GSTR-2B, one at one paisa more', () => {
    expect(drc01cCheck({ periods: [allOther(heads(1.2 * LAKH), heads(LAKH))], asOf: AS_OF }).isIntimation).toBe(false);
    expect(drc01cCheck({ periods: [allOther(heads(1.2 * LAKH + 1), heads(LAKH))], asOf: AS_OF }).isIntimation).toBe(true);
  });

  it('takes a GSTR-2B net below zero (credit notes) as a baseline that any excess is above', () => {
    const r = drc01cCheck({ periods: [allOther(heads(1_000_00), heads(-50_000_00))], asOf: AS_OF });
    expect(r.totalExcess).toBe(51_000_00);
    expect(r.percentBasisPoints).toBeNull();
    expect(r.isIntimation).toBe(true);
    expect(r.explanation).toContain('with ₹ -50,000.00 in the ITC available in GSTR-2B');
  });

  it('raises nothing before Rule 88D (04-08-2023)', () => {
    const r = drc01cCheck({ periods: [{ ...allOther(heads(60 * LAKH), heads(0)), period: '062023' }], asOf: '2023-07-20' });
    expect(r.threshold).toBeNull();
    expect(r.isIntimation).toBe(false);
    expect(r.explanation).toContain('Rule 88D was not in force on 20-07-2023 (from 04-08-2023)');
  });
});

describe('drc01cCheck: rows and the subscriber setting', () => {
  const withImports: Drc01cPeriod = {
    period: '092026',
    gstr3b: { '4A(1)': heads(20 * LAKH), '4A(5)': heads(10 * LAKH) },
    gstr2b: { '4A(1)': heads(0), '4A(5)': heads(10 * LAKH) },
  };

  it('leaves out rows not compared: imports of goods claimed before their bill of entry reaches GSTR-2B', () => {
    const r = drc01cCheck({ periods: [withImports], asOf: AS_OF });
    expect(r.totalExcess).toBe(0);
    expect(r.isIntimation).toBe(false);
  });

  it('counts the rows it is asked to', () => {
    const r = drc01cCheck({ periods: [withImports], asOf: AS_OF, rows: ['4A(1)', '4A(5)'] });
    expect(r.reported).toEqual(heads(30 * LAKH));
    expect(r.baseline).toEqual(heads(10 * LAKH));
    expect(r.isIntimation).toBe(true);
    expect(r.explanation).toContain('GSTR-3B table 4A(1) + 4A(5)');
  });

  it('takes a missing row as nil and rejects rows that GSTR-2B does not feed', () => {
    const r = drc01cCheck({ periods: [{ period: '092026', gstr3b: { '4A(5)': heads(6 * LAKH) }, gstr2b: {} }], asOf: AS_OF });
    expect(r.baseline).toEqual(heads(0));
    expect(r.isIntimation).toBe(true);
    expect(() => drc01cCheck({ periods: [withImports], asOf: AS_OF, rows: [] })).toThrow(RangeError);
    expect(() => drc01cCheck({ periods: [withImports], asOf: AS_OF, rows: ['4A(2)' as '4A(1)'] })).toThrow(RangeError);
  });

  it('applies a subscriber threshold, e.g. ₹1 lakh or 10%', () => {
    const p = allOther(heads(0, 11 * LAKH, 11 * LAKH), heads(0, 10 * LAKH, 10 * LAKH)); // ₹2 lakh, 10%
    expect(drc01cCheck({ periods: [p], asOf: AS_OF }).isIntimation).toBe(false);
    const setting = { amount: LAKH, percentBasisPoints: 1000, rule: 'amountOrPercent' } as const;
    expect(drc01cCheck({ periods: [p], asOf: AS_OF, threshold: setting }).isIntimation).toBe(true);
    expect(
      drc01cCheck({ periods: [p], asOf: AS_OF, threshold: { ...setting, amount: 2 * LAKH, rule: 'amountAndPercent' } }).isIntimation,
    ).toBe(false);
  });

  it('sums a range of tax periods', () => {
    const month = (period: string): Drc01cPeriod => ({ period, gstr3b: { '4A(5)': heads(3 * LAKH) }, gstr2b: { '4A(5)': heads(LAKH) } });
    const r = drc01cCheck({ periods: [month('072026'), month('082026'), month('092026')], asOf: AS_OF });
    expect(r.totalExcess).toBe(6 * LAKH);
    expect(r.isIntimation).toBe(true);
    expect(r.explanation.startsWith('Jul 2026 to Sep 2026: ')).toBe(true);
  });
});
