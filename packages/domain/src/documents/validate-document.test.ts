import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { gstinCheckCharacter } from '../identity/gstin';
import { VAL_CODES, VAL_CODE_LIST } from './codes';
import type { DocumentInput, DocumentItem, ValidationContext } from './document-input';
import { NO_ISSUES, validateDocument } from './validate-document';

const SUPPLIER = '27AAPFU0939F1ZV'; // Maharashtra
const INTER_BUYER = '29AAGCB7383J1Z4'; // Karnataka
const INTRA_BUYER = '27AAACC1206D1Z' + gstinCheckCharacter('27AAACC1206D1Z');
const CRORE = 100 * 1_00_00_000;

const item = (over: Partial<DocumentItem> = {}): DocumentItem => ({
  hsn: '84713010',
  uqc: 'NOS',
  quantity: 2,
  taxable: 10_000_00,
  ratePercent: 18,
  igst: 1_800_00,
  ...over,
});
const doc = (over: Partial<DocumentInput> = {}): DocumentInput => ({
  documentType: 'INV',
  documentNumber: 'INV/2024/0001',
  documentDate: '2024-08-10',
  supplierGstin: SUPPLIER,
  counterpartyGstin: INTER_BUYER,
  counterpartyState: '29',
  placeOfSupply: '29',
  items: [item()],
  ...over,
});
const intra = (over: Partial<DocumentInput> = {}): DocumentInput =>
  doc({
    counterpartyGstin: INTRA_BUYER,
    counterpartyState: '27',
    placeOfSupply: '27',
    items: [item({ igst: 0, cgst: 900_00, sgst: 900_00 })],
    ...over,
  });
const ctx: ValidationContext = { today: '2024-09-05', returnPeriod: '082024', supplierTurnover: 3 * CRORE };
const codes = (d: DocumentInput, c: ValidationContext = ctx): string[] => validateDocument(d, c).map((i) => i.code);

describe('VAL catalogue', () => {
  it('has unique VALnnnn codes with messages, including the six spec codes', () => {
    for (const code of VAL_CODE_LIST) {
      expect(code).toMatch(/^VAL[0-9]{4}$/);
      expect(VAL_CODES[code].message.length).toBeGreaterThan(10);
    }
    for (const c of ['VAL0437', 'VAL0438', 'VAL0065', 'VAL0684', 'VAL0568', 'VAL0566']) expect(VAL_CODE_LIST).toContain(c);
  });
});

describe('validateDocument: valid documents', () => {
  it('returns the shared empty list for valid inter- and intra-State invoices', () => {
    expect(validateDocument(doc(), ctx)).toBe(NO_ISSUES);
    expect(validateDocument(intra(), ctx)).toBe(NO_ISSUES);
    expect(validateDocument(doc(), {})).toBe(NO_ISSUES);
  });
  it('issues carry code, message, propertyName and type', () => {
    const [issue] = validateDocument(doc({ documentNumber: 'A B' }), ctx);
    expect(issue).toEqual({ code: 'VAL0065', message: VAL_CODES.VAL0065.message, propertyName: 'documentNumber', type: 'Error' });
  });
  it('never throws on garbage', () => {
    fc.assert(
      fc.property(fc.anything(), (x) => {
        validateDocument(x as DocumentInput, ctx);
      }),
    );
    fc.assert(
      fc.property(
        fc.record({
          documentType: fc.string(),
          documentNumber: fc.string(),
          documentDate: fc.string(),
          items: fc.array(fc.anything(), { maxLength: 3 }),
        }),
        (x) => {
          validateDocument(x as unknown as DocumentInput, ctx);
        },
      ),
    );
    expect(codes(null as unknown as DocumentInput)).toEqual(['VAL0001']);
  });
});

describe('document type and number (Rule 46(b))', () => {
  it.each([
    [{ documentType: 'XYZ' }, 'VAL0001'],
    [{ documentNumber: '' }, 'VAL0002'],
    [{ documentNumber: 'A'.repeat(17) }, 'VAL0065'],
    [{ documentNumber: 'INV#1' }, 'VAL0065'],
    [{ documentNumber: '000/-' }, 'VAL0065'],
  ])('%j -> %s', (over, code) => expect(codes(doc(over))).toContain(code));
  it('accepts 16 characters, leading zeros outside e-invoice, lower case', () => {
    expect(codes(doc({ documentNumber: 'A'.repeat(16) }))).toEqual([]);
    expect(codes(doc({ documentNumber: '0012' }))).toEqual([]);
    expect(codes(doc({ documentNumber: 'inv-1' }))).toEqual([]);
  });
  it('forbids a leading 0, / or - when an e-invoice is required', () => {
    expect(codes(doc({ documentNumber: '0012' }), { ...ctx, supplierTurnover: 6 * CRORE })).toContain('VAL0003');
    expect(codes(doc({ documentNumber: '-12' }), { ...ctx, supplierTurnover: 6 * CRORE })).toContain('VAL0003');
  });
});

describe('dates', () => {
  it('rejects invalid, pre-GST and future dates (on both sides of today)', () => {
    expect(codes(doc({ documentDate: '10-08-2024' }))).toEqual(['VAL0004']);
    expect(codes(doc({ documentDate: '2017-06-30' }), {})).toContain('VAL0005');
    expect(codes(doc({ documentDate: '2017-07-01' }), {})).not.toContain('VAL0005');
    expect(codes(doc({ documentDate: '2024-09-06' }), { today: '2024-09-05' })).toEqual(['VAL0684']);
    expect(codes(doc({ documentDate: '2024-09-05' }), { today: '2024-09-05' })).toEqual([]);
  });
  it('checks the return period on both sides', () => {
    expect(codes(doc({ documentDate: '2024-08-31' }))).toEqual([]);
    expect(codes(doc({ documentDate: '2024-09-01' }), { returnPeriod: '082024' })).toEqual(['VAL0006']);
    expect(codes(doc({ documentDate: '2024-08-01' }))).toEqual([]);
    expect(codes(doc({ documentDate: '2024-07-31' }))).toEqual(['VAL0007']);
    expect(codes(doc({ documentDate: '2024-07-31' }), { returnPeriod: '13x' })).toEqual([]);
  });
  it('warns when reported after 30 November following the FY (s.16(4), s.37(3))', () => {
    expect(codes(doc({ documentDate: '2024-03-31' }), { returnPeriod: '112024' })).toEqual(['VAL0007']);
    expect(codes(doc({ documentDate: '2024-03-31' }), { returnPeriod: '122024' })).toEqual(['VAL0007', 'VAL0009']);
  });
  it('credit notes: s.34(2) deadline on both sides, 30 Sept before 01-10-2022', () => {
    const cn = (date: string, orig: string): DocumentInput =>
      doc({ documentType: 'CRN', documentDate: date, originalDocumentNumber: 'INV/1', originalDocumentDate: orig });
    expect(codes(cn('2024-11-30', '2023-05-01'), {})).toEqual([]);
    expect(codes(cn('2024-12-01', '2023-05-01'), {})).toEqual(['VAL0008']);
    expect(codes(cn('2021-09-30', '2020-05-01'), {})).toEqual([]);
    expect(codes(cn('2021-10-01', '2020-05-01'), {})).toEqual(['VAL0008']);
    expect(codes(doc({ documentType: 'DBN' }), {})).toEqual(['VAL0040']);
  });
});

describe('GSTINs and states', () => {
  it('validates supplier and counterparty GSTINs (VAL0437)', () => {
    const issues = validateDocument(doc({ counterpartyGstin: '29AAGCB7383J1Z5' }), ctx);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ code: 'VAL0437', propertyName: 'counterpartyGstin' });
    expect(issues[0]?.message).toMatch(/check character/);
    expect(codes(doc({ supplierGstin: 'bad' }))).toContain('VAL0437');
    expect(codes(doc({ supplierGstin: ' 27aapfu0939f1zv ' }))).toEqual([]);
    expect(codes(doc({ supplierGstin: '27AAPFU0939F1ZW' }), { sandbox: true })).toEqual([]);
    expect(codes(doc({ supplierGstin: '' }))).toContain('VAL0010');
  });
  it('records a purchase from an unregistered supplier: a GTA bill under reverse charge, an exempt bill (s.9(3), 9(4))', () => {
    // The recipient's (a Maharashtra location's) freight bill from an unregistered GTA, tax paid by the recipient.
    const gta = (over: Partial<DocumentInput> = {}) =>
      intra({
        isInward: true,
        supplierGstin: '',
        supplierState: '27',
        counterpartyGstin: INTRA_BUYER,
        isReverseCharge: true,
        items: [item({ hsn: '996511', uqc: 'NA', ratePercent: 5, igst: 0, cgst: 250_00, sgst: 250_00 })],
        ...over,
      });
    expect(codes(gta())).toEqual([]);
    expect(codes(gta({ supplierGstin: 'URP' }))).toEqual([]);
    // Without reverse charge an unregistered supplier's bill carries no tax, or it is refused with the reason.
    expect(codes(gta({ isReverseCharge: false }))).toEqual(['VAL0047']);
    expect(codes(gta({ isReverseCharge: false, items: [item({ hsn: '996511', uqc: 'NA', ratePercent: 0, igst: 0 })] }))).toEqual([]);
    // A sale always has its (registered) supplier.
    expect(codes(gta({ isInward: false }))).toContain('VAL0010');
  });
  it('refuses a document number or an original number longer than 16 characters with the Rule 46(b) reason, never cuts it', () => {
    const long = 'BLR/26-27/0299-EXTRA-LONG';
    const issues = validateDocument(doc({ documentNumber: long }), ctx);
    expect(issues.map((i) => i.code)).toEqual(['VAL0065']);
    expect(issues[0]?.message).toContain('Rule 46(b)');
    expect(codes(doc({ documentType: 'CRN', originalDocumentNumber: long, originalDocumentDate: '2024-08-01' }))).toEqual(['VAL0048']);
    expect(codes(doc({ documentType: 'CRN', originalDocumentNumber: 'INV/2024/0001', originalDocumentDate: '2024-08-01' }))).toEqual([]);
  });
  it('checks states against GSTINs', () => {
    expect(codes(doc({ supplierState: '29' }))).toContain('VAL0011');
    expect(codes(doc({ supplierState: '27' }))).toEqual([]);
    expect(codes(doc({ supplierState: '7' }))).toContain('VAL0011');
    expect(codes(doc({ supplierState: 'XX' }))).toContain('VAL0014');
    expect(codes(doc({ supplierState: '123' }))).toContain('VAL0014');
    expect(codes(doc({ counterpartyState: '27' }))).toContain('VAL0012');
    expect(
      codes(
        doc({
          counterpartyGstin: SUPPLIER,
          counterpartyState: '27',
          placeOfSupply: '27',
          items: [item({ igst: 0, cgst: 900_00, sgst: 900_00 })],
        }),
      ),
    ).toContain('VAL0013');
  });
  it('place of supply: required, valid, 96 only for exports (VAL0438, VAL0015)', () => {
    expect(codes(doc({ placeOfSupply: '' }))).toContain('VAL0438');
    expect(codes(doc({ placeOfSupply: '99' }))).toContain('VAL0438');
    expect(codes(doc({ placeOfSupply: '25' }))).toContain('VAL0438');
    expect(codes(doc({ placeOfSupply: '96' }))).toContain('VAL0015');
    expect(codes(doc({ placeOfSupply: '97', counterpartyState: null }))).toEqual([]);
  });
});

describe('tax heads and rates', () => {
  it('IGST on intra-State and CGST/SGST on inter-State are errors', () => {
    expect(codes(intra({ items: [item()] }))).toContain('VAL0016');
    expect(codes(doc({ items: [item({ igst: 0, cgst: 900_00, sgst: 900_00 })] }))).toContain('VAL0017');
    expect(codes(intra({ igstOnIntra: true, items: [item()] }))).toEqual([]);
    expect(codes(intra({ items: [item({ igst: 0, cgst: 900_00, sgst: 898_00 })] }))).toEqual(['VAL0018', 'VAL0568']);
  });
  it('tax equals taxable × rate within the tolerance, on both sides of it', () => {
    expect(codes(doc({ items: [item({ igst: 1_801_00 })] }))).toEqual([]);
    expect(codes(doc({ items: [item({ igst: 1_801_01 })] }))).toEqual(['VAL0568']);
    expect(codes(doc({ items: [item({ igst: 1_800_01 })] }), { ...ctx, tolerancePaise: 0 })).toEqual(['VAL0568']);
    expect(codes(intra({ items: [item({ igst: 0, cgst: 800_00, sgst: 800_00 })] }))).toEqual(['VAL0568', 'VAL0568']);
  });
  it('rate valid on the document date (22-09-2025 change on both sides)', () => {
    const at = (date: string, rate: number): string[] =>
      codes(doc({ documentDate: date, items: [item({ ratePercent: rate, igst: (10_000_00 * rate) / 100 })] }), {});
    expect(at('2025-09-21', 40)).toEqual(['VAL0566']);
    expect(at('2025-09-22', 40)).toEqual([]);
    expect(at('2025-09-21', 12)).toEqual([]);
    expect(at('2025-09-22', 12)).toEqual(['VAL0019']);
    expect(at('2024-01-01', 17)).toEqual(['VAL0566']);
    expect(codes(doc({ items: [item({ ratePercent: 18.0001 })] }))).toEqual(['VAL0045']);
  });
  it('cess: checked against its rate and ends after 31-01-2026', () => {
    const c = (date: string): string[] =>
      codes(doc({ documentDate: date, items: [item({ ratePercent: 28, igst: 2_800_00, cess: 1_200_00, cessPercent: 12 })] }), {});
    expect(c('2025-01-10')).toEqual([]);
    expect(c('2026-01-31')).toEqual(['VAL0019']);
    expect(c('2026-02-01')).toEqual(['VAL0566', 'VAL0033']);
    expect(codes(doc({ items: [item({ cess: 500, cessPercent: 0 })] }))).toEqual(['VAL0568']);
    expect(codes(doc({ items: [item({ quantity: 3, cess: 300, cessPercent: 0, cessPerUnit: 100 })] }))).toEqual([]);
  });
  it('amounts must be non-negative integer paise', () => {
    expect(codes(doc({ items: [item({ taxable: -1 })] }))).toContain('VAL0020');
    expect(codes(doc({ items: [item({ taxable: 1.5 })] }))).toContain('VAL0020');
    expect(codes(doc({ items: [item({ igst: -5 })] }))).toContain('VAL0046');
    expect(codes(doc({ items: [] }))).toEqual(['VAL0021']);
    expect(codes(doc({ items: [null as unknown as DocumentItem] }))).toEqual(['VAL0021']);
  });
  it('a bill of supply charges no tax', () => {
    expect(codes(doc({ documentType: 'BIL', items: [item(), item()] }))).toEqual(['VAL0034']);
    expect(codes(doc({ documentType: 'BIL', items: [item({ ratePercent: 0, igst: 0 })] }))).toEqual([]);
  });
});

describe('HSN, UQC and quantity', () => {
  it('requires the digits the turnover needs (Notification 78/2020-CT), on both sides of 5 crore', () => {
    expect(codes(doc({ items: [item({ hsn: '8471' })] }), { ...ctx, supplierTurnover: 5 * CRORE })).toEqual([]);
    expect(codes(doc({ items: [item({ hsn: '8471' })] }), { ...ctx, supplierTurnover: 5 * CRORE + 1 })).toContain('VAL0025');
    expect(codes(doc({ items: [item({ hsn: '' })] }))).toEqual(['VAL0023']);
    expect(codes(doc({ items: [item({ hsn: '' })] }), {})).toEqual([]);
    expect(codes(doc({ counterpartyGstin: 'URP', counterpartyState: null, items: [item({ hsn: null })] }))).toEqual([]);
    expect(codes(doc({ items: [item({ hsn: '84A1' })] }))).toEqual(['VAL0024']);
    expect(codes(doc({ items: [item({ hsn: '0000' })] }))).toEqual(['VAL0024']);
  });
  it('UQC on the GST list; services may use NA', () => {
    expect(codes(doc({ items: [item({ uqc: 'KGX' })] }))).toEqual(['VAL0027']);
    expect(codes(doc({ items: [item({ hsn: '998314', uqc: 'NA' })] }))).toEqual([]);
    expect(codes(doc({ items: [item({ uqc: 'NA' })] }))).toEqual(['VAL0027']);
  });
  it('quantity: non-negative, at most 3 decimals', () => {
    expect(codes(doc({ items: [item({ quantity: 1.125 })] }))).toEqual([]);
    expect(codes(doc({ items: [item({ quantity: 1.1255 })] }))).toEqual(['VAL0028']);
    expect(codes(doc({ items: [item({ quantity: -1 })] }))).toEqual(['VAL0028']);
    expect(codes(doc({ items: [item({ quantity: Number.NaN })] }))).toEqual(['VAL0028']);
  });
});

describe('reverse charge, exports, SEZ, imports', () => {
  it('reverse charge needs a registered recipient in India', () => {
    expect(codes(doc({ isReverseCharge: true }))).toEqual([]);
    expect(codes(doc({ isReverseCharge: true, counterpartyGstin: 'URP', counterpartyState: null }))).toEqual(['VAL0029']);
  });
  it('exports with and without payment', () => {
    const exp = (over: Partial<DocumentInput>): DocumentInput =>
      doc({
        counterpartyGstin: null,
        counterpartyState: null,
        placeOfSupply: null,
        exportType: 'WOPAY',
        portCode: 'INBOM4',
        shippingBillNumber: '1234567',
        currency: 'USD',
        items: [item({ igst: 0 })],
        ...over,
      });
    expect(codes(exp({}))).toEqual([]);
    expect(codes(exp({ items: [item()] }))).toEqual(['VAL0030']);
    expect(codes(exp({ exportType: 'WPAY' }))).toEqual(['VAL0568', 'VAL0031']);
    expect(codes(exp({ exportType: 'WPAY', items: [item()] }))).toEqual([]);
    expect(codes(exp({ items: [item({ igst: 0, hsn: '8471' })] }))).toEqual(['VAL0026']);
    expect(codes(exp({ items: [item({ igst: 0, hsn: null })] }))).toEqual(['VAL0023']);
    expect(codes(exp({ placeOfSupply: '27' }))).toEqual(['VAL0015']);
    expect(codes(exp({ counterpartyGstin: INTER_BUYER }))).toEqual(['VAL0044']);
    expect(codes(exp({ isReverseCharge: true, counterpartyGstin: INTER_BUYER }))).toEqual(['VAL0044', 'VAL0029']);
    expect(codes(exp({ portCode: 'BOM' }))).toEqual(['VAL0041']);
    expect(codes(exp({ shippingBillNumber: '12' }))).toEqual(['VAL0042']);
    expect(codes(exp({ currency: 'ZZZ' }))).toEqual(['VAL0043']);
  });
  it('SEZ supplies are inter-State and need the recipient GSTIN', () => {
    const sez = intra({ isSez: true, sezType: 'WOPAY', items: [item({ igst: 0 })] });
    expect(codes(sez)).toEqual([]);
    expect(codes({ ...sez, sezType: 'WPAY', items: [item()] })).toEqual([]);
    expect(codes({ ...sez, items: [item({ igst: 0, cgst: 900_00, sgst: 900_00 })] })).toEqual(['VAL0017', 'VAL0030']);
    expect(codes({ ...sez, counterpartyGstin: null })).toEqual(['VAL0032']);
  });
  it('bills of entry need no supplier GSTIN or place of supply', () => {
    expect(
      codes(
        doc({
          documentType: 'BOE',
          documentNumber: '1234567',
          supplierGstin: null,
          counterpartyGstin: SUPPLIER,
          counterpartyState: '27',
          placeOfSupply: null,
        }),
      ),
    ).toEqual([]);
  });
});

describe('totals, value thresholds, e-invoice and e-way bill', () => {
  it('checks the total within the tolerance', () => {
    expect(codes(doc({ totalValue: 11_800_00 }))).toEqual([]);
    expect(codes(doc({ totalValue: 11_801_00, roundOff: 100 }))).toEqual([]);
    expect(codes(doc({ totalValue: 11_802_00 }))).toEqual(['VAL0039']);
    expect(codes(doc({ totalValue: 1.5 }))).toEqual(['VAL0039']);
  });
  it('warns above the document-value threshold (spec core §9), on both sides', () => {
    const big = (taxable: number): string[] => codes(doc({ items: [item({ taxable, ratePercent: 0, igst: 0 })] }));
    expect(big(1_00_00_000_00)).toEqual([]);
    expect(big(1_00_00_000_01)).toEqual(['VAL0038']);
  });
  it('e-invoice required above the dated turnover threshold (5 crore from 01-08-2023)', () => {
    const c = (date: string, aato: number): string[] => codes(doc({ documentDate: date }), { checkIrn: true, supplierTurnover: aato });
    expect(c('2023-08-01', 5 * CRORE + 1)).toEqual(['VAL0035']);
    expect(c('2023-08-01', 5 * CRORE)).toEqual([]);
    expect(c('2023-07-31', 10 * CRORE)).toEqual([]);
    expect(c('2023-07-31', 10 * CRORE + 1)).toEqual(['VAL0035']);
    expect(c('2020-09-30', 1000 * CRORE)).toEqual([]);
    expect(codes(doc({ irn: 'x'.repeat(64) }), { checkIrn: true, supplierTurnover: 6 * CRORE })).toEqual([]);
    expect(codes(doc({ counterpartyGstin: 'URP', counterpartyState: null }), { checkIrn: true, supplierTurnover: 6 * CRORE })).toEqual([]);
    expect(codes(doc(), { checkIrn: true, supplierTurnover: 6 * CRORE, einvoiceExempt: true })).toEqual([]);
    const many = doc({ items: Array.from({ length: 1001 }, () => item({ taxable: 100, igst: 18 })) });
    expect(codes(many, { supplierTurnover: 6 * CRORE })).toEqual(['VAL0022']);
  });
  it('e-invoice 30-day reporting window for AATO of 10 crore and more from 01-04-2025', () => {
    const c = (date: string, today: string, aato: number): string[] =>
      codes(doc({ documentDate: date }), { today, checkIrn: true, supplierTurnover: aato });
    expect(c('2025-04-01', '2025-05-01', 10 * CRORE)).toEqual(['VAL0035']);
    expect(c('2025-04-01', '2025-05-02', 10 * CRORE)).toEqual(['VAL0035', 'VAL0037']);
    expect(c('2025-04-01', '2025-05-02', 10 * CRORE - 1)).toEqual(['VAL0035']);
    expect(c('2025-03-31', '2025-05-02', 10 * CRORE)).toEqual(['VAL0035']);
    expect(c('2025-03-31', '2025-05-02', 100 * CRORE)).toEqual(['VAL0035', 'VAL0037']);
  });
  it('e-way bill above ₹50,000 of goods with their tax (Rule 138(1)), on both sides; exempt goods do not count', () => {
    // 18% IGST: ₹42,372 + ₹7,626.96 = ₹49,998.96; ₹42,373 + ₹7,627.14 = ₹50,000.14.
    const c = (taxable: number, hsn = '84713010', ratePercent = 18): string[] =>
      codes(doc({ items: [item({ taxable, hsn, ratePercent, igst: Math.round((taxable * ratePercent) / 100) })] }), {
        checkEwayBill: true,
      });
    expect(c(42_372_00)).toEqual([]);
    expect(c(42_373_00)).toEqual(['VAL0036']);
    expect(c(60_000_00, '998314')).toEqual([]);
    // Rule 138(1) Explanation 2: the consignment value leaves out exempt (nil-rated) goods.
    expect(c(60_000_00, '84713010', 0)).toEqual([]);
    expect(codes(doc({ ewayBillNumber: '123456789012' }), { checkEwayBill: true })).toEqual([]);
    expect(
      codes(doc({ documentType: 'CRN', originalDocumentNumber: 'X1', items: [item({ taxable: 60_000_00, ratePercent: 0, igst: 0 })] }), {
        checkEwayBill: true,
      }),
    ).toEqual([]);
  });
});
