// Writes the valid documents of one file in ONE transaction: a crash before COMMIT leaves none of them, so a file is
// stored whole or not at all. A document already there (same entity, financial year, type, number, and for a purchase
// the supplier's GSTIN) is updated and its items replaced: a re-import never duplicates.
// Batched INSERT ... ON CONFLICT here; the 1M-row benchmark of issue 6 is meant to move this to COPY into a staging
// table followed by one INSERT ... SELECT ... ON CONFLICT (a later session).
import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { documentItems, documents } from '../../db/schema';
import type { ImportedDocument } from './documents';

const BATCH = 500;

export type StoreTarget = { subscriberId: number; userId: number; importId: number; direction: 'Sales' | 'Purchase' };

const sum = (doc: ImportedDocument, field: 'taxable' | 'igst' | 'cgst' | 'sgst' | 'cess') => doc.items.reduce((total, it) => total + it[field], 0);

const rowOf = (doc: ImportedDocument, target: StoreTarget) => {
  const [taxable, igst, cgst, sgst, cess] = [sum(doc, 'taxable'), sum(doc, 'igst'), sum(doc, 'cgst'), sum(doc, 'sgst'), sum(doc, 'cess')];
  return {
    subscriberId: target.subscriberId, entityId: doc.entityId, direction: target.direction, financialYear: doc.financialYear, returnPeriod: doc.returnPeriod,
    documentType: doc.documentType, documentNumber: doc.documentNumber, documentDate: doc.documentDate, supplyType: doc.supplyType,
    counterpartyGstin: doc.counterpartyGstin, counterpartyName: doc.counterpartyName, counterpartyState: doc.counterpartyGstin ? doc.counterpartyGstin.slice(0, 2) : null,
    placeOfSupply: doc.placeOfSupply, isReverseCharge: doc.isReverseCharge, originalDocumentNumber: doc.originalDocumentNumber,
    originalDocumentDate: doc.originalDocumentDate, taxable, igst, cgst, sgst, cess, documentValue: taxable + igst + cgst + sgst + cess,
    status: 'YetNotGenerated' as const, isDraftDocument: false, source: 'Import' as const, importId: target.importId,
    createdBy: target.userId, updatedBy: target.userId,
  };
};

/** The row a conflict would hit, named by the columns of the partial unique index of the direction. */
const keyOf = (row: { entityId: number; financialYear: string; documentType: string; counterpartyGstin: string; documentNumber: string }) =>
  `${row.entityId}|${row.financialYear}|${row.documentType}|${row.counterpartyGstin}|${row.documentNumber}`;

/** Upserts the documents (call inside the file's transaction); returns how many were written. */
export const storeDocuments = async (tx: Tx, target: StoreTarget, docs: readonly ImportedDocument[]): Promise<number> => {
  const isSales = target.direction === 'Sales';
  for (let start = 0; start < docs.length; start += BATCH) {
    const batch = docs.slice(start, start + BATCH);
    const rows = batch.map((doc) => rowOf(doc, target));
    const written = await tx.insert(documents).values(rows)
      .onConflictDoUpdate({
        target: isSales
          ? [documents.subscriberId, documents.entityId, documents.financialYear, documents.documentType, documents.documentNumber]
          : [documents.subscriberId, documents.entityId, documents.financialYear, documents.documentType, documents.counterpartyGstin, documents.documentNumber],
        // A literal, not a parameter: PostgreSQL must see that it matches the partial index's predicate.
        targetWhere: sql.raw(isSales ? `direction = 'Sales'` : `direction = 'Purchase'`),
        set: {
          returnPeriod: sql`excluded.return_period`, documentDate: sql`excluded.document_date`, supplyType: sql`excluded.supply_type`,
          counterpartyGstin: sql`excluded.counterparty_gstin`, counterpartyName: sql`excluded.counterparty_name`, counterpartyState: sql`excluded.counterparty_state`,
          placeOfSupply: sql`excluded.place_of_supply`, isReverseCharge: sql`excluded.is_reverse_charge`,
          originalDocumentNumber: sql`excluded.original_document_number`, originalDocumentDate: sql`excluded.original_document_date`,
          taxable: sql`excluded.taxable`, igst: sql`excluded.igst`, cgst: sql`excluded.cgst`, sgst: sql`excluded.sgst`, cess: sql`excluded.cess`,
          documentValue: sql`excluded.document_value`, isDraftDocument: false, source: 'Import', importId: target.importId,
          updatedBy: target.userId, updatedAt: sql`now()`,
        },
      })
      .returning({ id: documents.id, entityId: documents.entityId, financialYear: documents.financialYear, documentType: documents.documentType, counterpartyGstin: documents.counterpartyGstin, documentNumber: documents.documentNumber });
    const idByKey = new Map(written.map((w) => [keyOf(w), w.id]));
    const ids = written.map((w) => w.id);
    await tx.delete(documentItems).where(inArray(documentItems.documentId, ids));
    const items = batch.flatMap((doc, i) => {
      const documentId = idByKey.get(keyOf(rows[i] ?? doc));
      if (documentId === undefined) throw new Error(`document ${doc.documentNumber} was not written`);
      return doc.items.map((it, line) => ({
        documentId, lineNumber: line + 1, hsn: it.hsn, description: it.description, uqc: it.uqc, quantity: it.quantity, rate: it.rate,
        taxable: it.taxable, igst: it.igst, cgst: it.cgst, sgst: it.sgst, cess: it.cess, itcEligibility: it.itcEligibility,
      }));
    });
    for (let at = 0; at < items.length; at += BATCH * 2) await tx.insert(documentItems).values(items.slice(at, at + BATCH * 2));
  }
  return docs.length;
};
