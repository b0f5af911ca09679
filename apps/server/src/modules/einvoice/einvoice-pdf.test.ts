// The printed e-invoice's particulars (Rule 46 of the CGST Rules; Rule 53 for a credit note) read back from the PDF's
// own text, and its QR read back from the PDF's image: an inter-State tax invoice (IGST) and an intra-State credit
// note on reverse charge (CGST and SGST, a round-off), amounts in Indian digit grouping.
import { describe, expect, it } from 'vitest';
import { inflateSync } from 'node:zlib';
import { einvoicePdf, type PrintedEinvoice } from './einvoice-pdf';
import { readSignedQr } from './qr-reader';

/** The text pdfkit drew: each TJ's hex strings (standard fonts, WinAnsi bytes) in order, the runs joined. */
const pdfText = (pdf: Buffer): string => {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, raw.indexOf('endstream', start))).toString('latin1');
    } catch {
      continue; // an image's data, or a stream not deflated
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      texts.push([...(tj[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1] ?? '', 'hex').toString('latin1')).join(''));
    }
  }
  return texts.join('');
};

// A signed QR's shape (header.payload.signature); the printer does not read it, the reader must give it back whole.
const JWS = `eyJhbGciOiJSUzI1NiIsImtpZCI6InNhbmRib3gifQ.${'eyJkYXRhIjoie1wiU2VsbGVyR3N0aW5cIjpcIjA3QUFBQ0IxMjM0QTFaNVwifSJ9'.repeat(8)}.${'c2lnbmF0dXJl'.repeat(28)}`;
const IRN = 'e4ad61c7d60b35ae8973ec50c563a2f7845f58f3ba4bf941f06bd6a513ed6348';

const INVOICE: PrintedEinvoice = {
  documentType: 'INV',
  documentNumber: 'MUM/2026/0417',
  documentDate: '2026-11-20',
  placeOfSupply: '29',
  isReverseCharge: false,
  supplyType: 'B2B',
  documentValue: 30_812_500,
  supplier: {
    name: 'Bharat Components Private Limited',
    address: '14, Andheri Kurla Road, Mumbai, 400059',
    gstin: '27AABCD1234E1Z8',
    stateCode: '27',
  },
  recipient: {
    name: 'Tata Consultancy Services Limited',
    address: '42, Whitefield Main Road, Bengaluru, 560066',
    gstin: '29AABCT3518Q1ZS',
    stateCode: '29',
  },
  items: [
    {
      description: 'Laptop, 14-inch',
      hsn: '84713010',
      quantity: 5000,
      uqc: 'NOS',
      rate: 18000,
      taxable: 25_000_000,
      igst: 4_500_000,
      cgst: 0,
      sgst: 0,
      cess: 0,
    },
    {
      description: 'Printed manuals',
      hsn: '49011010',
      quantity: 2500,
      uqc: 'NOS',
      rate: 5000,
      taxable: 1_250_000,
      igst: 62_500,
      cgst: 0,
      sgst: 0,
      cess: 0,
    },
  ],
  irn: IRN,
  ackNo: '112610000000123',
  ackDate: new Date('2026-11-20T04:30:00Z'),
  signedQrCode: JWS,
};

describe('einvoicePdf', () => {
  it('endorses an export under LUT (Rule 46) and names its shipping bill and port', async () => {
    const text = pdfText(
      await einvoicePdf({
        ...INVOICE,
        supplyType: 'EXPWOP',
        placeOfSupply: '96',
        recipient: { name: 'Acme GmbH', address: 'Berlin', gstin: null, stateCode: '96' },
        shippingBillNumber: '1234567',
        shippingBillDate: '2026-11-21',
        portCode: 'INBOM1',
      }),
    );
    expect(text).toContain(
      'SUPPLY MEANT FOR EXPORT/SUPPLY TO SEZ UNIT OR SEZ DEVELOPER FOR AUTHORISED OPERATIONS UNDER BOND OR LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX',
    );
    expect(text).toContain('Shipping bill: 1234567 of 21-11-2026, port INBOM1');
    expect(text).toContain('GSTIN: Unregistered');
  });

  it('prints the Rule 46 particulars of an inter-State tax invoice with its IRN, Ack No. and date', async () => {
    const pdf = await einvoicePdf(INVOICE);
    const text = pdfText(pdf);
    for (const part of [
      'Tax Invoice',
      `IRN: ${IRN}`,
      'Ack No.: 112610000000123',
      'Ack Date: 20-11-2026 10:00 IST',
      'Tax Invoice No.: MUM/2026/0417',
      'Tax Invoice Date: 20-11-2026',
      'Tax payable on reverse charge: No',
      'Place of supply: Karnataka (29)',
      'Bharat Components Private Limited',
      '14, Andheri Kurla Road, Mumbai, 400059',
      'GSTIN: 27AABCD1234E1Z8',
      'State: Maharashtra (27)',
      'Tata Consultancy Services Limited',
      'GSTIN: 29AABCT3518Q1ZS',
      'State: Karnataka (29)',
      // Line 2: HSN, description, quantity (2.5) and unit, taxable value, rate, IGST, CGST, SGST, cess, total.
      '2Printed manuals490110102.5NOS12,500.005%625.000.000.000.0013,125.00',
      '1Laptop, 14-inch847130105NOS2,50,000.0018%45,000.00',
      'Total2,62,500.0045,625.000.000.000.003,08,125.00',
      'Invoice value: Rs. 3,08,125.00',
      'For Bharat Components Private Limited',
      'Authorised signatory',
    ]) {
      expect(text, part).toContain(part);
    }
    expect(text).not.toContain('round-off');
    expect(text).not.toContain('SUPPLY MEANT FOR EXPORT');
    expect(readSignedQr(pdf, 'PDF')).toBe(JWS);
  });

  it('prints a credit note on reverse charge with CGST and SGST and the round-off to the invoice value', async () => {
    const note: PrintedEinvoice = {
      ...INVOICE,
      documentType: 'CRN',
      documentNumber: 'CN/12',
      placeOfSupply: '27',
      isReverseCharge: true,
      documentValue: 11_800_000,
      recipient: { ...INVOICE.recipient, gstin: '27AABCT3518Q1ZW', stateCode: '27' },
      items: [
        {
          description: 'Returned laptop',
          hsn: '84713010',
          quantity: 1000,
          uqc: 'NOS',
          rate: 18000,
          taxable: 9_999_950,
          igst: 0,
          cgst: 900_000,
          sgst: 900_000,
          cess: 0,
        },
      ],
    };
    const text = pdfText(await einvoicePdf(note));
    expect(text).toContain('Credit Note No.: CN/12');
    expect(text).toContain('Tax payable on reverse charge: Yes');
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).toContain('99,999.5018%0.009,000.009,000.000.001,17,999.50');
    expect(text).toContain('Other charges and round-off: Rs. 0.50');
    expect(text).toContain('Invoice value: Rs. 1,18,000.00');
  });
});
