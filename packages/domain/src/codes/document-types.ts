// Document types. Codes INV/CRN/DBN are the e-invoice DocDtls.Typ enum (INV-01 schema v1.1); BIL, BOE, CHL, OTH the
// e-way bill docType list; the rest are the other documents of the CGST Act and Rules. `table13` is the GSTR-1
// table 13 ("documents issued") nature of document.
export const DOCUMENT_TYPES = {
  INV: { name: 'Tax invoice', source: 's.31(1), 31(2); Rule 46', einvoice: true, outward: true, table13: 1 },
  CRN: { name: 'Credit note', source: 's.34(1); Rule 53(1A)', einvoice: true, outward: true, table13: 5 },
  DBN: { name: 'Debit note', source: 's.34(3); Rule 53(1A)', einvoice: true, outward: true, table13: 4 },
  BIL: {
    name: 'Bill of supply',
    source: 's.31(3)(c); Rule 49 (exempt supplies, composition dealers)',
    einvoice: false,
    outward: true,
    table13: 1,
  },
  BOE: {
    name: 'Bill of entry',
    source: 'Customs Act 1962 s.46; IGST on imports (IGST Act s.5(1) proviso)',
    einvoice: false,
    outward: false,
    table13: null,
  },
  RV: { name: 'Receipt voucher', source: 's.31(3)(d); Rule 50 (advance received)', einvoice: false, outward: true, table13: 6 },
  RFV: { name: 'Refund voucher', source: 's.31(3)(e); Rule 51', einvoice: false, outward: true, table13: 8 },
  PV: { name: 'Payment voucher', source: 's.31(3)(g); Rule 52 (reverse charge)', einvoice: false, outward: false, table13: 7 },
  SLF: {
    name: 'Self invoice',
    source: 's.31(3)(f) (reverse charge on supplies from unregistered persons)',
    einvoice: false,
    outward: false,
    table13: 2,
  },
  CHL: { name: 'Delivery challan', source: 'Rule 55', einvoice: false, outward: true, table13: 12 },
  ISD: { name: 'ISD invoice or credit note', source: 's.20; Rule 54(1)', einvoice: false, outward: true, table13: null },
  OTH: { name: 'Other document', source: 'e-way bill docType "OTH"', einvoice: false, outward: true, table13: null },
} as const;

export type DocumentTypeCode = keyof typeof DOCUMENT_TYPES;

export const DOCUMENT_TYPE_CODES = Object.keys(DOCUMENT_TYPES) as DocumentTypeCode[];

export const isDocumentType = (code: string): code is DocumentTypeCode => Object.hasOwn(DOCUMENT_TYPES, code);

/** Document types that count negative in every total: a register's, a return's, an export's. */
export const NEGATIVE_DOCUMENT_TYPES: readonly DocumentTypeCode[] = ['CRN'];

/**
 * How a document counts in totals. A credit note reduces the supplier's tax liability and the recipient's input tax
 * credit (CGST Act s.34(1)-(2); GSTR-1 tables 9B and 7 net it off, GSTR-3B 3.1 and 4 report net figures), so it counts
 * negative; a debit note (s.34(3)) and every other document add. The stored amounts of a document stay positive.
 * The same rule as NEGATIVE_DOCUMENT_TYPES (a test keeps them equal), without a lookup: GSTR-1 asks it of every document.
 */
export const documentSign = (documentType: string): 1 | -1 => (documentType === 'CRN' ? -1 : 1);

/** GSTR-1 table 13 natures of document (Form GSTR-1, table 13). */
export const GSTR1_TABLE13_NATURES = {
  1: 'Invoices for outward supply',
  2: 'Invoices for inward supply from unregistered person',
  3: 'Revised Invoice',
  4: 'Debit Note',
  5: 'Credit Note',
  6: 'Receipt voucher',
  7: 'Payment Voucher',
  8: 'Refund voucher',
  9: 'Delivery Challan for job work',
  10: 'Delivery Challan for supply on approval',
  11: 'Delivery Challan in case of liquid gas',
  12: 'Delivery Challan in cases other than by way of supply (excluding at S no. 9 to 11)',
} as const;
