// GSTR-3B input and output shapes (buildGstr3b). Money in integer paise, periods 'MMYYYY', dates ISO 'YYYY-MM-DD'.
// Table numbers are Form GSTR-3B's as amended by Notification 14/2022-CT (tables 3.1.1 and the new table 4, from the
// September 2022 period); README.md beside this file says where each figure comes from and which readings were chosen.
import type { Gstr1Document, Gstr1SummaryRow } from '../gstr1/types';
import type { Frequency } from '../periods/financial-year';
import type { InwardListing, InwardSection } from '../reconcile/readers/common';
import type { ImsAction } from '../reconcile/readers/ims';
import type { Heads, SetOff, TaxHead } from './set-off';

/** A value and the four heads, paise. */
export type Amounts = { taxable: number; igst: number; cgst: number; sgst: number; cess: number };

// ---- Input ----

/**
 * A sales document of the period's GSTR-1 (or IFF) or GSTR-1A: the shape buildGstr1 takes, with the id of its row.
 * Outward figures come from these rather than from the GSTR-1 portal JSON: every figure must name the documents behind
 * it, and the portal JSON has no ids (a filed return read back with parseGstr1 gives these documents, which the caller
 * ties to its rows).
 */
export type Gstr3bOutwardDocument = Gstr1Document & {
  id: number;
  /** The return reporting it; GSTR-1A exists from the July 2024 period. Absent: GSTR-1 (or IFF). */
  form?: 'GSTR1' | 'IFF' | 'GSTR1A' | null;
  /** 'MMYYYY' of that return; absent: a period this GSTR-3B covers (the caller selected it). */
  returnPeriod?: string | null;
  /**
   * Supplies under s.9(5) CGST Act (restaurant, passenger transport, accommodation, housekeeping through an e-commerce
   * operator): 'supplier' when the filer supplied through an operator who pays the tax (GSTR-1 table 14(b), GSTR-3B
   * 3.1.1(ii)); 'operator' when the filer is that operator, paying the tax on another person's supply (table 15, 3.1.1(i)).
   */
  section95?: 'supplier' | 'operator' | null;
  /** The recipient is a composition taxpayer (s.10): an inter-State supply to it is shown in 3.2. */
  isCompositionRecipient?: boolean | null;
};

/** A document_summaries row of the period (B2CS, advances, nil/exempt/non-GST, documents issued) with its id. */
export type Gstr3bSummaryRow = Gstr1SummaryRow & {
  id: number;
  returnPeriod?: string | null;
  /** An amendment of an earlier period's row (originalPeriod set): the figures first reported, so 3.1 takes the change. */
  original?: Amounts | null;
};

/** What a purchase is, for GSTR-3B. Absent: 'importOfGoods' for a bill of entry, else 'taxable'. */
export type PurchaseNature = 'taxable' | 'importOfGoods' | 'importOfServices' | 'isd' | 'nil' | 'exempt' | 'composition' | 'nonGst';

/** A purchase register document (the books) with its id; amounts stay positive, a credit note counts negative. */
export type Gstr3bPurchase = Amounts & {
  id: number;
  /** INV, CRN, DBN, BOE (bill of entry), BIL (bill of supply), SLF (self invoice under reverse charge). */
  documentType: string;
  documentNumber?: string;
  /** 'MMYYYY' the purchase is booked in; absent: a period this GSTR-3B covers. */
  returnPeriod?: string | null;
  /** '' for an unregistered supplier or one abroad. */
  supplierGstin: string;
  supplierState?: string | null;
  placeOfSupply?: string | null;
  isReverseCharge?: boolean | null;
  nature?: PurchaseNature | null;
};

/** A GSTR-2B record as the product stores it (portal_documents, read by parseGstr2b) with its id. */
export type Gstr3bPortalRecord = Amounts & {
  id: number;
  /** The GSTR-2B's period 'MMYYYY'. */
  returnPeriod: string;
  section: InwardSection;
  /** Absent: 'available'. */
  listing?: InwardListing | null;
  documentType: 'INV' | 'CRN' | 'DBN' | 'BOE';
  documentNumber?: string;
  supplierGstin?: string;
  isReverseCharge?: boolean | null;
  /** 'N': ITC not available (s.16(4) or place of supply), shown in 4D(2) only. */
  itcAvailability?: 'Y' | 'N' | 'T' | null;
  /** 2B "rsn": P place of supply, C filed after the s.16(4) cut-off. */
  itcUnavailableReason?: string | null;
  imsAction?: ImsAction | null;
  /** Amendment sections (b2ba, cdnra, isda, impga, impgasez, ecoma): the figures first reported, so 4 takes the change. */
  original?: Amounts | null;
};

/** Why ITC is reversed: reclaimable ones go to 4B(2), the others to 4B(1) (Circular 170/02/2022-GST). */
export type ReversalReason = 'rule37' | 'rule37A' | 'temporary' | 'section17(5)' | 'rule38' | 'rule42' | 'rule43';
export const PERMANENT_REVERSALS: readonly ReversalReason[] = ['section17(5)', 'rule38', 'rule42', 'rule43'];

/** Why ITC is not available at all: shown in 4D(2) only, never in 4A or 4B. */
export type IneligibleReason = 'section16(4)' | 'placeOfSupply';

/** The ids a decision is about: the books document, the GSTR-2B record, or both when the reconciliation paired them. */
type DecisionTarget = { documentId?: number | null; portalId?: number | null };

/**
 * What the reconciliation decided about one document's ITC. `amount` (per head, paise, never above the document's tax)
 * is the part deferred, reversed or reclaimed when it is not the whole (rules 42 and 43 reverse part of common credit);
 * a reversal or reclaim of credit of an earlier period whose document is not given needs it.
 */
export type ItcDecision = DecisionTarget &
  (
    | { action: 'claim' }
    | { action: 'defer'; amount?: Heads | null }
    | { action: 'reverse'; reason: ReversalReason; amount?: Heads | null }
    | { action: 'reclaim'; amount?: Heads | null }
    | { action: 'ineligible'; reason: IneligibleReason }
  );

export type Gstr3bInput = {
  gstin: string;
  /** 'MMYYYY'; for a quarterly (QRMP) return the quarter's last month. */
  period: string;
  frequency: Frequency;
  /** The GSTR-1 (monthly), or the quarter's IFF and GSTR-1 (QRMP), and GSTR-1A documents and summary rows. */
  outward: { documents: readonly Gstr3bOutwardDocument[]; summaries?: readonly Gstr3bSummaryRow[] };
  inward?: {
    purchases?: readonly Gstr3bPurchase[];
    gstr2b?: readonly Gstr3bPortalRecord[];
    /** One for each reconciled row; a decision naming both ids pairs the books document with the GSTR-2B record. */
    decisions?: readonly ItcDecision[];
  };
  /** 5.1: interest the caller computed (lateReturnInterest, wrongCreditInterest) and the late fee (lateFee). */
  interest?: Heads | null;
  lateFee?: { cgst: number; sgst: number } | null;
  /** 6.1: the electronic credit ledger before this return, and the cash ledger when known. */
  ledger?: {
    credit: Heads;
    cash?: Heads | null;
    /** Closing balances of the RCM liability/ITC statement and the credit reversal and re-claimed statement (checks). */
    rcmBalance?: Heads | null;
    reclaimableBalance?: Heads | null;
  } | null;
};

// ---- Output ----

/** The rows behind a figure: outward and purchase documents, GSTR-2B records, GSTR-1 summary rows (ascending ids). */
export type Gstr3bSources = { documentIds: number[]; portalIds: number[]; summaryIds: number[] };

/**
 * One figure of the return, paise. `taxable` on value rows only. `notPopulated`: the part of a net below zero that the
 * row does not show (the system-generated GSTR-3B populates a net negative as zero).
 */
export type Gstr3bFigure = {
  taxable?: number;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
  sources: Gstr3bSources;
  notPopulated?: Amounts;
};

export type Gstr3bPlaceFigure = Gstr3bFigure & { placeOfSupply: string };

export type ExclusionCode =
  | 'OUTSIDE_PERIOD'
  | 'NOT_IN_GSTR1'
  | 'GSTR1A_BEFORE_JULY_2024'
  | 'REVERSE_CHARGE_SUPPLY'
  | 'AMENDMENT_WITHOUT_ORIGINAL'
  | 'DOCUMENTS_ISSUED'
  | 'REJECTED_IN_IMS'
  | 'PENDING_IN_IMS'
  | 'NOT_IN_GSTR2B'
  | 'NO_ITC'
  | 'DEFERRED'
  | 'COUNTED_WITH_BOOKS';

/** A row that is in no figure, and why. */
export type Gstr3bExclusion = {
  documentId?: number;
  portalId?: number;
  summaryId?: number;
  code: ExclusionCode;
  reason: string;
};

export type Gstr3bIssueCode =
  | 'UNKNOWN_ID'
  | 'DUPLICATE_DECISION'
  | 'CLAIM_NOT_IN_GSTR2B'
  | 'CLAIM_REJECTED'
  | 'CLAIM_NOT_AVAILABLE'
  | 'CREDIT_NOTE_ACTION'
  | 'LISTED_FOR_REVERSAL'
  | 'AMOUNT_ABOVE_DOCUMENT'
  | 'RCM_NOT_IN_BOOKS'
  | 'RCM_ITC_ABOVE_LIABILITY'
  | 'RECLAIM_ABOVE_BALANCE';

/** Something the user should look at: a decision that could not be applied as given, or a check the portal makes. */
export type Gstr3bIssue = { code: Gstr3bIssueCode; message: string; documentId?: number; portalId?: number };

/** 6.1 Payment of tax. */
export type Gstr3bPayment = {
  /** Tax that credit may pay: 3.1(a) and 3.1(b), plus net ITC below zero (4C) of a head. */
  otherThanReverseCharge: Heads;
  /** 3.1(d) and 3.1.1(i): paid in cash only (s.49(4), s.9(3)-(5)). */
  reverseCharge: Heads;
  interest: Heads;
  lateFee: Heads;
  /** The credit ledger the set-off draws on: the balance given plus 4C where positive. */
  creditAvailable: Heads;
  setOff: SetOff;
  /** Tax paid through ITC, per liability head and the credit head that paid it (6.1's ITC columns). */
  paidThroughItc: Record<TaxHead, Heads>;
  /** Cash per 6.1 column and in all. */
  cash: { tax: Heads; reverseCharge: Heads; interest: Heads; lateFee: Heads; total: Heads };
  /** Cash to deposit (PMT-06) beyond the cash ledger's balance; null when no balance was given. */
  cashToDeposit: Heads | null;
};

export type Gstr3bResult = {
  gstin: string;
  period: string;
  frequency: Frequency;
  /** The months whose GSTR-1/IFF/1A, purchases and GSTR-2B this return takes. */
  periods: string[];
  /** 3.1 (a) outward taxable, (b) zero rated, (c) nil rated and exempt, (d) inward under reverse charge, (e) non-GST. */
  table31: {
    outwardTaxable: Gstr3bFigure;
    zeroRated: Gstr3bFigure;
    nilExempt: Gstr3bFigure;
    inwardReverseCharge: Gstr3bFigure;
    nonGst: Gstr3bFigure;
  };
  /** 3.1.1 (i) supplies on which the filer as e-commerce operator pays tax u/s 9(5); (ii) made through one, value only. */
  table311: { operatorPays: Gstr3bFigure; throughOperator: Gstr3bFigure };
  /** 3.2: of 3.1(a) and 3.1.1(i), inter-State supplies per place of supply (value and IGST). */
  table32: { unregistered: Gstr3bPlaceFigure[]; composition: Gstr3bPlaceFigure[]; uin: Gstr3bPlaceFigure[] };
  table4: {
    /** 4A (1) import of goods, (2) import of services, (3) other reverse charge, (4) ISD, (5) all other ITC. */
    available: {
      importOfGoods: Gstr3bFigure;
      importOfServices: Gstr3bFigure;
      reverseCharge: Gstr3bFigure;
      isd: Gstr3bFigure;
      allOther: Gstr3bFigure;
    };
    /** 4B (1) rules 38, 42, 43 and s.17(5); (2) others. */
    reversed: { rules: Gstr3bFigure; others: Gstr3bFigure };
    /** 4C = 4A − 4B, head by head (may be below zero). */
    net: Gstr3bFigure;
    /** 4D(1) reclaimed from 4B(2) of earlier periods; 4D(2) ineligible under s.16(4) or place of supply. */
    reclaimed: Gstr3bFigure;
    ineligible: Gstr3bFigure;
  };
  /** 5: inward nil rated, exempt and from composition suppliers; non-GST (values, in `taxable`). */
  table5: { nilExemptComposition: { inter: Gstr3bFigure; intra: Gstr3bFigure }; nonGst: { inter: Gstr3bFigure; intra: Gstr3bFigure } };
  /** 5.1 */
  table51: { interest: Heads; lateFee: Heads };
  table61: Gstr3bPayment;
  /** Whether the portal keeps these auto-populated figures from being edited for this period (locks.ts). */
  locks: { outward: boolean; interState: boolean };
  excluded: Gstr3bExclusion[];
  issues: Gstr3bIssue[];
};
