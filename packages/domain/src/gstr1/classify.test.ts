import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRupees, rupeesToPaise } from '../money/amount';
import {
  b2csTypeOf,
  exportTypeOf,
  hsnTabOf,
  invoiceTypeOf,
  isB2cLarge,
  isInterState,
  isRegistered,
  nilSupplyTypeOf,
  placeOfSupplyOf,
  sectionOf,
  unregisteredNoteTypeOf,
} from './classify';
import { isoOfPortalDate, milliPercentOf, periodOfIso, portalDateOf, rateOf, rupeesOf } from './portal-values';
import type { Gstr1Document } from './types';

const MH = '27';
const base: Gstr1Document = {
  documentType: 'INV',
  documentNumber: 'A1',
  documentDate: '2024-08-01',
  counterpartyGstin: '',
  placeOfSupply: '29',
  documentValue: 100_000_01,
  items: [],
};

describe('B2C large threshold (Form GSTR-1 table 5; Notification 12/2024-CT from 01-08-2024)', () => {
  it('is above ₹2,50,000 up to 31-07-2024 and above ₹1,00,000 from 01-08-2024, strictly', () => {
    expect(isB2cLarge(250_000_00, '2024-07-31', true)).toBe(false);
    expect(isB2cLarge(250_000_01, '2024-07-31', true)).toBe(true);
    expect(isB2cLarge(150_000_00, '2024-07-31', true)).toBe(false);
    expect(isB2cLarge(100_000_00, '2024-08-01', true)).toBe(false);
    expect(isB2cLarge(100_000_01, '2024-08-01', true)).toBe(true);
    expect(isB2cLarge(150_000_00, '2024-08-01', true)).toBe(true);
  });
  it('applies only to inter-State supplies and dated documents', () => {
    expect(isB2cLarge(900_000_00, '2024-08-01', false)).toBe(false);
    expect(isB2cLarge(900_000_00, '2017-06-30', true)).toBe(false);
  });
  it('decides b2cl against b2cs on the invoice date', () => {
    expect(sectionOf(base, MH)).toBe('b2cl');
    expect(sectionOf({ ...base, documentValue: 100_000_00 }, MH)).toBe('b2cs');
    expect(sectionOf({ ...base, documentDate: '2024-07-31' }, MH)).toBe('b2cs');
    expect(sectionOf({ ...base, documentDate: '2024-07-31', documentValue: 250_000_01 }, MH)).toBe('b2cl');
    expect(sectionOf({ ...base, placeOfSupply: MH, documentValue: 900_000_00 }, MH)).toBe('b2cs');
    expect(sectionOf({ ...base, counterpartyGstin: 'URP' }, MH)).toBe('b2cl');
  });
});

describe('sectionOf', () => {
  it('exports go to exp, their notes to cdnur, even with a foreign GSTIN-less buyer', () => {
    expect(sectionOf({ ...base, supplyType: 'EXPWP', placeOfSupply: null }, MH)).toBe('exp');
    expect(sectionOf({ ...base, supplyType: 'EXPWOP', documentType: 'CRN' }, MH)).toBe('cdnur');
  });
  it('registered recipients, SEZ and deemed exports go to b2b, their notes to cdnr', () => {
    const b2b = { ...base, counterpartyGstin: '29AAGCB7383J1Z4' };
    for (const supplyType of ['B2B', 'SEZWP', 'SEZWOP', 'DEXP', null]) {
      expect(sectionOf({ ...b2b, supplyType }, MH)).toBe('b2b');
      expect(sectionOf({ ...b2b, supplyType, documentType: 'DBN' }, MH)).toBe('cdnr');
    }
  });
  it('notes to unregistered persons: cdnur B2CL only against a B2C large invoice (original value and date when known)', () => {
    const note: Gstr1Document = { ...base, documentType: 'CRN', documentDate: '2024-09-10', documentValue: 5_000_00 };
    expect(sectionOf(note, MH)).toBe('b2cs');
    expect(sectionOf({ ...note, originalDocumentValue: 100_000_01, originalDocumentDate: '2024-08-01' }, MH)).toBe('cdnur');
    expect(sectionOf({ ...note, originalDocumentValue: 100_000_00, originalDocumentDate: '2024-08-01' }, MH)).toBe('b2cs');
    // An invoice of 2 lakh dated July 2024 was B2C small (threshold then 2.5 lakh), so its note stays in b2cs.
    expect(sectionOf({ ...note, originalDocumentValue: 200_000_00, originalDocumentDate: '2024-07-31' }, MH)).toBe('b2cs');
    expect(sectionOf({ ...note, originalDocumentValue: 200_000_00 }, MH)).toBe('cdnur');
    expect(sectionOf({ ...note, documentValue: 100_000_01 }, MH)).toBe('cdnur');
    expect(sectionOf({ ...note, placeOfSupply: MH, originalDocumentValue: 900_000_00 }, MH)).toBe('b2cs');
  });
  it('bills of supply go to nil; other documents are not in the document tables; the portal table wins', () => {
    expect(sectionOf({ ...base, documentType: 'BIL' }, MH)).toBe('nil');
    for (const documentType of ['RV', 'RFV', 'PV', 'CHL', 'BOE', 'SLF']) expect(sectionOf({ ...base, documentType }, MH)).toBeNull();
    expect(sectionOf({ ...base, documentValue: 1, gstr1Section: 'b2cl' }, MH)).toBe('b2cl');
  });
});

describe('small rules', () => {
  it('registration, nature, types', () => {
    expect([isRegistered(''), isRegistered('URP'), isRegistered(null), isRegistered('29AAGCB7383J1Z4')]).toEqual([
      false,
      false,
      false,
      true,
    ]);
    expect(isInterState(MH, MH, 'B2B')).toBe(false);
    expect(isInterState(MH, '29', 'B2B')).toBe(true);
    expect(isInterState(MH, MH, 'SEZWOP')).toBe(true); // IGST Act s.7(5)(b)
    expect(isInterState(MH, MH, 'EXPWP')).toBe(true); // IGST Act s.7(5)(a)
    expect(['SEZWP', 'SEZWOP', 'DEXP', 'B2B', null].map(invoiceTypeOf)).toEqual(['SEWP', 'SEWOP', 'DE', 'R', 'R']);
    expect(['EXPWP', 'EXPWOP', 'B2C'].map(exportTypeOf)).toEqual(['WPAY', 'WOPAY', null]);
    expect(['EXPWP', 'EXPWOP', 'B2C', null].map(unregisteredNoteTypeOf)).toEqual(['EXPWP', 'EXPWOP', 'B2CL', 'B2CL']);
    expect([b2csTypeOf('07AARCA1234K1C5'), b2csTypeOf(''), b2csTypeOf(null)]).toEqual(['E', 'OE', 'OE']);
    expect([
      nilSupplyTypeOf(true, true),
      nilSupplyTypeOf(true, false),
      nilSupplyTypeOf(false, true),
      nilSupplyTypeOf(false, false),
    ]).toEqual(['INTRB2B', 'INTRAB2B', 'INTRB2C', 'INTRAB2C']);
  });
  it('HSN tab: registered recipients B2B, everything else B2C (Phase-III advisory)', () => {
    expect(hsnTabOf('b2b', true)).toBe('b2b');
    expect(hsnTabOf('cdnr', true)).toBe('b2b');
    expect(hsnTabOf('nil', true)).toBe('b2b');
    for (const s of ['b2cl', 'b2cs', 'exp', 'cdnur', 'nil'] as const) expect(hsnTabOf(s, false)).toBe('b2c');
  });
  it('place of supply falls back to the recipient State, then the supplier State; exports 96', () => {
    const d: Gstr1Document = { ...base, placeOfSupply: null };
    expect(placeOfSupplyOf(d, MH)).toBe(MH);
    expect(placeOfSupplyOf({ ...d, counterpartyState: '33' }, MH)).toBe('33');
    expect(placeOfSupplyOf({ ...d, counterpartyGstin: '29AAGCB7383J1Z4' }, MH)).toBe('29');
    expect(placeOfSupplyOf({ ...d, supplyType: 'EXPWOP' }, MH)).toBe('96');
  });
});

describe('portal values', () => {
  it('paise to rupees is exact and reads back to the same paise', () => {
    fc.assert(
      fc.property(fc.integer({ min: -9_999_999_999_999, max: 9_999_999_999_999 }), (p) => {
        expect(rupeesOf(p)).toBe(Number(formatRupees(p)));
        expect(rupeesToPaise(rupeesOf(p))).toBe(p);
      }),
    );
    expect(JSON.stringify([rupeesOf(30), rupeesOf(123_456_78), rupeesOf(-5)])).toBe('[0.3,123456.78,-0.05]');
  });
  it('rates, dates and periods', () => {
    expect([rateOf(18000), rateOf(125), rateOf(250), rateOf(100)]).toEqual([18, 0.125, 0.25, 0.1]);
    expect([milliPercentOf(0.1), milliPercentOf(0.125), milliPercentOf(18)]).toEqual([100, 125, 18000]);
    expect(portalDateOf('2025-05-09')).toBe('09-05-2025');
    expect(isoOfPortalDate('09-05-2025')).toBe('2025-05-09');
    expect(() => isoOfPortalDate('2025-05-09')).toThrow(RangeError);
    expect(periodOfIso('2025-04-30')).toBe('042025');
  });
});
