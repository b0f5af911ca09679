import { describe, expect, it } from 'vitest';
import { classifyDocument, stateCodeOfGstin } from './classify-document';
import type { DocumentInput } from './document-input';
import { b2clThresholdOn, creditNoteDeadline, einvoiceThresholdOn } from './thresholds';

const base: DocumentInput = {
  documentType: 'INV',
  documentNumber: 'A1',
  documentDate: '2024-08-01',
  supplierGstin: '27AAPFU0939F1ZV',
  counterpartyGstin: 'URP',
  placeOfSupply: '29',
  items: [{ taxable: 100_000_01, ratePercent: 0, hsn: '8471' }],
};
/** The same sale at 18% IGST: an e-way bill counts taxed goods, not exempt ones (Rule 138(1) Explanation 2). */
const taxed: DocumentInput = { ...base, items: [{ taxable: 100_000_01, ratePercent: 18, igst: 18_000_00, hsn: '8471' }] };

describe('classifyDocument', () => {
  it('B2C large above 1 lakh from 01-08-2024 and above 2.5 lakh before (Notification 12/2024-CT)', () => {
    expect(classifyDocument(base)).toMatchObject({ gstr1Section: 'b2cl', isB2CLarge: true, nature: 'INTER', ewaybillRequired: false });
    expect(classifyDocument(taxed)).toMatchObject({ gstr1Section: 'b2cl', isB2CLarge: true, nature: 'INTER', ewaybillRequired: true });
    expect(classifyDocument({ ...base, items: [{ taxable: 100_000_00, ratePercent: 0 }] })).toMatchObject({
      gstr1Section: 'b2cs',
      isB2CLarge: false,
    });
    expect(classifyDocument({ ...base, documentDate: '2024-07-31' })).toMatchObject({ gstr1Section: 'b2cs' });
    expect(classifyDocument({ ...base, documentDate: '2024-07-31', totalValue: 250_000_01 })).toMatchObject({ gstr1Section: 'b2cl' });
    expect(classifyDocument({ ...base, documentDate: '2024-07-31', totalValue: 250_000_00 })).toMatchObject({ gstr1Section: 'b2cs' });
    expect(classifyDocument({ ...base, placeOfSupply: '27' })).toMatchObject({ gstr1Section: 'b2cs', nature: 'INTRA' });
    expect(b2clThresholdOn('2024-07-31')).toBe(250_000_00);
    expect(b2clThresholdOn('2024-08-01')).toBe(100_000_00);
  });
  it('sections for B2B, notes, exports, imports, bills of supply', () => {
    const b2b = { ...base, counterpartyGstin: '29AAGCB7383J1Z4' };
    expect(classifyDocument(b2b, { supplierTurnover: 6 * 100 * 1_00_00_000 })).toMatchObject({
      gstr1Section: 'b2b',
      einvoiceRequired: true,
    });
    expect(classifyDocument({ ...b2b, documentType: 'CRN' })).toMatchObject({ gstr1Section: 'cdnr', ewaybillRequired: false });
    expect(classifyDocument({ ...base, documentType: 'CRN' })).toMatchObject({ gstr1Section: 'cdnur' });
    expect(classifyDocument({ ...base, documentType: 'DBN', placeOfSupply: '27' })).toMatchObject({ gstr1Section: 'b2cs' });
    expect(classifyDocument({ ...base, exportType: 'WOPAY', placeOfSupply: null })).toMatchObject({ gstr1Section: 'exp', nature: 'INTER' });
    expect(classifyDocument({ ...base, documentType: 'BOE', supplierGstin: null })).toMatchObject({
      gstr1Section: 'impg',
      nature: 'INTER',
    });
    expect(classifyDocument({ ...base, documentType: 'BIL' })).toMatchObject({ gstr1Section: 'nil' });
    expect(
      classifyDocument({
        ...base,
        documentType: 'CHL',
        items: [{ taxable: 1, ratePercent: 0, hsn: '9983', igst: 1, cgst: 0, sgst: 0, cess: 0 }],
      }),
    ).toMatchObject({ gstr1Section: 'none', documentValue: 2, ewaybillRequired: false });
    expect(classifyDocument({ ...base, placeOfSupply: 'XX' })).toMatchObject({ nature: null });
    expect(classifyDocument({ ...base, supplierState: '27', supplierGstin: null, placeOfSupply: '27', igstOnIntra: true })).toMatchObject({
      nature: 'INTER',
    });
  });
  it('thresholds and helpers', () => {
    expect(einvoiceThresholdOn('2023-07-31')).toBe(10 * 100 * 1_00_00_000);
    expect(einvoiceThresholdOn('2023-08-01')).toBe(5 * 100 * 1_00_00_000);
    expect(einvoiceThresholdOn('2020-09-30')).toBe(-1);
    expect(creditNoteDeadline(2023, '2024-10-01')).toBe('2024-11-30');
    expect(creditNoteDeadline(2020, '2021-10-01')).toBe('2021-09-30');
    expect(stateCodeOfGstin('27AAPFU0939F1ZV')).toBe(27);
  });
});
