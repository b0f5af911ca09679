// GSTR-1 input and output shapes. Inputs mirror the server's tables (documents, document_items, document_summaries):
// money in integer paise, rates in milli-percent (18% = 18000), quantities in thousandths, dates ISO 'YYYY-MM-DD'.
// Outputs are the GSTN save format (official/gstr1/saveGSTR1Schema.json, 2025 revision): rupees as JSON numbers
// with at most 2 decimals, dates 'DD-MM-YYYY', period 'MMYYYY'.

/** documents.supply_type: the e-invoice supply types (INV-01 TranDtls.SupTyp) plus B2C for unregistered buyers. */
export type Gstr1SupplyType = 'B2B' | 'B2C' | 'SEZWP' | 'SEZWOP' | 'EXPWP' | 'EXPWOP' | 'DEXP';

/** A document_items row. */
export type Gstr1Item = {
  hsn?: string | null;
  description?: string | null;
  uqc?: string | null;
  /** Thousandths of the unit. */
  quantity?: number | null;
  /** Total GST rate, milli-percent. */
  rate: number;
  taxable: number;
  igst: number;
  cgst: number;
  /** SGST or UTGST. */
  sgst: number;
  cess: number;
};

/** A sales documents row with its items. */
export type Gstr1Document = {
  /** INV, CRN, DBN, BIL (bill of supply); other types are not reported in GSTR-1's document tables. */
  documentType: string;
  documentNumber: string;
  documentDate: string;
  /** Null: B2B when the counterparty has a GSTIN, else B2C. */
  supplyType?: Gstr1SupplyType | string | null;
  /** '' (or 'URP') for an unregistered person. */
  counterpartyGstin: string;
  counterpartyState?: string | null;
  placeOfSupply?: string | null;
  isReverseCharge?: boolean | null;
  /** GSTIN of the e-commerce operator the supply was made through (GSTR-1 tables 4, 5, 7, 14). */
  ecommerceGstin?: string | null;
  portCode?: string | null;
  shippingBillNumber?: string | null;
  shippingBillDate?: string | null;
  /** Notes: the invoice the note is issued against. */
  originalDocumentNumber?: string | null;
  originalDocumentDate?: string | null;
  /** Notes to unregistered persons: the original invoice's value, which decides B2C large (cdnur B2CL). */
  originalDocumentValue?: number | null;
  /** Invoice (or note) value including taxes, paise. */
  documentValue: number;
  /** The table the portal holds the document in (set when read back from the portal); overrides the classification. */
  gstr1Section?: 'b2b' | 'b2cl' | 'b2cs' | 'exp' | 'cdnr' | 'cdnur' | 'nil' | null;
  /** Set when this document amends one reported in an earlier return: the number and date it was reported with. */
  amendment?: {
    documentNumber: string;
    documentDate: string;
    /** The items as the earlier return reported them: table 12 then carries the amendment's difference. */
    items?: readonly Gstr1Item[] | null;
  } | null;
  items: readonly Gstr1Item[];
};

export type Gstr1SummaryType = 'B2CS' | 'AdvanceReceived' | 'AdvanceAdjusted' | 'NilExemptNonGst' | 'DocumentsIssued';

/** A document_summaries row (columns a type does not use hold '' or 0). */
export type Gstr1SummaryRow = {
  summaryType: Gstr1SummaryType;
  /** Two-digit state code ('' for nil and documents issued). */
  placeOfSupply: string;
  /** NilExemptNonGst: INTRB2B, INTRAB2B, INTRB2C, INTRAB2C. */
  supplyType: string;
  rate: number;
  ecommerceGstin: string;
  /** DocumentsIssued: GSTR-1 table 13 nature of document (1-12). */
  documentNature: number;
  fromNumber: string;
  toNumber: string;
  totalNumber: number;
  cancelledNumber: number;
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
  nilRated: number;
  exempted: number;
  nonGst: number;
  /** Amendments of B2CS and advances (b2csa, ata, txpda): the return period 'MMYYYY' the row amends. */
  originalPeriod?: string | null;
};

/** One HSN summary line in paise, for a summary taken as reported rather than derived from items. */
export type Gstr1HsnRow = {
  hsn: string;
  description: string;
  uqc: string;
  /** Thousandths. */
  quantity: number;
  rate: number;
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
};

export type Gstr1Options = {
  /** The supplier's GSTIN. */
  gstin: string;
  /** Return period 'MMYYYY'. */
  period: string;
  summaries?: readonly Gstr1SummaryRow[];
  /** Table 12 as reported (e.g. read back from the portal); when absent it is built from the documents' items. */
  hsn?: { b2b: readonly Gstr1HsnRow[]; b2c: readonly Gstr1HsnRow[] } | null;
};

// ---- The save format (field names as in saveGSTR1Schema.json). ----

export type ItemDetail = { rt: number; txval: number; iamt?: number; camt?: number; samt?: number; csamt?: number };
export type NumberedItem = { num: number; itm_det: ItemDetail };

export type B2bInvoice = {
  inum: string;
  idt: string;
  val: number;
  pos: string;
  rchrg: 'Y' | 'N';
  inv_typ: 'R' | 'DE' | 'SEWP' | 'SEWOP' | 'CBW';
  etin?: string;
  oinum?: string;
  oidt?: string;
  itms: NumberedItem[];
};
export type B2bParty = { ctin: string; inv: B2bInvoice[] };

export type B2clInvoice = { inum: string; idt: string; val: number; etin?: string; oinum?: string; oidt?: string; itms: NumberedItem[] };
export type B2clPlace = { pos: string; inv: B2clInvoice[] };

export type B2csRow = {
  sply_ty: 'INTER' | 'INTRA';
  typ: 'E' | 'OE';
  pos: string;
  rt: number;
  txval: number;
  iamt?: number;
  camt?: number;
  samt?: number;
  csamt?: number;
  etin?: string;
};
export type B2csAmendment = {
  sply_ty: 'INTER' | 'INTRA';
  typ: 'E' | 'OE';
  pos: string;
  omon: string;
  etin?: string;
  itms: ItemDetail[];
};

export type Note = {
  nt_num: string;
  nt_dt: string;
  ntty: 'C' | 'D';
  val: number;
  pos: string;
  rchrg: 'Y' | 'N';
  inv_typ: 'R' | 'DE' | 'SEWP' | 'SEWOP' | 'CBW';
  etin?: string;
  ont_num?: string;
  ont_dt?: string;
  itms: NumberedItem[];
};
export type CdnrParty = { ctin: string; nt: Note[] };

export type UnregisteredNote = {
  typ: 'B2CL' | 'EXPWP' | 'EXPWOP';
  nt_num: string;
  nt_dt: string;
  ntty: 'C' | 'D';
  val: number;
  pos?: string;
  ont_num?: string;
  ont_dt?: string;
  itms: NumberedItem[];
};

export type ExportItem = { rt: number; txval: number; iamt?: number; csamt?: number };
export type ExportInvoice = {
  inum: string;
  idt: string;
  val: number;
  sbpcode?: string;
  sbnum?: string;
  sbdt?: string;
  oinum?: string;
  oidt?: string;
  itms: ExportItem[];
};
export type ExportGroup = { exp_typ: 'WPAY' | 'WOPAY'; inv: ExportInvoice[] };

export type AdvanceItem = { rt: number; ad_amt: number; iamt?: number; camt?: number; samt?: number; csamt?: number };
export type AdvanceRow = { pos: string; sply_ty: 'INTER' | 'INTRA'; omon?: string; itms: AdvanceItem[] };

export type NilRow = { sply_ty: 'INTRB2B' | 'INTRAB2B' | 'INTRB2C' | 'INTRAB2C'; nil_amt: number; expt_amt: number; ngsup_amt: number };

export type HsnLine = {
  num: number;
  hsn_sc: string;
  desc?: string;
  uqc: string;
  qty: number;
  rt: number;
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
};

export type DocumentSeries = { num: number; from: string; to: string; totnum: number; cancel: number; net_issue: number };
export type DocumentIssueGroup = { doc_num: number; doc_typ?: string; docs: DocumentSeries[] };

export type EcoSupply = { etin: string; suppval: number; igst: number; cgst: number; sgst: number; cess: number };

export type Gstr1Json = {
  gstin: string;
  fp: string;
  b2b?: B2bParty[];
  b2ba?: B2bParty[];
  b2cl?: B2clPlace[];
  b2cla?: B2clPlace[];
  b2cs?: B2csRow[];
  b2csa?: B2csAmendment[];
  cdnr?: CdnrParty[];
  cdnra?: CdnrParty[];
  cdnur?: UnregisteredNote[];
  cdnura?: UnregisteredNote[];
  exp?: ExportGroup[];
  expa?: ExportGroup[];
  at?: AdvanceRow[];
  ata?: AdvanceRow[];
  txpd?: AdvanceRow[];
  txpda?: AdvanceRow[];
  nil?: { inv: NilRow[] };
  hsn?: { hsn_b2b?: HsnLine[]; hsn_b2c?: HsnLine[] };
  doc_issue?: { doc_det: DocumentIssueGroup[] };
  supeco?: { clttx?: EcoSupply[] };
};

/** The sections of the save format this package builds, in the order of Form GSTR-1. */
export const GSTR1_SECTIONS = [
  'b2b',
  'b2ba',
  'b2cl',
  'b2cla',
  'exp',
  'expa',
  'b2cs',
  'b2csa',
  'nil',
  'at',
  'ata',
  'txpd',
  'txpda',
  'cdnr',
  'cdnra',
  'cdnur',
  'cdnura',
  'hsn_b2b',
  'hsn_b2c',
  'doc_issue',
  'supeco',
] as const;
export type Gstr1ReportSection = (typeof GSTR1_SECTIONS)[number];
