// One row as the pair view shows it: both sides' documents, each compared field with the difference, the rule in
// words and, for an unpaired row, the nearest candidates with the reason each was not paired. The explanation the job
// stored is used; a plainly Matched row (stored without one) is explained again from its two documents.
import type { RowDetail, SideDocument } from '@opengst/contracts';
import { linkDocuments, reconcile, type RowExplanation } from '@opengst/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { documents, entities, portalDocuments, reconciliationRows } from '../../db/schema';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { AppError } from '../../platform/errors';
import { loadSubscriberSettings } from '../../platform/settings/subscriber-settings';
import { loadBooks, loadPortal } from './run-load.queries';
import { rowsByIds } from './reports.source';
import { engineSettingsOf } from './run.job';
import { visibleRun } from './runs.service';

const sideColumns = {
  supplierGstin: documents.counterpartyGstin,
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
  documentValue: documents.documentValue,
};

const booksOf = async (db: DbOrTx, subscriberId: number, ids: number[]): Promise<SideDocument[]> =>
  ids.length === 0
    ? []
    : (
        await db
          .select({ id: documents.id, gstin: entities.gstin, ...sideColumns })
          .from(documents)
          .innerJoin(entities, eq(entities.id, documents.entityId))
          .where(and(eq(documents.subscriberId, subscriberId), inArray(documents.id, ids)))
      ).map((d) => ({ ...d, gstin: d.gstin ?? '' }));

const portalOf = async (db: DbOrTx, subscriberId: number, ids: number[]): Promise<SideDocument[]> =>
  ids.length === 0
    ? []
    : db
        .select({
          id: portalDocuments.id,
          gstin: portalDocuments.gstin,
          supplierGstin: portalDocuments.supplierGstin,
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
          documentValue: portalDocuments.documentValue,
        })
        .from(portalDocuments)
        .where(and(eq(portalDocuments.subscriberId, subscriberId), inArray(portalDocuments.id, ids)));

export const rowDetail = async (db: DbOrTx, principal: SessionPrincipal, rowId: number): Promise<RowDetail> => {
  const [stored] = await db
    .select({
      runId: reconciliationRows.runId,
      explanation: reconciliationRows.explanation,
      purchaseIds: reconciliationRows.purchaseIds,
      portalIds: reconciliationRows.portalIds,
    })
    .from(reconciliationRows)
    .where(and(eq(reconciliationRows.id, rowId), eq(reconciliationRows.subscriberId, principal.subscriberId)));
  if (!stored) throw new AppError('REC0001', { message: 'This row does not exist. Refresh the list.' });
  const run = await visibleRun(db, principal, stored.runId);
  const [row] = await rowsByIds(db, [rowId]);
  let explanation = stored.explanation as RowExplanation | null;
  if (!explanation) {
    const scope = { ...run, portalSource: run.portalSource };
    const books = await loadBooks(db, scope, stored.purchaseIds);
    const portal = await loadPortal(db, scope, stored.portalIds);
    const result = reconcile(books, portal, engineSettingsOf((await loadSubscriberSettings(db, run.subscriberId)).reconciliation));
    const linked = linkDocuments(
      result,
      books.map((d) => d.id),
      portal.map((d) => d.id),
    );
    explanation = (linked.ok ? linked.result : result).rows[0]?.explanation ?? null;
  }
  return {
    row: row!,
    ruleText: explanation?.ruleText ?? '',
    fields: (explanation?.fields ?? []).map((f) => ({
      field: f.field,
      books: f.books,
      portal: f.portal,
      difference: f.difference,
      outcome: f.outcome,
      isMatchColumn: f.isMatchColumn,
    })),
    candidates: (explanation?.candidates ?? []).map((c) => ({
      side: c.side,
      id: c.id,
      documentNumber: c.documentNumber,
      documentDate: c.documentDate,
      reason: c.reason,
    })),
    books: await booksOf(db, principal.subscriberId, stored.purchaseIds),
    portal: await portalOf(db, principal.subscriberId, stored.portalIds),
  };
};
