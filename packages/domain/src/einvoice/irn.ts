// The Invoice Reference Number of an e-invoice (GST-RULES-DETAIL §3; NIC e-invoice API, IRN generation): the lowercase
// hexadecimal SHA-256 of the seller's GSTIN, the financial year of the document date ("2023-24"), the document type
// (INV, CRN, DBN) and the document number, written one after the other. It is unique per supplier, financial year,
// type and number: a number once registered (even if its IRN is cancelled) cannot be registered again (error 2150).
import { parsePortalDate, toIsoDate } from '../dates/calendar';
import { financialYearOf } from '../periods/financial-year';
import { sha256, toHex } from './sha256';

export type EinvoiceDocumentType = 'INV' | 'CRN' | 'DBN';

export type IrnInput = {
  sellerGstin: string;
  documentType: EinvoiceDocumentType;
  documentNumber: string;
  /** ISO YYYY-MM-DD; the NIC form DD/MM/YYYY is read too. */
  documentDate: string;
};

/** YYYY-MM-DD of an ISO or NIC (DD/MM/YYYY) date; RangeError for anything else. */
export const isoOfDocumentDate = (date: string): string => parsePortalDate(date) ?? toIsoDate(date.trim());

export const irnOf = ({ sellerGstin, documentType, documentNumber, documentDate }: IrnInput): string =>
  toHex(sha256(`${sellerGstin.trim()}${financialYearOf(isoOfDocumentDate(documentDate))}${documentType}${documentNumber.trim()}`));
