import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeTax, quantityToMilli } from './compute-tax';
import { gstRatesOn, isCompensationCessInForce, RATE_SLABS, rateStatusOn, toMilliPercent } from './rates';
import { supplyNature } from './supply-nature';

describe('supplyNature', () => {
  it.each([
    [{ supplierState: '27', placeOfSupply: '27' }, 'INTRA', 'SAME_STATE'],
    [{ supplierState: '27', placeOfSupply: '29' }, 'INTER', 'DIFFERENT_STATE'],
    [{ supplierState: '27', placeOfSupply: '27', isSez: true }, 'INTER', 'SEZ'],
    [{ supplierState: '27', placeOfSupply: '96' }, 'INTER', 'EXPORT'],
    [{ supplierState: '27', placeOfSupply: '27', isExport: true }, 'INTER', 'EXPORT'],
    [{ supplierState: '96', placeOfSupply: '27', isImport: true }, 'INTER', 'IMPORT'],
    [{ supplierState: '25', placeOfSupply: '26' }, 'INTRA', 'SAME_STATE'],
    [{ supplierState: '97', placeOfSupply: '97' }, 'INTRA', 'SAME_STATE'],
  ])('%j is %s (%s)', (input, nature, reason) => {
    const r = supplyNature(input);
    expect(r).toMatchObject({ ok: true, nature, reason });
    if (r.ok) expect(r.section).toMatch(/IGST Act s\.[78]/);
  });
  it('reports invalid state codes', () => {
    expect(supplyNature({ supplierState: '00', placeOfSupply: '27' })).toMatchObject({ ok: false, code: 'SUPPLIER_STATE' });
    expect(supplyNature({ supplierState: '96', placeOfSupply: '27' })).toMatchObject({ ok: false, code: 'SUPPLIER_STATE' });
    expect(supplyNature({ supplierState: '27', placeOfSupply: '99' })).toMatchObject({ ok: false, code: 'PLACE_OF_SUPPLY' });
    expect(supplyNature({ supplierState: '27', placeOfSupply: '' })).toMatchObject({ ok: false, code: 'PLACE_OF_SUPPLY' });
  });
});

describe('computeTax', () => {
  it('computes IGST for inter-State supplies', () => {
    expect(computeTax({ taxable: 10_000_00, ratePercent: 18, nature: 'INTER' })).toEqual({ igst: 1_800_00, cgst: 0, sgst: 0, cess: 0 });
  });
  it('computes equal CGST and SGST halves from the half rate', () => {
    expect(computeTax({ taxable: 10_000_00, ratePercent: 18, nature: 'INTRA' })).toEqual({ igst: 0, cgst: 900_00, sgst: 900_00, cess: 0 });
    // 0.25%: CGST 0.125% each, exact; 0.5 paisa rounds up
    expect(computeTax({ taxable: 400, ratePercent: 0.25, nature: 'INTRA' }).cgst).toBe(1);
    expect(computeTax({ taxable: 1_000_00, ratePercent: 0.25, nature: 'INTRA' })).toEqual({ igst: 0, cgst: 125, sgst: 125, cess: 0 });
    // 5 paise at 18%: IGST 0.9 -> 1, halves 0.45 -> 0 each
    expect(computeTax({ taxable: 5, ratePercent: 18, nature: 'INTER' }).igst).toBe(1);
    expect(computeTax({ taxable: 5, ratePercent: 18, nature: 'INTRA' }).cgst).toBe(0);
  });
  it('rounds half away from zero, also for negative (credit) values', () => {
    expect(computeTax({ taxable: 250, ratePercent: 1, nature: 'INTER' }).igst).toBe(3);
    expect(computeTax({ taxable: -250, ratePercent: 1, nature: 'INTER' }).igst).toBe(-3);
  });
  it('adds ad valorem and per-unit cess', () => {
    expect(computeTax({ taxable: 100_000_00, ratePercent: 28, cessPercent: 15, nature: 'INTER' }).cess).toBe(15_000_00);
    expect(computeTax({ taxable: 100_00, ratePercent: 28, cessPerUnit: 4170, quantity: 1.1, nature: 'INTRA' }).cess).toBe(4587);
    expect(computeTax({ taxable: 100_00, ratePercent: 28, cessPercent: 5, cessPerUnit: 100, quantity: 3, nature: 'INTRA' }).cess).toBe(800);
    expect(computeTax({ taxable: 100_00, ratePercent: 28, cessPerUnit: 100, nature: 'INTRA' }).cess).toBe(0);
  });
  it('throws RangeError on bad input', () => {
    expect(() => computeTax({ taxable: 1.5, ratePercent: 18, nature: 'INTER' })).toThrow(RangeError);
    expect(() => computeTax({ taxable: 100, ratePercent: 18.0001, nature: 'INTER' })).toThrow(RangeError);
    expect(() => computeTax({ taxable: 100, ratePercent: 18, cessPercent: -1, nature: 'INTER' })).toThrow(RangeError);
    expect(() => computeTax({ taxable: 100, ratePercent: 18, cessPerUnit: 5, quantity: Number.NaN, nature: 'INTER' })).toThrow(RangeError);
  });
  it('property: halves are equal and within one paisa of IGST; huge values stay exact', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e13, max: 1e13 }),
        fc.constantFrom(0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40),
        (taxable, rate) => {
          const intra = computeTax({ taxable, ratePercent: rate, nature: 'INTRA' });
          const inter = computeTax({ taxable, ratePercent: rate, nature: 'INTER' });
          expect(intra.cgst).toBe(intra.sgst);
          expect(Math.abs(intra.cgst + intra.sgst - inter.igst)).toBeLessThanOrEqual(1);
          expect(Number.isSafeInteger(inter.igst)).toBe(true);
        },
      ),
    );
  });
  it('quantityToMilli corrects float noise', () => {
    expect(quantityToMilli(1.1)).toBe(1100);
    expect(quantityToMilli(0.1 + 0.2)).toBe(300);
    expect(quantityToMilli(0.0015)).toBe(2);
    expect(quantityToMilli(-0.0015)).toBe(-2);
    expect(quantityToMilli(-1.1)).toBe(-1100);
  });
});

describe('rates', () => {
  it('converts percentages to milli-percent', () => {
    expect(toMilliPercent(18)).toBe(18000);
    expect(toMilliPercent(0.125)).toBe(125);
    expect(toMilliPercent(18.0005)).toBeNaN();
    expect(toMilliPercent(-1)).toBeNaN();
    expect(toMilliPercent(Number.NaN)).toBeNaN();
  });
  it('changes slabs on 22-09-2025 (Notification 9/2025-CT(Rate)): both sides of the date', () => {
    const before = gstRatesOn('2025-09-21').map((s) => `${s.ratePercent}${s.restricted ? 'r' : ''}`);
    const after = gstRatesOn('2025-09-22').map((s) => `${s.ratePercent}${s.restricted ? 'r' : ''}`);
    expect(before).toContain('12');
    expect(before).toContain('28');
    expect(before).not.toContain('40');
    expect(after).toContain('40');
    expect(after).toContain('12r');
    expect(after).toContain('28r');
    expect(after).not.toContain('12');
    expect(rateStatusOn(40000, '2025-09-21')).toBe('invalid');
    expect(rateStatusOn(40000, '2025-09-22')).toBe('valid');
    expect(rateStatusOn(12000, '2025-09-21')).toBe('valid');
    expect(rateStatusOn(12000, '2025-09-22')).toBe('restricted');
    expect(rateStatusOn(18000, '2017-06-30')).toBe('invalid');
    expect(rateStatusOn(17000, '2024-01-01')).toBe('invalid');
  });
  it('ends 28% and compensation cess after 31-01-2026', () => {
    expect(rateStatusOn(28000, '2026-01-31')).toBe('restricted');
    expect(rateStatusOn(28000, '2026-02-01')).toBe('invalid');
    expect(isCompensationCessInForce('2026-01-31')).toBe(true);
    expect(isCompensationCessInForce('2026-02-01')).toBe(false);
  });
  it('dates the 0.1% and 1% slabs', () => {
    expect(rateStatusOn(100, '2017-10-22')).toBe('invalid');
    expect(rateStatusOn(100, '2017-10-23')).toBe('restricted');
    expect(rateStatusOn(1000, '2019-03-31')).toBe('invalid');
    expect(rateStatusOn(1000, '2019-04-01')).toBe('restricted');
  });
  it('every slab cites a source', () => {
    for (const s of RATE_SLABS) expect(s.source.length).toBeGreaterThan(10);
  });
});
