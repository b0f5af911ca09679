// 'Awaiting 2B': a books document that no GSTR-2B of a run lists (PR only) although its supplier did report it: it is
// among the buyer's GSTR-2A documents or IMS records.
//
// Since 1-1-2022 ITC needs the invoice furnished by the supplier in its GSTR-1/IFF and communicated to the buyer in
// GSTR-2B (CGST Act s.16(2)(aa), inserted by the Finance Act 2021; rule 36(4) as amended by notification 40/2021-CT).
// A GSTR-2B holds what suppliers furnished up to its cut-off (rule 60(7)); a document furnished later is in the
// GSTR-2A and IMS at once, and in the next GSTR-2B. Its credit is not lost, only deferred to the GSTR-2B that lists
// it: the buyer waits for that 2B rather than ask the supplier to report it, as PR only would have it do.
import { cleanGstin, recipientOf } from './compare';
import { runReconcile, type ReconcileResult } from './engine';
import { ReconcileRow } from './row';
import { resummarise } from './summary';
import type { ReconcileDocument, ReportedElsewhere } from './types';

/** A document the supplier reported outside the GSTR-2B: in the buyer's GSTR-2A or IMS. */
export type ReportedDocument = ReconcileDocument & { source: ReportedElsewhere['source'] };

/** One document's identity across the 2A, the 2B and IMS, which copy the supplier's GSTR-1 record as it is. */
const sameDocumentKey = (d: ReconcileDocument): string =>
  `${cleanGstin(d.supplierGstin)}|${recipientOf(d) ?? ''}|${d.documentType}|${d.documentNumber.trim().toUpperCase()}`;

const preferred = (a: ReportedDocument, b: ReportedDocument): boolean =>
  a.source !== b.source ? a.source === 'GSTR2A' : a.id.length !== b.id.length ? a.id.length < b.id.length : a.id < b.id;

/**
 * Turns each PR only row of a run against GSTR-2B whose books document pairs with a document the supplier reported
 * elsewhere (`reported`: the buyer's GSTR-2A documents and IMS records of the run's GSTINs and periods; ids unique
 * across both) into an 'Awaiting 2B' row: the books document stays the row's only side, its explanation says where the
 * supplier reported it, and it puts no ITC at risk (the credit is to claim later).
 *
 * Pairing is the engine's own (runReconcile over the PR only documents and the reported ones, with the run's settings),
 * keeping only pairs by the exact or the normalised number of the same supplier GSTIN and the same recipient GSTIN: a
 * near match may be another document, a copy on another GSTIN of the supplier or of the buyer is not what this
 * registration's 2B will list (s.16(2)(aa); s.25(4)). A pair whose amounts differ still counts: the supplier reported
 * the document, and the amounts are compared once a 2B lists it.
 *
 * A reported document that a GSTR-2B of the run already lists (`listed`, by default the run's portal side; same
 * supplier, recipient, type and number) is left out: the 2A holds every 2B document too, and its copy must not make a
 * duplicate booking, or a books document whose 2B partner a user unlinked or discarded, look merely late. For the
 * same reason a document reported in both the 2A and IMS counts once.
 *
 * Apply it after applyDecisions: only PR only rows change, so a row a user linked, excluded or discarded is never
 * re-labelled. Answers `result` itself when no row changes.
 */
export const awaitingGstr2b = (
  result: ReconcileResult,
  reported: readonly ReportedDocument[],
  listed: readonly ReconcileDocument[] = result.context.portal,
): ReconcileResult => {
  if (reported.length === 0) return result;
  const books: ReconcileDocument[] = [];
  for (const row of result.rows) if (row.status === 'PR only') books.push(row.purchases[0]!);
  if (books.length === 0) return result;

  // One copy of each document: the 2A and IMS both hold most of them, and two copies would pair two books documents
  // of one number (a duplicate booking) with one report. The 2A's copy is kept, then the lowest id.
  const one = new Map<string, ReportedDocument>();
  for (const d of reported) {
    const key = sameDocumentKey(d);
    const kept = one.get(key);
    if (!kept || preferred(d, kept)) one.set(key, d);
  }
  const suppliers = new Set([...one.values()].map((d) => cleanGstin(d.supplierGstin)));
  for (const d of listed) if (suppliers.has(cleanGstin(d.supplierGstin))) one.delete(sameDocumentKey(d));
  const unlisted = [...one.values()];
  if (unlisted.length === 0) return result;

  const sourceOf = new Map<ReconcileDocument, ReportedDocument>(unlisted.map((d) => [d, d]));
  const reportedOf = new Map<ReconcileDocument, ReportedDocument>();
  for (const pair of runReconcile(books, unlisted, result.context.rs).rows) {
    const by = pair.portal[0];
    if (pair.purchases.length === 0 || !by) continue;
    if (pair.level !== 'GSTIN' || pair.status === 'Recipient GSTIN differs') continue;
    if (pair.rule !== 'exact-number' && pair.rule !== 'normalised-number') continue;
    reportedOf.set(pair.purchases[0]!, sourceOf.get(by)!);
  }
  if (reportedOf.size === 0) return result;

  const ctx = result.context.derive(result.context.unlinked);
  const changes: [ReconcileRow, ReconcileRow][] = [];
  const rows = result.rows.map((row) => {
    const by = row.status === 'PR only' ? reportedOf.get(row.purchases[0]!) : undefined;
    if (!by) return row.rebind(ctx);
    const next = new ReconcileRow('Awaiting 2B', null, 'unpaired', row.purchases, row.portal, ctx, {
      source: by.source,
      id: by.id,
      documentNumber: by.documentNumber,
      documentDate: by.documentDate,
      returnPeriod: by.returnPeriod ?? null,
    });
    changes.push([row, next]);
    return next;
  });
  ctx.rows = rows;
  return { rows, summary: resummarise(result.summary, changes), settings: result.settings, context: ctx };
};
