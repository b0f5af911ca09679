// What a run reconciles: the purchase register of its GSTINs and the portal's documents (GSTR-2B or 2A) stored for
// them, each over the run's periods widened by CROSS_PERIOD_MONTHS on both sides, so a bill booked in March that the
// supplier reported in April pairs across the periods (the job then keeps only rows touching the run's own periods).
import type { ReconcileDocument } from '@opengst/domain';
import { periodsBetween, shiftPeriod } from '@opengst/domain';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { documents, entities, portalDocuments } from '../../db/schema';

/** How far outside its periods a run looks for the other side of a pair: suppliers report late, buyers book late. */
export const CROSS_PERIOD_MONTHS = 3;

/** The document types the portal reports to a buyer (2A/2B: invoices, notes, bills of entry). */
const RECONCILED_TYPES = ['INV', 'CRN', 'DBN', 'BOE'];

export type RunScope = {
  subscriberId: number;
  entityIds: number[];
  fromPeriod: string;
  toPeriod: string;
  portalSource: 'GSTR2B' | 'GSTR2A' | 'IMS';
};

export const widenedPeriods = (scope: Pick<RunScope, 'fromPeriod' | 'toPeriod'>): string[] =>
  periodsBetween(shiftPeriod(scope.fromPeriod, -CROSS_PERIOD_MONTHS), shiftPeriod(scope.toPeriod, CROSS_PERIOD_MONTHS));

/** A books document as the engine reads it; its id is the document's id. */
export type BooksDocument = ReconcileDocument & { recipientGstin: string; returnPeriod: string };
/** A portal document as the engine reads it; its id is the portal_documents id, `key` its natural key. */
export type PortalDocument = ReconcileDocument & { recipientGstin: string; returnPeriod: string };

const BATCH = 50_000;

/**
 * Purchase documents from registered suppliers (final, not drafts) of the run's GSTINs and widened periods, or of
 * these ids (the documents of some rows, for a manual link).
 */
export const loadBooks = async (db: DbOrTx, scope: RunScope, ids?: readonly number[]): Promise<BooksDocument[]> => {
  const out: BooksDocument[] = [];
  let after = 0;
  for (;;) {
    const batch = await db
      .select({
        id: documents.id,
        gstin: entities.gstin,
        supplierGstin: documents.counterpartyGstin,
        supplierName: documents.counterpartyName,
        documentType: documents.documentType,
        documentNumber: documents.documentNumber,
        documentDate: documents.documentDate,
        returnPeriod: documents.returnPeriod,
        placeOfSupply: documents.placeOfSupply,
        isReverseCharge: documents.isReverseCharge,
        taxable: documents.taxable,
        igst: documents.igst,
        cgst: documents.cgst,
        sgst: documents.sgst,
        cess: documents.cess,
        invoiceValue: documents.documentValue,
      })
      .from(documents)
      .innerJoin(entities, eq(entities.id, documents.entityId))
      .where(
        and(
          eq(documents.subscriberId, scope.subscriberId),
          eq(documents.direction, 'Purchase'),
          eq(documents.isDraftDocument, false),
          inArray(documents.entityId, scope.entityIds),
          ids ? inArray(documents.id, [...ids]) : inArray(documents.returnPeriod, widenedPeriods(scope)),
          inArray(documents.documentType, RECONCILED_TYPES),
          sql`length(${documents.counterpartyGstin}) = 15`,
          sql`${documents.id} > ${after}`,
        ),
      )
      .orderBy(documents.id)
      .limit(BATCH);
    for (const d of batch) {
      out.push({
        ...d,
        id: String(d.id),
        recipientGstin: d.gstin ?? '',
        supplierName: d.supplierName ?? undefined,
        documentType: d.documentType as ReconcileDocument['documentType'],
        placeOfSupply: d.placeOfSupply ?? undefined,
      });
    }
    if (batch.length < BATCH) return out;
    after = batch[batch.length - 1]!.id;
  }
};

/** The portal's documents of the run's source stored for its GSTINs and widened periods, or of these ids. */
export const loadPortal = async (db: DbOrTx, scope: RunScope, ids?: readonly number[]): Promise<PortalDocument[]> => {
  const out: PortalDocument[] = [];
  let after = 0;
  for (;;) {
    const batch = await db
      .select({
        id: portalDocuments.id,
        gstin: portalDocuments.gstin,
        supplierGstin: portalDocuments.supplierGstin,
        supplierName: portalDocuments.supplierName,
        documentType: portalDocuments.documentType,
        documentNumber: portalDocuments.documentNumber,
        documentDate: portalDocuments.documentDate,
        returnPeriod: portalDocuments.returnPeriod,
        placeOfSupply: portalDocuments.placeOfSupply,
        isReverseCharge: portalDocuments.isReverseCharge,
        taxable: portalDocuments.taxable,
        igst: portalDocuments.igst,
        cgst: portalDocuments.cgst,
        sgst: portalDocuments.sgst,
        cess: portalDocuments.cess,
        invoiceValue: portalDocuments.documentValue,
        itcAvailability: portalDocuments.itcAvailability,
      })
      .from(portalDocuments)
      .where(
        and(
          eq(portalDocuments.subscriberId, scope.subscriberId),
          inArray(portalDocuments.entityId, scope.entityIds),
          eq(portalDocuments.source, scope.portalSource),
          ids ? inArray(portalDocuments.id, [...ids]) : inArray(portalDocuments.returnPeriod, widenedPeriods(scope)),
          // A 2B's rejected records (rejected in IMS) and ITC reversals are not the supplier's documents to claim.
          or(isNull(portalDocuments.listing), eq(portalDocuments.listing, 'available')),
          sql`${portalDocuments.id} > ${after}`,
        ),
      )
      .orderBy(portalDocuments.id)
      .limit(BATCH);
    for (const d of batch) {
      out.push({
        ...d,
        id: String(d.id),
        recipientGstin: d.gstin,
        supplierName: d.supplierName ?? undefined,
        documentType: d.documentType as ReconcileDocument['documentType'],
        placeOfSupply: d.placeOfSupply ?? undefined,
        itcAvailability: (d.itcAvailability as ReconcileDocument['itcAvailability']) ?? null,
      });
    }
    if (batch.length < BATCH) return out;
    after = batch[batch.length - 1]!.id;
  }
};
