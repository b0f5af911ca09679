import { describe, expect, it } from 'vitest';
import {
  computeDocumentTaxes,
  documentNature,
  isTaxFree,
  supplierStateOf,
  supplyTypeFlags,
  type DocumentNatureFields,
} from './document-taxes';

const DELHI = '07';
type Doc = DocumentNatureFields & { documentType: string };
const sale = (p: Partial<Doc> = {}): Doc => ({ direction: 'Sales', placeOfSupply: DELHI, documentType: 'INV', ...p });
const line = (taxable: number, rate: number) => ({ taxable, rate, igst: 1, cgst: 2, sgst: 3, cess: 44, hsn: '8471' });

describe('supplyTypeFlags', () => {
  it('reads SEZ, export and import supply types', () => {
    expect(supplyTypeFlags('SEZWP')).toEqual({ isSez: true, sezType: 'WPAY', exportType: null, isImport: false });
    expect(supplyTypeFlags('SEZWOP')).toEqual({ isSez: true, sezType: 'WOPAY', exportType: null, isImport: false });
    expect(supplyTypeFlags('EXPWP')).toEqual({ isSez: false, sezType: null, exportType: 'WPAY', isImport: false });
    expect(supplyTypeFlags('EXPWOP')).toEqual({ isSez: false, sezType: null, exportType: 'WOPAY', isImport: false });
    expect(supplyTypeFlags('IMPG').isImport).toBe(true);
    expect(supplyTypeFlags('IMPS').isImport).toBe(true);
    for (const plain of ['B2B', '', null, undefined])
      expect(supplyTypeFlags(plain)).toEqual({ isSez: false, sezType: null, exportType: null, isImport: false });
  });
});

describe('supplierStateOf', () => {
  it('is the location for a sale, whatever the counterparty', () => {
    expect(supplierStateOf(sale({ counterpartyGstin: '29AAGCB7383J1Z4' }), DELHI)).toBe(DELHI);
  });
  it("is the supplier's GSTIN State for a purchase, else the location's", () => {
    expect(supplierStateOf(sale({ direction: 'Purchase', counterpartyGstin: ' 29AAGCB7383J1Z4 ' }), DELHI)).toBe('29');
    expect(supplierStateOf(sale({ direction: 'Purchase', counterpartyGstin: '' }), DELHI)).toBe(DELHI);
    expect(supplierStateOf(sale({ direction: 'Purchase', counterpartyGstin: null }), DELHI)).toBe(DELHI);
    expect(supplierStateOf(sale({ direction: 'Purchase', counterpartyGstin: 'URP' }), DELHI)).toBe(DELHI);
  });
});

describe('documentNature', () => {
  it('is intra-State when the supplier and the place of supply share a State, inter-State otherwise', () => {
    expect(documentNature(sale(), DELHI)).toMatchObject({ ok: true, nature: 'INTRA', reason: 'SAME_STATE' });
    expect(documentNature(sale({ placeOfSupply: '29' }), DELHI)).toMatchObject({ ok: true, nature: 'INTER', reason: 'DIFFERENT_STATE' });
    expect(documentNature(sale({ direction: 'Purchase', counterpartyGstin: '29AAGCB7383J1Z4' }), DELHI)).toMatchObject({
      ok: true,
      nature: 'INTER',
    });
  });
  it('makes exports, SEZ supplies and imports inter-State in the same State', () => {
    expect(documentNature(sale({ supplyType: 'EXPWOP' }), DELHI)).toMatchObject({ ok: true, nature: 'INTER', reason: 'EXPORT' });
    expect(documentNature(sale({ supplyType: 'SEZWP' }), DELHI)).toMatchObject({ ok: true, nature: 'INTER', reason: 'SEZ' });
    expect(documentNature(sale({ direction: 'Purchase', supplyType: 'IMPG' }), DELHI)).toMatchObject({
      ok: true,
      nature: 'INTER',
      reason: 'IMPORT',
    });
  });
  it('cannot decide without a valid place of supply', () => {
    expect(documentNature(sale({ placeOfSupply: '' }), DELHI)).toMatchObject({ ok: false, code: 'PLACE_OF_SUPPLY' });
    expect(documentNature(sale({ placeOfSupply: '99' }), DELHI)).toMatchObject({ ok: false, code: 'PLACE_OF_SUPPLY' });
  });
});

describe('isTaxFree', () => {
  it('is a bill of supply, or an export or SEZ supply under LUT/bond', () => {
    expect(isTaxFree({ documentType: 'BIL' })).toBe(true);
    expect(isTaxFree({ documentType: 'INV', supplyType: 'EXPWOP' })).toBe(true);
    expect(isTaxFree({ documentType: 'INV', supplyType: 'SEZWOP' })).toBe(true);
    expect(isTaxFree({ documentType: 'INV', supplyType: 'EXPWP' })).toBe(false);
    expect(isTaxFree({ documentType: 'INV', supplyType: 'SEZWP' })).toBe(false);
    expect(isTaxFree({ documentType: 'INV', supplyType: null })).toBe(false);
  });
});

describe('computeDocumentTaxes', () => {
  it('splits an intra-State line into equal CGST and SGST and keeps cess and the other fields', () => {
    expect(computeDocumentTaxes(sale(), [line(1_000_00, 18_000)], DELHI)).toEqual([
      { taxable: 1_000_00, rate: 18_000, igst: 0, cgst: 90_00, sgst: 90_00, cess: 44, hsn: '8471' },
    ]);
  });
  it('charges IGST on an inter-State line', () => {
    expect(computeDocumentTaxes(sale({ placeOfSupply: '29' }), [line(1_000_00, 18_000)], DELHI)).toMatchObject([
      { igst: 180_00, cgst: 0, sgst: 0 },
    ]);
  });
  it('rounds each head half away from zero to the paisa', () => {
    // 10 paise at 5%: IGST 0.5 → 1, each half-rate head 0.25 → 0 (the heads' sum may differ from IGST by a paisa).
    expect(computeDocumentTaxes(sale({ placeOfSupply: '29' }), [line(10, 5_000)], DELHI)).toMatchObject([{ igst: 1 }]);
    expect(computeDocumentTaxes(sale(), [line(10, 5_000)], DELHI)).toMatchObject([{ cgst: 0, sgst: 0 }]);
    // 30 paise at 5%: each half-rate head 0.75 → 1.
    expect(computeDocumentTaxes(sale(), [line(30, 5_000)], DELHI)).toMatchObject([{ cgst: 1, sgst: 1 }]);
    expect(computeDocumentTaxes(sale(), [line(-1_000_00, 18_000)], DELHI)).toMatchObject([{ cgst: -90_00, sgst: -90_00 }]);
    expect(computeDocumentTaxes(sale(), [line(1_000_00, 0)], DELHI)).toMatchObject([{ igst: 0, cgst: 0, sgst: 0 }]);
  });
  it('zeroes the heads of a tax-free document and of a taxable value that is not whole paise', () => {
    expect(computeDocumentTaxes(sale({ documentType: 'BIL' }), [line(1_000_00, 18_000)], DELHI)).toMatchObject([
      { igst: 0, cgst: 0, sgst: 0, cess: 44 },
    ]);
    expect(computeDocumentTaxes(sale({ supplyType: 'EXPWOP' }), [line(1_000_00, 18_000)], DELHI)).toMatchObject([
      { igst: 0, cgst: 0, sgst: 0 },
    ]);
    expect(computeDocumentTaxes(sale(), [line(10.5, 18_000), line(Number.NaN, 18_000)], DELHI)).toMatchObject([
      { igst: 0, cgst: 0, sgst: 0 },
      { igst: 0, cgst: 0, sgst: 0 },
    ]);
  });
  it('leaves the lines as typed when the nature cannot be decided', () => {
    const items = [line(1_000_00, 18_000)];
    const computed = computeDocumentTaxes(sale({ placeOfSupply: '' }), items, DELHI);
    expect(computed).toEqual(items);
    expect(computed).not.toBe(items);
  });
});
