// What buildEwaybill reads besides the document (the parties' addresses, dispatch-from and ship-to, Part B), what it
// writes (the NIC e-way bill API v1.03 GENEWAYBILL request, field names as NIC spells them) and the problems it
// predicts. Amounts in paise and dates ISO YYYY-MM-DD on the way in; rupees with 2 decimals and DD/MM/YYYY in the JSON.
import type { EWB_DOCUMENT_TYPES } from '../codes/ewaybill-codes';

/** docType (NIC code list): tax invoice, bill of supply, bill of entry, delivery challan, others. */
export type EwbDocType = keyof typeof EWB_DOCUMENT_TYPES;
/** subSupplyType (NIC code list): 1 Supply … 12 Exhibition or Fairs; sent as a string. */
export type EwbSubSupplyType = '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '10' | '11' | '12';
/** transMode: 1 Road, 2 Rail, 3 Air, 4 Ship. */
export type EwbTransMode = '1' | '2' | '3' | '4';
/** transactionType: 1 Regular, 2 Bill To–Ship To, 3 Bill From–Dispatch From, 4 both. */
export type EwbTransactionType = 1 | 2 | 3 | 4;

/** A party or a place of the movement. GSTIN and state default from the document. */
export type EwaybillAddress = {
  /** "URP" (or blank) for an unregistered person. */
  gstin?: string | null;
  tradeName?: string | null;
  address1?: string | null;
  address2?: string | null;
  /** City, town or village. */
  place?: string | null;
  /** Six digits. */
  pincode?: number | string | null;
  /** Two-digit GST state code. */
  stateCode?: string | null;
};

/** What an item of the document does not carry but the e-way bill may. */
export type EwaybillItemDetails = { productName?: string | null; productDesc?: string | null };

export type EwaybillTransport = {
  /** When the e-way bill is to be generated: the 180-day document age and "not a future date" are judged at it. */
  at: Date;
  /** The consignor (bill from): fromGstin, fromTrdName, fromStateCode; its address unless `dispatchFrom` is given. */
  from: EwaybillAddress;
  /** The consignee (bill to): toGstin, toTrdName, toStateCode; its address unless `shipTo` is given. */
  to: EwaybillAddress;
  /** The place the goods leave from when not the consignor's address (transactionType 3 or 4). */
  dispatchFrom?: EwaybillAddress | null;
  /** The place the goods go to when not the consignee's address (transactionType 2 or 4); an export's port. */
  shipTo?: EwaybillAddress | null;
  /** Default: I for an inward document or an import, O otherwise. */
  supplyType?: 'O' | 'I' | null;
  /** Default: export 3, import 2, supply 1; a delivery challan has to say why the goods move. */
  subSupplyType?: EwbSubSupplyType | null;
  /** Required with subSupplyType 8 (Others). */
  subSupplyDesc?: string | null;
  /** Default: from the document's type (INV, BIL, BOE, CHL, OTH). */
  docType?: EwbDocType | null;
  /** Whole km; 0 asks the portal to compute the PIN-to-PIN distance. */
  distanceKm: number;
  /** The portal's PIN-to-PIN distance when known (the entered distance may exceed it by 10% at most). */
  pinToPinKm?: number | null;
  /** Part B: the mode. Without a mode (and vehicle or transport document) only Part A is sent. */
  mode?: EwbTransMode | null;
  vehicleNumber?: string | null;
  /** R regular (default with a vehicle), O over-dimensional cargo. */
  vehicleType?: 'R' | 'O' | null;
  /** The transporter's GSTIN or TRANSIN (15 characters). */
  transporterId?: string | null;
  transporterName?: string | null;
  /** Railway receipt, airway bill or bill of lading number (Rail, Air, Ship); LR number by road. */
  transportDocumentNumber?: string | null;
  /** ISO YYYY-MM-DD. */
  transportDocumentDate?: string | null;
  /**
   * The first leg, from the consignor's place of business to the transporter's for onward transport. Rule 138(3)
   * proviso: when it is at most 50 km within the State, Part B may be left empty. `stateCode` is the transporter's
   * place's State (default: the dispatch State).
   */
  toTransporter?: { distanceKm: number; stateCode?: string | null } | null;
  /** By position: items[i] completes document.items[i]. */
  items?: readonly (EwaybillItemDetails | null | undefined)[];
  /** Tolerance of totInvValue against the sum of its parts, paise. Default 0: the JSON is built to add up exactly. */
  tolerancePaise?: number;
  /** Accept GSTINs with a wrong check character (the NIC sandbox's test GSTINs). */
  sandbox?: boolean;
};

export type EwaybillItemJson = {
  productName?: string;
  productDesc?: string;
  hsnCode: number;
  quantity?: number;
  qtyUnit?: string;
  cgstRate: number;
  sgstRate: number;
  igstRate: number;
  cessRate: number;
  /** Non-ad valorem cess, rupees per unit. */
  cessNonadvol: number;
  taxableAmount: number;
};

/** The data of action GENEWAYBILL (NIC e-way bill API v1.03). */
export type EwaybillJson = {
  supplyType: 'O' | 'I';
  subSupplyType: EwbSubSupplyType;
  subSupplyDesc?: string;
  docType: EwbDocType;
  docNo: string;
  docDate: string;
  fromGstin: string;
  fromTrdName?: string;
  fromAddr1?: string;
  fromAddr2?: string;
  fromPlace?: string;
  fromPincode: number;
  fromStateCode: number;
  actFromStateCode: number;
  toGstin: string;
  toTrdName?: string;
  toAddr1?: string;
  toAddr2?: string;
  toPlace?: string;
  toPincode: number;
  toStateCode: number;
  actToStateCode: number;
  transactionType: EwbTransactionType;
  otherValue: number;
  totalValue: number;
  cgstValue: number;
  sgstValue: number;
  igstValue: number;
  cessValue: number;
  cessNonAdvolValue: number;
  totInvValue: number;
  transporterId?: string;
  transporterName?: string;
  transDocNo?: string;
  transMode?: EwbTransMode;
  transDistance: string;
  transDocDate?: string;
  vehicleNo?: string;
  vehicleType?: 'R' | 'O';
  itemList: EwaybillItemJson[];
};

export type EwaybillProblemCode =
  /** Credit and debit notes, vouchers and ISD documents move no goods (the docType list has no code for them). */
  | 'NOT_AN_EWAYBILL_DOCUMENT'
  /** A document of services only: an e-way bill is for the movement of goods (Rule 138(1)). */
  | 'NO_GOODS'
  /** From 1 January 2025: a document dated more than 180 days before generation. */
  | 'DOCUMENT_TOO_OLD'
  | 'DOCUMENT_DATE_IN_FUTURE'
  /** checkEwaybillDistance: over 10% above PIN-to-PIN, over 100 km between equal PINs, over 4,000 km. */
  | 'DISTANCE'
  /** Part B (vehicle or transport document) missing and neither a transporter nor the 50 km proviso covers it. */
  | 'PART_B_REQUIRED'
  | 'VEHICLE_REQUIRED'
  | 'VEHICLE_NUMBER_FORMAT'
  /** Rail, air and ship need the transport document's number and date. */
  | 'TRANSPORT_DOCUMENT_REQUIRED'
  | 'TOTAL_VALUE_MISMATCH'
  | 'NEGATIVE_AMOUNT'
  | 'FIELD_FORMAT';

export type EwaybillProblem = {
  code: EwaybillProblemCode;
  /** The JSON field, e.g. "itemList[1].hsnCode". */
  field: string;
  message: string;
};

export type EwaybillBuildResult = { json: EwaybillJson; problems: EwaybillProblem[] };

/** The e-way bill's state code for a place outside India (export: toStateCode; import: fromStateCode). */
export const EWB_OTHER_COUNTRY_STATE = 99;
/** The consignor's Part B exemption distance within the State (Rule 138(3) proviso). */
export const EWB_PART_B_EXEMPT_KM = 50;
