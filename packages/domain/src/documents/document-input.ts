// The shape validateDocument reads. All amounts are integer paise; dates ISO 'YYYY-MM-DD'; state codes two digits.
import type { ExportType } from '../codes/supply-types';

export type DocumentItem = {
  hsn?: string | null;
  uqc?: string | null;
  quantity?: number | null;
  /** Taxable (assessable) value, paise. */
  taxable: number;
  /** Total GST rate in percent (IGST, or CGST + SGST): 18, 0.25, 40. */
  ratePercent: number;
  igst?: number | null;
  cgst?: number | null;
  /** SGST or UTGST. */
  sgst?: number | null;
  cess?: number | null;
  /** When given, the cess amount is checked against taxable × cessPercent (+ cessPerUnit × quantity). */
  cessPercent?: number | null;
  /** Non-ad valorem cess, paise per unit. */
  cessPerUnit?: number | null;
  /** Defaults to "HSN starts with 99". */
  isService?: boolean | null;
};

export type DocumentInput = {
  /** INV, CRN, DBN, BIL, BOE, RV, RFV, PV, SLF, CHL, ISD, OTH. */
  documentType: string;
  documentNumber: string;
  documentDate: string;
  /** Empty, null or "URP" for an unregistered supplier: allowed on an inward document (isInward) and an import. */
  supplierGstin?: string | null;
  /** Defaults to the supplier GSTIN's first two characters. */
  supplierState?: string | null;
  /** Empty, null or "URP" for an unregistered person. */
  counterpartyGstin?: string | null;
  counterpartyState?: string | null;
  placeOfSupply?: string | null;
  isReverseCharge?: boolean | null;
  isSez?: boolean | null;
  /** SEZ supply with payment of IGST (WPAY) or without (WOPAY); default: WPAY when any IGST is charged. */
  sezType?: ExportType | null;
  /** Set for an export: with payment of IGST (WPAY) or under LUT/bond (WOPAY). */
  exportType?: ExportType | null;
  /** Recorded by the recipient (a purchase): the supplier may be unregistered. */
  isInward?: boolean | null;
  /** Import of goods or services (bill of entry, or self invoice for imported services). */
  isImport?: boolean | null;
  /** IGST on an intra-State supply (IGST Act s.7(5)(c), e.g. supplies to tourists, custom bonded warehouses). */
  igstOnIntra?: boolean | null;
  originalDocumentNumber?: string | null;
  originalDocumentDate?: string | null;
  portCode?: string | null;
  shippingBillNumber?: string | null;
  currency?: string | null;
  /** Invoice value including taxes, paise. */
  totalValue?: number | null;
  otherCharges?: number | null;
  roundOff?: number | null;
  irn?: string | null;
  ewayBillNumber?: string | null;
  items: readonly DocumentItem[];
};

export type ValidationContext = {
  /** Today's date (ISO). Without it the "not in the future" and e-invoice window checks are skipped. */
  today?: string;
  /** Return period 'MMYYYY' the document is reported in. */
  returnPeriod?: string;
  /** Supplier's aggregate annual turnover, paise (previous FY for HSN digits; highest FY since 2017-18 for e-invoice). */
  supplierTurnover?: number;
  /** Tolerance for tax and total checks, paise. Default 100 (₹1, spec core §9 "default deviation 1"). */
  tolerancePaise?: number;
  /** Accept GSTINs with a wrong check character (GSTN/NIC sandboxes). */
  sandbox?: boolean;
  /** Entities exempt from e-invoicing (banks, insurers, GTA, passenger transport, cinema, SEZ units, government). */
  einvoiceExempt?: boolean;
  /** Warn when an e-invoice is required but the document has no IRN. */
  checkIrn?: boolean;
  /** Warn when an e-way bill is required but the document has no e-way bill number. */
  checkEwayBill?: boolean;
};
