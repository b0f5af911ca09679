// Types and settings of the reconciliation engine (purchase register versus GSTR-2A/2B).

export type DocumentType = 'INV' | 'CRN' | 'DBN' | 'BOE';

/** One document as the engine sees it: money in integer paise, dates ISO 'YYYY-MM-DD'. */
export type ReconcileDocument = {
  id: string;
  supplierGstin: string;
  supplierName?: string | undefined;
  documentType: DocumentType;
  documentNumber: string;
  documentDate: string;
  placeOfSupply?: string | undefined;
  isReverseCharge?: boolean | undefined;
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
  invoiceValue: number;
  /** Tax rates (percent) of the document's items, for the optional rate column. */
  rates?: readonly number[] | undefined;
  /** Portal side only: 'N' means the portal says ITC is not available. */
  itcAvailability?: 'Y' | 'N' | 'T' | null | undefined;
  /**
   * The buyer's registration: in the books, the GSTIN of the location that booked the document; on the portal,
   * the GSTIN whose GSTR-2A/2B holds it. ITC belongs to that registration (CGST Act s.16(2)(aa); each
   * registration is a distinct person, s.25(4)), so a pair across two of them is never Matched.
   */
  recipientGstin?: string | undefined;
  /**
   * MMYYYY. Books: the return period the purchase is booked in; portal: the GSTR-2A/2B period. Shown, never
   * matched on: a March bill the supplier reports in April is still the same document.
   */
  returnPeriod?: string | undefined;
};

/** A document of the purchase register (the books). */
export type PurchaseDocument = ReconcileDocument;

/**
 * Spec core §4 statuses, and 'Recipient GSTIN differs' (a pair whose documents sit with two registrations of the
 * buyer). 'Awaiting 2B' is a PR only document of a run against GSTR-2B that the supplier did report, in the buyer's
 * GSTR-2A or IMS (awaiting.ts). 'Excluded' and 'Discarded' are a user's decisions (manual.ts), kept across re-runs.
 */
export const RECONCILE_STATUSES = [
  'Matched',
  'Matched due to tolerance',
  'Mismatched',
  'Near matched',
  'Recipient GSTIN differs',
  'PR only',
  'Awaiting 2B',
  'GST only',
  'Excluded',
  'Discarded',
] as const;
export type ReconcileStatus = (typeof RECONCILE_STATUSES)[number];

export type MatchLevel = 'GSTIN' | 'PAN';

/** Which rule paired the documents (or 'unpaired'). */
export type MatchRule = 'exact-number' | 'normalised-number' | 'near-number' | 'manual' | 'unpaired' | 'excluded' | 'discarded';

export type MoneyField = 'invoiceValue' | 'taxable' | 'igst' | 'cgst' | 'sgst' | 'cess';
export const MONEY_FIELDS: readonly MoneyField[] = ['invoiceValue', 'taxable', 'igst', 'cgst', 'sgst', 'cess'];

export type ReconcileSettings = {
  /** Tolerance per money field, in rupees (absolute difference allowed). */
  tolerances: Record<MoneyField, number>;
  /** Days by which the two dates may differ and still count as equal-within-tolerance. */
  dateToleranceDays: number;
  /** How document numbers are normalised for the second pass. */
  numberNormalisation: {
    ignoreLeadingZeros: boolean;
    ignoreSeparators: boolean;
    ignoreCase: boolean;
    ignoreFinancialYear: boolean;
  };
  /** Pair documents of different financial years (Rule 46(b): numbers repeat each year). */
  matchAcrossFinancialYears: boolean;
  /** After the GSTIN-level passes, pair what is left across GSTINs of the same PAN. */
  panLevelMatching: boolean;
  /** Third pass: same numeric core, amounts within tolerance, dates within the window. */
  nearMatching: boolean;
  nearMatchDateWindowDays: number;
  /** Extra columns that must agree (else the pair is Mismatched). Money fields always count. */
  matchColumns: {
    documentDate: boolean;
    placeOfSupply: boolean;
    documentType: boolean;
    reverseCharge: boolean;
    rate: boolean;
  };
  /** How many rejected candidates an unpaired row's explanation lists. */
  maxExplainedCandidates: number;
};

/**
 * Defaults. Spec core §9: "Default deviation: 1" (₹1 per amount) and "Rows tolerance: 2 decimal
 * places" (amounts compared in paise). See README.md for the reason behind each default.
 */
export const DEFAULT_RECONCILE_SETTINGS: ReconcileSettings = Object.freeze({
  tolerances: Object.freeze({ invoiceValue: 1, taxable: 1, igst: 1, cgst: 1, sgst: 1, cess: 1 }),
  dateToleranceDays: 0,
  numberNormalisation: Object.freeze({
    ignoreLeadingZeros: true,
    ignoreSeparators: true,
    ignoreCase: true,
    ignoreFinancialYear: true,
  }),
  matchAcrossFinancialYears: false,
  panLevelMatching: true,
  nearMatching: true,
  nearMatchDateWindowDays: 30,
  matchColumns: Object.freeze({
    documentDate: true,
    placeOfSupply: false,
    documentType: true,
    reverseCharge: false,
    rate: false,
  }),
  maxExplainedCandidates: 5,
}) as ReconcileSettings;

export type ReconcileSettingsInput = {
  tolerances?: Partial<Record<MoneyField, number>>;
  dateToleranceDays?: number;
  numberNormalisation?: Partial<ReconcileSettings['numberNormalisation']>;
  matchAcrossFinancialYears?: boolean;
  panLevelMatching?: boolean;
  nearMatching?: boolean;
  nearMatchDateWindowDays?: number;
  matchColumns?: Partial<ReconcileSettings['matchColumns']>;
  maxExplainedCandidates?: number;
};

export type ComparedField = {
  field:
    | MoneyField
    | 'documentNumber'
    | 'documentDate'
    | 'placeOfSupply'
    | 'documentType'
    | 'reverseCharge'
    | 'rate'
    | 'supplierGstin'
    | 'recipientGstin'
    | 'returnPeriod';
  books: string | number | boolean | null;
  portal: string | number | boolean | null;
  /** Portal minus books: paise for money, days for dates, months for return periods, null where a difference has no size. */
  difference: number | null;
  differenceLabel: 'portal minus books';
  outcome: 'equal' | 'within tolerance' | 'different' | 'not compared';
  /** Whether this field decides the status (money always; others when their column is on). */
  isMatchColumn: boolean;
};

export type RejectedCandidate = {
  side: 'books' | 'portal';
  id: string;
  documentNumber: string;
  documentDate: string;
  score: number;
  reason: string;
};

/** Where the supplier reported a books document that no GSTR-2B read lists yet (an 'Awaiting 2B' row). */
export type ReportedElsewhere = {
  /** The buyer's GSTR-2A, or its IMS (Invoice Management System) records. */
  source: 'GSTR2A' | 'IMS';
  id: string;
  documentNumber: string;
  documentDate: string;
  /** MMYYYY: the 2A's period, or the supplier's period of the IMS record; null when not given. */
  returnPeriod: string | null;
};

export type RowExplanation = {
  rule: MatchRule;
  ruleText: string;
  /** What the status means for this row, in words (names both GSTINs when the recipients differ). */
  statusText: string;
  level: MatchLevel | null;
  fields: ComparedField[];
  /** For unpaired rows: the nearest documents on the other side and why each was not paired. */
  candidates: RejectedCandidate[];
  /** Awaiting 2B: where the supplier reported the document; null for every other status. */
  reported: ReportedElsewhere | null;
};
