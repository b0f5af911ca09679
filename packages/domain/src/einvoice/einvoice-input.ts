// What buildEinvoice reads besides the document (the parties, dispatch and ship-to addresses, export and e-way bill
// details, item particulars the document does not carry) and what it answers (the JSON and the problems). Amounts in
// paise, dates ISO YYYY-MM-DD: buildEinvoice converts them to the schema's rupees and DD/MM/YYYY.
import type { EinvoiceSupplyType } from '../codes/supply-types';
import type { EinvoiceJson } from './einvoice-json';

/** A party of the invoice: the seller (SellerDtls) or the buyer (BuyerDtls). */
export type EinvoiceParty = {
  /** Seller: defaults to the document's supplier GSTIN. Buyer: defaults to its counterparty GSTIN; "URP" for exports. */
  gstin?: string | null;
  legalName: string;
  tradeName?: string | null;
  /** Building or flat number, road or street. */
  address1: string;
  /** Floor, name of the premises or building. */
  address2?: string | null;
  /** City, town or village. */
  location: string;
  /** Six digits. Ignored for an export buyer (NIC: 999999). */
  pin?: number | string | null;
  /** Two-digit state code; defaults to the GSTIN's first two characters. Ignored for an export buyer (96). */
  stateCode?: string | null;
  phone?: string | null;
  email?: string | null;
};

/** Where the goods are dispatched from (DispDtls), when not the seller's address. */
export type EinvoiceDispatchFrom = {
  name: string;
  address1: string;
  address2?: string | null;
  location: string;
  pin: number | string;
  stateCode: string;
};

/** Where the goods are shipped to (ShipDtls), when not the buyer's address. */
export type EinvoiceShipTo = {
  gstin?: string | null;
  legalName: string;
  tradeName?: string | null;
  address1: string;
  address2?: string | null;
  location: string;
  pin: number | string;
  stateCode: string;
};

/** ExpDtls. Port, shipping bill number and currency default to the document's. */
export type EinvoiceExportDetails = {
  shippingBillNumber?: string | null;
  /** ISO YYYY-MM-DD. */
  shippingBillDate?: string | null;
  portCode?: string | null;
  /** Refund claimed (EXPWP/SEZWP: refund of the IGST paid, Rule 96). */
  isRefundClaimed?: boolean | null;
  /** ISO 4217 on the NIC list, e.g. USD. */
  currency?: string | null;
  /** ISO 3166 alpha-2, e.g. US. */
  countryCode?: string | null;
  /** Export duty, paise. */
  exportDuty?: number | null;
  /** Invoice value in the foreign currency, in its hundredths (ValDtls.TotInvValFc). */
  totalInForeignCurrency?: number | null;
};

/** EwbDtls: Part B of an e-way bill asked for with the IRN. */
export type EinvoiceEwaybillDetails = {
  /** 0 to 4000; 0 lets NIC compute the PIN-to-PIN distance. */
  distanceKm: number;
  transporterId?: string | null;
  transporterName?: string | null;
  /** 1 road, 2 rail, 3 air, 4 ship. */
  transportMode?: '1' | '2' | '3' | '4' | null;
  transportDocumentNumber?: string | null;
  /** ISO YYYY-MM-DD. */
  transportDocumentDate?: string | null;
  vehicleNumber?: string | null;
  /** R regular, O over-dimensional cargo. */
  vehicleType?: 'R' | 'O' | null;
};

/** What an item of the document does not carry but the e-invoice may. Amounts in paise. */
export type EinvoiceItemDetails = {
  description?: string | null;
  barcode?: string | null;
  /** Paise per unit; tenths of a paisa allowed (UnitPrice has 3 decimals). Default: gross amount ÷ quantity. */
  unitPrice?: number | null;
  /** Gross amount, unit price × quantity (TotAmt). Default: taxable value + discount. */
  grossAmount?: number | null;
  /** Discount before tax (Discount). Default 0. */
  discount?: number | null;
  freeQuantity?: number | null;
  /** Other charges on the item, after tax (OthChrg). */
  otherCharges?: number | null;
  stateCessPercent?: number | null;
  stateCess?: number | null;
  stateCessNonAdvalorem?: number | null;
  /** ISO 3166 alpha-2. */
  originCountry?: string | null;
};

export type EinvoiceOptions = {
  buyer: EinvoiceParty;
  /** Default: from the document (exportType → EXPWP/EXPWOP, isSez → SEZWP/SEZWOP, else B2B). DEXP only by this. */
  supplyType?: EinvoiceSupplyType | null;
  dispatchFrom?: EinvoiceDispatchFrom | null;
  shipTo?: EinvoiceShipTo | null;
  export?: EinvoiceExportDetails | null;
  ewaybill?: EinvoiceEwaybillDetails | null;
  /** By position: items[i] completes document.items[i]. */
  items?: readonly (EinvoiceItemDetails | null | undefined)[];
  /** Invoice-level discount after tax (ValDtls.Discount), paise. */
  discount?: number | null;
  /** Total assessable value as the document states it, paise; checked against the items (IRP error 2182). */
  assessableTotal?: number | null;
  ecommerceGstin?: string | null;
  remarks?: string | null;
  /** Tolerance of the invoice value check (2189), paise. Default 100: the IRP accepts ±₹1. */
  tolerancePaise?: number;
  /** Accept GSTINs with a wrong check character (the NIC sandbox's test GSTINs). */
  sandbox?: boolean;
};

export type EinvoiceProblemCode =
  | 'IGST_ON_INTRA_STATE'
  | 'CGST_SGST_ON_INTER_STATE'
  | 'TAX_ON_SUPPLY_WITHOUT_PAYMENT'
  | 'ASSESSABLE_TOTAL_MISMATCH'
  | 'INVOICE_VALUE_MISMATCH'
  | 'ITEM_ASSESSABLE_MISMATCH'
  | 'NOT_AN_EINVOICE_DOCUMENT'
  | 'NEGATIVE_AMOUNT'
  | 'FIELD_FORMAT';

/** IRP error codes predicted before sending (NIC e-invoice API, list of error codes). */
export type IrpErrorCode = '2172' | '2182' | '2189' | '2193';

export type EinvoiceProblem = {
  code: EinvoiceProblemCode;
  /** The error the IRP answers with, where it has its own code; null for a schema (format) rejection. */
  irpErrorCode: IrpErrorCode | null;
  /** JSON path of the field, e.g. "ItemList[2].AssAmt". */
  field: string;
  message: string;
};

export type EinvoiceBuildResult = { json: EinvoiceJson; problems: EinvoiceProblem[] };

/** NIC rules for an export: the buyer is "URP", place of supply and state 96 (other country), PIN 999999 (NIC FAQ, as quoted in docs.cleartax.in/e-invoicing-v2/faqs/faqs). */
export const EXPORT_BUYER = { gstin: 'URP', stateCode: '96', pin: 999999 } as const;
/** NIC accepts 1000 items per document by default (more only on a taxpayer's request to NIC). */
export const EINVOICE_MAX_ITEMS = 1000;
/** 2189: the IRP accepts the invoice value within ±₹1 of the sum of its parts. */
export const EINVOICE_VALUE_TOLERANCE_PAISE = 100;
