// Where a document goes and what it needs: GSTR-1 section, B2C large, e-invoice, e-way bill.
import { toIsoDate } from '../dates/calendar';
import { twoDigits } from '../identity/gstin';
import { supplyNatureReason, type SupplyNature } from '../tax/supply-nature';
import type { DocumentInput, ValidationContext } from './document-input';
import { B2CL_THRESHOLDS, thresholdOn } from './thresholds';
import { isEwaybillRequired } from '../ewaybill/ewaybill-thresholds';
import { isEinvoiceRequired } from './validate-document';

export type Gstr1Section = 'b2b' | 'b2cl' | 'b2cs' | 'exp' | 'cdnr' | 'cdnur' | 'nil' | 'impg' | 'none';

export type DocumentClass = {
  nature: SupplyNature | null;
  gstr1Section: Gstr1Section;
  /** Inter-State supply to an unregistered person above the B2CL threshold on the document date. */
  isB2CLarge: boolean;
  einvoiceRequired: boolean;
  ewaybillRequired: boolean;
  /** Invoice value with taxes (totalValue, or the sum of items), paise. */
  documentValue: number;
};

/** Classifies a document (assumed valid: run validateDocument first). */
export function classifyDocument(d: DocumentInput, context: ValidationContext = {}): DocumentClass {
  const date = toIsoDate(d.documentDate);
  const isRegistered = !!d.counterpartyGstin && d.counterpartyGstin !== 'URP';
  const isExport = !!d.exportType;
  const isImport = d.isImport === true || d.documentType === 'BOE';
  const supplierState = d.supplierState ?? (d.supplierGstin ? d.supplierGstin.slice(0, 2) : '');
  const reason = supplyNatureReason(supplierState, d.placeOfSupply ?? (isExport ? '96' : ''), d.isSez === true, isExport, isImport);
  const nature: SupplyNature | null =
    reason === 'SUPPLIER_STATE' || reason === 'PLACE_OF_SUPPLY'
      ? null
      : reason === 'SAME_STATE' && d.igstOnIntra !== true
        ? 'INTRA'
        : 'INTER';
  let sum = 0;
  for (const it of d.items) sum += it.taxable + (it.igst ?? 0) + (it.cgst ?? 0) + (it.sgst ?? 0) + (it.cess ?? 0);
  const documentValue = d.totalValue ?? sum;
  const threshold = thresholdOn(B2CL_THRESHOLDS, date);
  const isB2CLarge = !isRegistered && !isExport && !isImport && nature === 'INTER' && documentValue > threshold;
  const isNote = d.documentType === 'CRN' || d.documentType === 'DBN';
  let gstr1Section: Gstr1Section;
  if (isImport) gstr1Section = 'impg';
  else if (d.documentType === 'BIL') gstr1Section = 'nil';
  else if (isNote) gstr1Section = isRegistered ? 'cdnr' : isExport || isB2CLarge ? 'cdnur' : 'b2cs';
  else if (d.documentType !== 'INV') gstr1Section = 'none';
  else if (isExport) gstr1Section = 'exp';
  else if (isRegistered) gstr1Section = 'b2b';
  else gstr1Section = isB2CLarge ? 'b2cl' : 'b2cs';
  return {
    nature,
    gstr1Section,
    isB2CLarge,
    einvoiceRequired: isEinvoiceRequired(
      d.documentType,
      date,
      context.supplierTurnover,
      isRegistered || isExport || d.isSez === true,
      isImport,
      context.einvoiceExempt === true,
    ),
    ewaybillRequired: isEwaybillRequired(d, { onDate: date }).required,
    documentValue,
  };
}

/** Two-digit state code of a GSTIN, for callers that hold only the GSTIN. */
export const stateCodeOfGstin = (gstin: string): number => twoDigits(gstin, 0);
