// The taxes of a document being entered, shared by the document screen (live totals) and the server (what is stored):
// the supply's nature from the document's fields, and each line's IGST or CGST + SGST/UTGST. Rates are milli-percent
// (18% = 18000), amounts integer paise.
import { computeTax } from './compute-tax';
import { supplyNature, type SupplyNatureResult } from './supply-nature';

/** The fields of a document that decide the nature of its supply. */
export type DocumentNatureFields = {
  direction: 'Sales' | 'Purchase';
  /** The import's supply type: B2B, SEZWP, SEZWOP, EXPWP, EXPWOP, IMPG, IMPS ... */
  supplyType?: string | null | undefined;
  /** '' or absent: an unregistered counterparty. */
  counterpartyGstin?: string | null | undefined;
  placeOfSupply: string;
};

/** The tax heads of a line, with its rate in milli-percent. */
export type DocumentTaxLine = { taxable: number; rate: number; igst: number; cgst: number; sgst: number };

/** What the supply type (the import's SUPPLY_TYPES) says about exports, SEZ supplies and imports. */
export const supplyTypeFlags = (supplyType: string | null | undefined) => ({
  isSez: supplyType === 'SEZWP' || supplyType === 'SEZWOP',
  sezType: supplyType === 'SEZWOP' ? ('WOPAY' as const) : supplyType === 'SEZWP' ? ('WPAY' as const) : null,
  exportType: supplyType === 'EXPWOP' ? ('WOPAY' as const) : supplyType === 'EXPWP' ? ('WPAY' as const) : null,
  isImport: supplyType === 'IMPG' || supplyType === 'IMPS',
});

/** The supplier's State: the location for a sale; for a purchase the supplier's GSTIN, else (unregistered) the location's own State. */
export const supplierStateOf = (doc: DocumentNatureFields, locationState: string): string => {
  const gstin = doc.counterpartyGstin?.trim() ?? '';
  return doc.direction === 'Purchase' && /^\d{2}/.test(gstin) ? gstin.slice(0, 2) : locationState;
};

/**
 * Intra- or inter-State supply, which decides IGST against CGST + SGST/UTGST: IGST Act s.8 (intra-State when the
 * supplier's location and the place of supply are in the same State/UT) and s.7 (inter-State otherwise, and always
 * for imports s.7(2)/(4), exports s.7(5)(a) and SEZ supplies s.7(5)(b)). The place of supply is the document's
 * (IGST Act s.10-13, chosen on the screen); the supplier's State is supplierStateOf.
 */
export const documentNature = (doc: DocumentNatureFields, locationState: string): SupplyNatureResult => {
  const flags = supplyTypeFlags(doc.supplyType);
  return supplyNature({
    supplierState: supplierStateOf(doc, locationState),
    placeOfSupply: doc.placeOfSupply,
    isSez: flags.isSez,
    isExport: flags.exportType !== null,
    isImport: flags.isImport,
  });
};

/** Lines carry no tax: a bill of supply (Rule 49), an export or SEZ supply under LUT/bond (IGST Act s.16(3)(a)). */
export const isTaxFree = (doc: { documentType: string; supplyType?: string | null | undefined }): boolean =>
  doc.documentType === 'BIL' || doc.supplyType === 'EXPWOP' || doc.supplyType === 'SEZWOP';

/**
 * Auto-compute (subscriber setting autoCompute.computeTax): IGST or CGST + SGST of every line from taxable × rate by
 * computeTax; cess stays as typed (its rate is not on the line). Lines stay as they are when the nature cannot be
 * decided (a missing place of supply), so validation names that field instead.
 */
export const computeDocumentTaxes = <T extends DocumentTaxLine>(
  doc: DocumentNatureFields & { documentType: string },
  items: readonly T[],
  locationState: string,
): T[] => {
  const nature = documentNature(doc, locationState);
  if (!nature.ok) return [...items];
  const free = isTaxFree(doc);
  return items.map((item) => {
    if (free || !Number.isSafeInteger(item.taxable)) return { ...item, igst: 0, cgst: 0, sgst: 0 };
    const heads = computeTax({ taxable: item.taxable, ratePercent: item.rate / 1000, nature: nature.nature });
    return { ...item, igst: heads.igst, cgst: heads.cgst, sgst: heads.sgst };
  });
};
