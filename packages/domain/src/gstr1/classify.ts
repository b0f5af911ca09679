// Where a sales document goes in GSTR-1. Each rule is a small function with its legal basis; dated rules read the
// dated tables of ../documents/thresholds.ts.
import { isoDateNumber } from '../dates/calendar';
import { B2CL_COMPILED, thresholdOnNumber } from '../documents/thresholds';
import type { Gstr1Document } from './types';

export type DocumentSection = 'b2b' | 'b2cl' | 'b2cs' | 'exp' | 'cdnr' | 'cdnur' | 'nil';

/** A counterparty is registered when it has a GSTIN (or UIN); '' and 'URP' (unregistered person) are not. */
export const isRegistered = (gstin: string | null | undefined): boolean => !!gstin && gstin !== 'URP';

const isExportType = (supplyType: string | null | undefined): boolean => supplyType === 'EXPWP' || supplyType === 'EXPWOP';
const isSezType = (supplyType: string | null | undefined): boolean => supplyType === 'SEZWP' || supplyType === 'SEZWOP';

/**
 * Inter-State or intra-State (IGST Act s.7, s.8): supplier location and place of supply in different States, or a
 * supply to or by an SEZ (s.7(5)(b)), or an export (s.7(5)(a)), is inter-State.
 */
export function isInterState(supplierState: string, placeOfSupply: string, supplyType: string | null | undefined): boolean {
  return isExportType(supplyType) || isSezType(supplyType) || supplierState !== placeOfSupply;
}

/**
 * B2C large, GSTR-1 table 5 (b2cl): inter-State supply to an unregistered person with invoice value above ₹2,50,000,
 * lowered to ₹1,00,000 for invoices dated from 01-08-2024 (Notification 12/2024-Central Tax of 10-07-2024, amending
 * Form GSTR-1). "Above" is strict: an invoice of exactly the threshold is B2C small. The date is the invoice's.
 */
export function isB2cLarge(invoiceValue: number, invoiceDate: string, interState: boolean): boolean {
  if (!interState) return false;
  const threshold = thresholdOnNumber(B2CL_COMPILED, isoDateNumber(invoiceDate));
  return threshold >= 0 && invoiceValue > threshold;
}

/**
 * GSTR-1 b2b `inv_typ` (table 4 and 6B/6C): SEZ with payment SEWP, without payment (LUT/bond, IGST Act s.16(3)(a)) SEWOP,
 * deemed exports (CGST Act s.147, Notification 48/2017-CT) DE, otherwise R.
 */
export function invoiceTypeOf(supplyType: string | null | undefined): 'R' | 'DE' | 'SEWP' | 'SEWOP' {
  if (supplyType === 'SEZWP') return 'SEWP';
  if (supplyType === 'SEZWOP') return 'SEWOP';
  if (supplyType === 'DEXP') return 'DE';
  return 'R';
}

/** GSTR-1 exp `exp_typ` (table 6A): export with payment of IGST (WPAY) or under LUT/bond without payment (WOPAY, Rule 96A). */
export const exportTypeOf = (supplyType: string | null | undefined): 'WPAY' | 'WOPAY' | null =>
  supplyType === 'EXPWP' ? 'WPAY' : supplyType === 'EXPWOP' ? 'WOPAY' : null;

/** GSTR-1 b2cs `typ` (table 7): E for supplies through an e-commerce operator who collects TCS (s.52), OE otherwise. */
export const b2csTypeOf = (ecommerceGstin: string | null | undefined): 'E' | 'OE' => (ecommerceGstin ? 'E' : 'OE');

/** GSTR-1 nil `sply_ty` (table 8): inter/intra-State, to registered/unregistered persons. */
export const nilSupplyTypeOf = (registered: boolean, interState: boolean): 'INTRB2B' | 'INTRAB2B' | 'INTRB2C' | 'INTRAB2C' =>
  interState ? (registered ? 'INTRB2B' : 'INTRB2C') : registered ? 'INTRAB2B' : 'INTRAB2C';

/**
 * Table 12 (HSN) tab of a document, GSTN advisory on Phase-III of HSN reporting (Table 12 split into B2B and B2C tabs
 * from return period February 2025; drop-down and value checks from May 2025): supplies to registered persons (tables
 * 4A, 4B, 6B, 6C, 8 and 9 to registered recipients: b2b, cdnr, nil to registered) go to the B2B tab; all others
 * (tables 5, 6A, 7, 8 and 9 to unregistered recipients: b2cl, exp, b2cs, cdnur, nil to unregistered) to the B2C tab.
 */
export function hsnTabOf(section: DocumentSection, registered: boolean): 'b2b' | 'b2c' {
  if (section === 'b2b' || section === 'cdnr') return 'b2b';
  return section === 'nil' && registered ? 'b2b' : 'b2c';
}

/** Place of supply of a document: as stated, else the recipient's State, else (over the counter) the supplier's. */
export function placeOfSupplyOf(d: Gstr1Document, supplierState: string): string {
  if (d.placeOfSupply) return d.placeOfSupply;
  if (isExportType(d.supplyType)) return '96';
  if (d.counterpartyState) return d.counterpartyState;
  if (isRegistered(d.counterpartyGstin)) return d.counterpartyGstin.slice(0, 2);
  return supplierState;
}

const isNote = (documentType: string): boolean => documentType === 'CRN' || documentType === 'DBN';

/**
 * The GSTR-1 table of a sales document, or null for documents GSTR-1's document tables do not take (vouchers,
 * challans, purchase-side documents):
 * - exports (table 6A) → exp; notes on exports (table 9B) → cdnur EXPWP/EXPWOP;
 * - registered recipients, SEZ and deemed exports (tables 4, 6B, 6C) → b2b; their notes (table 9B) → cdnr;
 * - unregistered, B2C large (table 5) → b2cl; notes on B2C large invoices (table 9B) → cdnur B2CL, judged on the
 *   original invoice's value and date when given, else on the note's own;
 * - other unregistered supplies and their notes (table 7, net of notes) → b2cs;
 * - bills of supply (s.31(3)(c): exempt supplies) → nil (table 8).
 * A document read back from the portal keeps the table it was found in (`gstr1Section`).
 */
export function sectionOf(d: Gstr1Document, supplierState: string): DocumentSection | null {
  if (d.gstr1Section) return d.gstr1Section;
  const type = d.documentType;
  if (type === 'BIL') return 'nil';
  if (type !== 'INV' && !isNote(type)) return null;
  const note = type !== 'INV';
  if (isExportType(d.supplyType)) return note ? 'cdnur' : 'exp';
  if (isRegistered(d.counterpartyGstin)) return note ? 'cdnr' : 'b2b';
  const inter = isInterState(supplierState, placeOfSupplyOf(d, supplierState), d.supplyType);
  if (!note) return isB2cLarge(d.documentValue, d.documentDate, inter) ? 'b2cl' : 'b2cs';
  const value = d.originalDocumentValue ?? d.documentValue;
  const date = d.originalDocumentValue != null && d.originalDocumentDate ? d.originalDocumentDate : d.documentDate;
  return isB2cLarge(value, date, inter) ? 'cdnur' : 'b2cs';
}

/** cdnur `typ` of a note to an unregistered person. */
export const unregisteredNoteTypeOf = (supplyType: string | null | undefined): 'B2CL' | 'EXPWP' | 'EXPWOP' =>
  supplyType === 'EXPWP' ? 'EXPWP' : supplyType === 'EXPWOP' ? 'EXPWOP' : 'B2CL';
