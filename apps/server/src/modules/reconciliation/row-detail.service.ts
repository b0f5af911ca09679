// One row as the pair view shows it: both sides' documents, each compared field with the difference, the rule in
// words and, for an unpaired row, the nearest candidates with the reason each was not paired: the engine's explanation,
// built again from the row's documents and what the job stored of it (explanationOf).
import type { RowDetail, SideDocument } from '@opengst/contracts';
import {
  applyDecisions,
  reconcile,
  ReconcileRow,
  type MatchLevel,
  type MatchRule,
  type ReconcileSettings,
  type ReconcileSettingsInput,
  type ReconcileStatus,
  type RowExplanation,
} from '@opengst/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { documents, entities, portalDocuments, reconciliationRows } from '../../db/schema';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { AppError } from '../../platform/errors';
import { loadSubscriberSettings } from '../../platform/settings/subscriber-settings';
import { activeDecisions, decisionsForRun } from './decisions.repo';
import { loadBooks, loadPortal, type RunScope } from './run-load.queries';
import { rowsByIds } from './reports.source';
import { keyOfPortal, type StoredExplanation } from './row-record';
import { engineSettingsOf } from './run.job';
import { visibleRun } from './runs.service';

type Run = Awaited<ReturnType<typeof visibleRun>>;

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

/** The documents of `ids`, in that order (a row lists its documents in the engine's order). */
const inOrderOf = <D extends { id: string }>(docs: readonly D[], ids: readonly number[]): D[] => {
  const byId = new Map(docs.map((d) => [d.id, d]));
  return ids.flatMap((id) => byId.get(String(id)) ?? []);
};

type StoredRow = {
  status: string;
  rule: string;
  level: string | null;
  supplierGstin: string;
  explanation: unknown;
  purchaseIds: number[];
  portalIds: number[];
};

/**
 * The engine's explanation of a stored row. A row holds the candidates of an unpaired row's explanation and an Awaiting
 * 2B row's report by the supplier (row-record.ts); the rest follows from its documents, status, rule and the run's
 * settings, built here by the engine's own row. An unpaired row of a supplier family too large for the job to explain
 * (EXPLAIN_BUDGET) takes its candidates from the family's documents of the run, reconciled again with the users'
 * decisions: the same rows as the run's for that family, since the engine pairs only within it (an Awaiting 2B row is
 * PR only there: its candidates are the 2B's all the same). A row stored whole by an earlier version of the job is shown
 * as stored.
 */
const explanationOf = async (db: DbOrTx, run: Run, stored: StoredRow): Promise<RowExplanation | null> => {
  const saved = stored.explanation as (StoredExplanation & Partial<RowExplanation>) | null;
  if (saved?.fields) return { ...(saved as RowExplanation), reported: saved.reported ?? null };
  const scope = { ...run, portalSource: run.portalSource };
  const settings =
    (run.settings as ReconcileSettings | null) ?? engineSettingsOf((await loadSubscriberSettings(db, run.subscriberId)).reconciliation);
  const books = inOrderOf(await loadBooks(db, scope, stored.purchaseIds), stored.purchaseIds);
  const portal = inOrderOf(await loadPortal(db, scope, stored.portalIds), stored.portalIds);
  if (books.length + portal.length === 0) return null;
  const unpaired = stored.rule === 'unpaired' && books.length + portal.length === 1;
  let candidates = saved?.candidates;
  if (unpaired && !candidates) {
    const family = await familyRows(db, run, scope, settings, stored.supplierGstin);
    const doc = books[0] ?? portal[0]!;
    const own = family.find((r) => r.rule === 'unpaired' && (books.length > 0 ? r.purchases : r.portal).some((d) => d.id === doc.id));
    candidates = own?.explanation.candidates;
  }
  const row = new ReconcileRow(
    stored.status as ReconcileStatus,
    stored.level as MatchLevel | null,
    stored.rule as MatchRule,
    books,
    portal,
    reconcile([], [], settings).context,
    saved?.reported ?? null,
  );
  return candidates ? { ...row.explanation, candidates } : row.explanation;
};

/** The engine's rows of one supplier family of the run, with the users' decisions replayed (as the job makes them). */
const familyRows = async (
  db: DbOrTx,
  run: Run,
  scope: RunScope,
  settings: ReconcileSettings | ReconcileSettingsInput,
  supplierGstin: string,
) => {
  const books = await loadBooks(db, scope, undefined, supplierGstin);
  const portal = await loadPortal(db, scope, undefined, supplierGstin);
  const decisions = decisionsForRun(
    await activeDecisions(db, run.subscriberId),
    new Set(books.map((d) => d.id)),
    new Map(portal.map((d) => [keyOfPortal(d), d.id])),
  );
  return applyDecisions(reconcile(books, portal, settings), decisions).result.rows;
};

export const rowDetail = async (db: DbOrTx, principal: SessionPrincipal, rowId: number): Promise<RowDetail> => {
  const [stored] = await db
    .select({
      runId: reconciliationRows.runId,
      status: reconciliationRows.status,
      rule: reconciliationRows.rule,
      level: reconciliationRows.level,
      supplierGstin: reconciliationRows.supplierGstin,
      explanation: reconciliationRows.explanation,
      purchaseIds: reconciliationRows.purchaseIds,
      portalIds: reconciliationRows.portalIds,
    })
    .from(reconciliationRows)
    .where(and(eq(reconciliationRows.id, rowId), eq(reconciliationRows.subscriberId, principal.subscriberId)));
  if (!stored) throw new AppError('REC0001', { message: 'This row does not exist. Refresh the list.' });
  const run = await visibleRun(db, principal, stored.runId);
  const [row] = await rowsByIds(db, [rowId], run.id);
  const explanation = await explanationOf(db, run, stored);
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
    reported: explanation?.reported
      ? {
          source: explanation.reported.source,
          documentNumber: explanation.reported.documentNumber,
          documentDate: explanation.reported.documentDate,
          returnPeriod: explanation.reported.returnPeriod,
        }
      : null,
    books: await booksOf(db, principal.subscriberId, stored.purchaseIds),
    portal: await portalOf(db, principal.subscriberId, stored.portalIds),
  };
};
