// The validation code catalogue (VAL0001...). One entry per rule, with its message, the property it concerns and whether
// it blocks (Error) or advises (Warning). The six codes spec core §5 names (VAL0065, VAL0437, VAL0438, VAL0566, VAL0568,
// VAL0684) are given the meanings below; the rest are numbered from VAL0001.
export type IssueType = 'Error' | 'Warning';

export type ValidationIssue = { code: ValCode; message: string; propertyName: string; type: IssueType };

type Entry = { message: string; propertyName: string; type: IssueType; source: string };

export const VAL_CODES = {
  VAL0001: {
    message: 'Document type is not valid.',
    propertyName: 'documentType',
    type: 'Error',
    source: 'spec core §3; e-invoice DocDtls.Typ; e-way bill docType',
  },
  VAL0002: { message: 'Document number is required.', propertyName: 'documentNumber', type: 'Error', source: 'Rule 46(b)' },
  VAL0065: {
    message:
      "A document number has 1 to 16 characters: letters, digits, '/' and '-', and not only zeros, '/' or '-' (Rule 46(b) of the CGST Rules).",
    propertyName: 'documentNumber',
    type: 'Error',
    source: 'Rule 46(b); GSTR-1 schema inum',
  },
  VAL0003: {
    message: "Document number for an e-invoice cannot start with 0, '/' or '-'.",
    propertyName: 'documentNumber',
    type: 'Error',
    source: 'e-invoice schema INV-01 v1.1 DocDtls.No',
  },
  VAL0004: {
    message: 'Document date is required as a valid date (YYYY-MM-DD).',
    propertyName: 'documentDate',
    type: 'Error',
    source: 'Rule 46(c)',
  },
  VAL0684: {
    message: 'Document date cannot be in the future.',
    propertyName: 'documentDate',
    type: 'Error',
    source: 'Rule 46(c); GSTR-1 validation',
  },
  VAL0005: {
    message: 'Document date is before GST came into force (01-07-2017).',
    propertyName: 'documentDate',
    type: 'Error',
    source: 'CGST Act, in force 01-07-2017',
  },
  VAL0006: {
    message: 'Document date is after the end of the return period.',
    propertyName: 'documentDate',
    type: 'Error',
    source: 's.37(1): supplies of the tax period',
  },
  VAL0007: {
    message: 'Document is dated before the return period: it is reported late.',
    propertyName: 'documentDate',
    type: 'Warning',
    source: 's.37(1), s.50 (interest on late payment)',
  },
  VAL0008: {
    message: 'Credit note issued after 30 November following the financial year of the original invoice.',
    propertyName: 'documentDate',
    type: 'Error',
    source: 's.34(2) as amended by Finance Act 2022 (30 September before 01-10-2022)',
  },
  VAL0009: {
    message: 'Document reported after 30 November following its financial year: the recipient cannot take ITC.',
    propertyName: 'documentDate',
    type: 'Warning',
    source: 's.16(4), s.37(3) as amended by Finance Act 2022',
  },
  VAL0010: { message: 'Supplier GSTIN is required.', propertyName: 'supplierGstin', type: 'Error', source: 'Rule 46(a)' },
  VAL0437: {
    message: 'GSTIN is not valid.',
    propertyName: 'gstin',
    type: 'Error',
    source: 'Rule 10, Form REG-06; GSTIN format and check character',
  },
  VAL0011: {
    message: 'Supplier state does not match the state code of the supplier GSTIN.',
    propertyName: 'supplierState',
    type: 'Error',
    source: 'GSTIN positions 1-2',
  },
  VAL0012: {
    message: 'Counterparty state does not match the state code of the counterparty GSTIN.',
    propertyName: 'counterpartyState',
    type: 'Error',
    source: 'GSTIN positions 1-2',
  },
  VAL0013: {
    message: 'Counterparty GSTIN is the supplier GSTIN.',
    propertyName: 'counterpartyGstin',
    type: 'Error',
    source: 's.7: a supply needs two persons (distinct persons have distinct GSTINs, s.25(4))',
  },
  VAL0014: { message: 'State code is not valid.', propertyName: 'supplierState', type: 'Error', source: 'GST state code list' },
  VAL0438: {
    message: 'Place of supply is missing or not a valid state code (01-38, 96, 97).',
    propertyName: 'placeOfSupply',
    type: 'Error',
    source: 'IGST Act s.10-13; GSTR-1 schema state_cd',
  },
  VAL0015: {
    message: 'Place of supply 96 (Other Country) is only for exports; exports should use 96.',
    propertyName: 'placeOfSupply',
    type: 'Warning',
    source: 'IGST Act s.7(5)(a); e-invoice BuyerDtls.Pos',
  },
  VAL0016: {
    message: 'IGST is charged on an intra-State supply: use CGST and SGST/UTGST.',
    propertyName: 'igst',
    type: 'Error',
    source: 'IGST Act s.8; CGST Act s.9; NIC error 2172',
  },
  VAL0017: {
    message: 'CGST/SGST is charged on an inter-State supply: use IGST.',
    propertyName: 'cgst',
    type: 'Error',
    source: 'IGST Act s.5, s.7; NIC error 2172',
  },
  VAL0018: {
    message: 'CGST and SGST/UTGST must be equal.',
    propertyName: 'sgst',
    type: 'Error',
    source: 'CGST Act s.9(1), SGST/UTGST Acts: same rate on the same value',
  },
  VAL0568: {
    message: 'Tax amount differs from taxable value × rate by more than the tolerance.',
    propertyName: 'tax',
    type: 'Error',
    source: 'CGST Act s.9(1), s.15; IGST Act s.5(1)',
  },
  VAL0566: {
    message: 'Rate is not a valid GST rate on the document date.',
    propertyName: 'rate',
    type: 'Error',
    source: 'Rate notifications 1/2017-CT(Rate) to 9/2025-CT(Rate)',
  },
  VAL0019: {
    message: 'Rate applies only to a few specified goods or services on the document date: check the HSN.',
    propertyName: 'rate',
    type: 'Warning',
    source: 'Notification 9/2025-CT(Rate) and others (see README)',
  },
  VAL0020: {
    message: 'Amount must be a non-negative whole number of paise.',
    propertyName: 'taxable',
    type: 'Error',
    source: 'Money in integer paise (CONVENTIONS.md); e-invoice amounts are non-negative',
  },
  VAL0021: { message: 'Document has no items.', propertyName: 'items', type: 'Error', source: 'Rule 46(g)-(i)' },
  VAL0022: {
    message: 'An e-invoice carries at most 1,000 items.',
    propertyName: 'items',
    type: 'Error',
    source: 'IRP limit (e-invoice schema v1.1)',
  },
  VAL0023: { message: 'HSN/SAC code is required.', propertyName: 'hsn', type: 'Error', source: 'Rule 46 proviso; Notification 78/2020-CT' },
  VAL0024: {
    message: 'HSN/SAC code must be 2, 4, 6 or 8 digits and not all zeros.',
    propertyName: 'hsn',
    type: 'Error',
    source: 'GSTR-1 hsn_sc; e-invoice HsnCd',
  },
  VAL0025: {
    message:
      "HSN/SAC code has fewer digits than the supplier's turnover requires: at least 4 on B2B supplies when the aggregate turnover of the preceding year was up to 5 crore, 6 above (the location's turnover is set under Entities).",
    propertyName: 'hsn',
    type: 'Error',
    source: 'Notification 78/2020-CT (4 digits up to 5 crore, 6 above)',
  },
  VAL0026: {
    message: 'Exports should carry the 8-digit tariff item.',
    propertyName: 'hsn',
    type: 'Warning',
    source: 'Customs shipping bill ITC(HS) classification',
  },
  VAL0027: {
    message: 'Unit (UQC) is not on the GST UQC list.',
    propertyName: 'uqc',
    type: 'Error',
    source: 'GST UQC list (GSTR-1 table 12, e-invoice Unit)',
  },
  VAL0028: {
    message: 'Quantity must be a non-negative number with at most 3 decimals.',
    propertyName: 'quantity',
    type: 'Error',
    source: 'e-invoice Qty (0 to 9999999999.999)',
  },
  VAL0029: {
    message: 'Reverse charge applies only to supplies to a registered recipient in India.',
    propertyName: 'isReverseCharge',
    type: 'Error',
    source: 'CGST Act s.9(3), 9(4); IGST Act s.5(3), 5(4)',
  },
  VAL0030: {
    message: 'Export or SEZ supply without payment must not charge tax.',
    propertyName: 'igst',
    type: 'Error',
    source: 'IGST Act s.16(3)(a); Rule 96A (LUT/bond)',
  },
  VAL0031: {
    message: 'Export or SEZ supply with payment must charge IGST.',
    propertyName: 'igst',
    type: 'Error',
    source: 'IGST Act s.16(3)(b)',
  },
  VAL0032: {
    message: 'A supply to an SEZ needs the recipient GSTIN.',
    propertyName: 'counterpartyGstin',
    type: 'Error',
    source: 'IGST Act s.16; GSTR-1 b2b SEWP/SEWOP',
  },
  VAL0033: {
    message: 'Compensation cess cannot be charged on this date.',
    propertyName: 'cess',
    type: 'Error',
    source: 'GST (Compensation to States) Act 2017; cess ends after 31-01-2026',
  },
  VAL0034: { message: 'A bill of supply cannot charge tax.', propertyName: 'tax', type: 'Error', source: 's.31(3)(c); Rule 49' },
  VAL0035: {
    message: 'An e-invoice (IRN) is required for this document.',
    propertyName: 'irn',
    type: 'Warning',
    source: 'Rule 48(4); Notification 10/2023-CT (AATO above 5 crore from 01-08-2023)',
  },
  VAL0036: {
    message: 'An e-way bill is required: goods consignment value above ₹50,000.',
    propertyName: 'ewayBillNumber',
    type: 'Warning',
    source: 'Rule 138(1)',
  },
  VAL0037: {
    message: 'The e-invoice reporting window (30 days from the document date) has passed.',
    propertyName: 'documentDate',
    type: 'Warning',
    source: 'GSTN advisories: AATO ≥ 100 crore from 01-11-2023, ≥ 10 crore from 01-04-2025',
  },
  VAL0038: {
    message: 'Document value above ₹1,00,00,000: check the amount.',
    propertyName: 'totalValue',
    type: 'Warning',
    source: 'spec core §9 document-value threshold 10,000,000',
  },
  VAL0039: {
    message: 'Document total differs from the sum of item values and taxes by more than the tolerance.',
    propertyName: 'totalValue',
    type: 'Error',
    source: 'e-invoice ValDtls.TotInvVal (NIC error 2189)',
  },
  VAL0040: {
    message: 'Credit or debit note should reference the original invoice number and date.',
    propertyName: 'originalDocumentNumber',
    type: 'Warning',
    source: 'Rule 53(1A)(g)',
  },
  VAL0041: {
    message: 'Port code is not valid (IN followed by 4 letters or digits).',
    propertyName: 'portCode',
    type: 'Error',
    source: 'GSTR-1 exp sbpcode; NIC port codes',
  },
  VAL0042: {
    message: 'Shipping bill or bill of entry number must be 3 to 7 digits.',
    propertyName: 'shippingBillNumber',
    type: 'Error',
    source: 'GSTR-1 exp sbnum; ICEGATE',
  },
  VAL0043: { message: 'Currency code is not valid.', propertyName: 'currency', type: 'Error', source: 'ISO 4217 (NIC currency master)' },
  VAL0044: {
    message: 'Counterparty GSTIN is not expected on an export.',
    propertyName: 'counterpartyGstin',
    type: 'Warning',
    source: 'GSTR-1 table 6A; e-invoice BuyerDtls.Gstin "URP" for exports',
  },
  VAL0045: {
    message: 'Rate must be a number with at most 3 decimals.',
    propertyName: 'rate',
    type: 'Error',
    source: 'e-invoice GstRt (0 to 999.999)',
  },
  VAL0046: {
    message: 'Tax amount must be a non-negative whole number of paise.',
    propertyName: 'tax',
    type: 'Error',
    source: 'Money in integer paise (CONVENTIONS.md)',
  },
  VAL0047: {
    message:
      'An unregistered supplier charges no GST. If you pay the tax on this bill under reverse charge (a GTA, an advocate, a notified supply), mark it reverse charge; otherwise record it without tax.',
    propertyName: 'isReverseCharge',
    type: 'Error',
    source: 'CGST Act s.9(3), 9(4), s.22, s.31',
  },
  VAL0048: {
    message:
      "The original document number has 1 to 16 characters: letters, digits, '/' and '-', like the invoice it refers to (Rule 46(b) of the CGST Rules).",
    propertyName: 'originalDocumentNumber',
    type: 'Error',
    source: 'Rule 46(b), Rule 53(1A)(g); GSTR-1 schema nt_num / inum',
  },
} as const satisfies Record<string, Entry>;

export type ValCode = keyof typeof VAL_CODES;

export const VAL_CODE_LIST = Object.keys(VAL_CODES) as ValCode[];
