// The data of the reconcile-job benchmark: the engine benchmark's generator (bench/reconcile/generate.ts: the same mix of
// exact, tolerance, renumbered, date-shifted, amount-mismatched, near, books-only, portal-only and look-alike documents,
// one supplier holding a large share) written with COPY into `documents` (final purchase documents of the subscriber's
// locations) and `portal_documents` (the GSTR-2B of the same GSTINs). Each document's return period is its date's month
// (the generator's dates fall in FY 2024-25, so twelve periods); a supplier's documents go to one location on both sides,
// chosen from its GSTIN, so the recipients agree as they do in the engine benchmark (which has none).
import type { PurchaseDocument } from '@opengst/domain';
import { financialYearOf, returnPeriodOf } from '@opengst/domain';
import { sql } from 'drizzle-orm';
import { type Db } from '../../apps/server/src/db/database';
import { generate } from '../reconcile/generate';
import { copyAll, copyLine, withoutIndexes } from '../support/copy-load';

export type Location = { id: number; gstin: string };

/** The generator's planted items for about `documents` documents a side (97 in 100 items put one document on each side). */
export const itemsFor = (documents: number): { pairs: number; skewed: number } => {
  const pairs = Math.round(documents / 0.97);
  return { pairs, skewed: Math.min(50_000, Math.round(pairs * 0.05)) };
};

const locationOf = (locations: readonly Location[], supplierGstin: string): Location => {
  let h = 0;
  for (let i = 0; i < supplierGstin.length; i++) h = (h * 31 + supplierGstin.charCodeAt(i)) | 0;
  return locations[Math.abs(h) % locations.length]!;
};

const BOOKS_COLUMNS = [
  'subscriber_id',
  'entity_id',
  'direction',
  'financial_year',
  'return_period',
  'document_type',
  'document_number',
  'document_date',
  'supply_type',
  'counterparty_gstin',
  'counterparty_name',
  'counterparty_state',
  'place_of_supply',
  'is_reverse_charge',
  'taxable',
  'igst',
  'cgst',
  'sgst',
  'cess',
  'document_value',
  'status',
  'is_draft_document',
  'source',
  'import_id',
];

const PORTAL_COLUMNS = [
  'subscriber_id',
  'entity_id',
  'gstin',
  'source',
  'return_period',
  'section',
  'supplier_gstin',
  'supplier_name',
  'document_type',
  'document_number',
  'document_date',
  'place_of_supply',
  'is_reverse_charge',
  'taxable',
  'igst',
  'cgst',
  'sgst',
  'cess',
  'document_value',
  'supplier_filed',
  'supplier_filing_date',
  'itc_availability',
];

/**
 * Generates about `documents` documents a side and stores them; answers what was stored. The secondary indexes of the two
 * tables are dropped for the load and built again after it (one sort each), then the tables are analysed.
 */
export const seed = async (
  db: Db,
  subscriberId: number,
  locations: readonly Location[],
  documents: number,
): Promise<{ books: number; portal: number }> => {
  const { pairs, skewed } = itemsFor(documents);
  const data = generate(pairs, skewed);
  const { books, portal } = data;

  const restoreBooks = await withoutIndexes(db, 'documents');
  await copyAll(
    db,
    'documents',
    BOOKS_COLUMNS,
    (i) => {
      const d: PurchaseDocument = books[i]!;
      const at = locationOf(locations, d.supplierGstin);
      return copyLine([
        subscriberId,
        at.id,
        'Purchase',
        financialYearOf(d.documentDate),
        returnPeriodOf(d.documentDate),
        d.documentType,
        d.documentNumber,
        d.documentDate,
        'B2B',
        d.supplierGstin,
        d.supplierName,
        d.supplierGstin.slice(0, 2),
        d.placeOfSupply,
        d.isReverseCharge,
        d.taxable,
        d.igst,
        d.cgst,
        d.sgst,
        d.cess,
        d.invoiceValue,
        'YetNotGenerated',
        false,
        'Import',
        1,
      ]);
    },
    books.length,
  );
  await restoreBooks();

  const restorePortal = await withoutIndexes(db, 'portal_documents');
  await copyAll(
    db,
    'portal_documents',
    PORTAL_COLUMNS,
    (i) => {
      const d: PurchaseDocument = portal[i]!;
      const at = locationOf(locations, d.supplierGstin);
      return copyLine([
        subscriberId,
        at.id,
        at.gstin,
        'GSTR2B',
        returnPeriodOf(d.documentDate),
        d.documentType === 'INV' ? 'b2b' : 'cdnr',
        d.supplierGstin,
        d.supplierName,
        d.documentType,
        d.documentNumber,
        d.documentDate,
        d.placeOfSupply,
        d.isReverseCharge,
        d.taxable,
        d.igst,
        d.cgst,
        d.sgst,
        d.cess,
        d.invoiceValue,
        true,
        '11-05-2025',
        d.itcAvailability ?? 'Y',
      ]);
    },
    portal.length,
  );
  await restorePortal();
  for (const table of ['documents', 'portal_documents', 'register_totals']) await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  return { books: books.length, portal: portal.length };
};
