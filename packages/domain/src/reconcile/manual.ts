// Manual link and unlink as pure functions over a previous result. Each returns the new result
// and the decision to store; applyDecisions replays stored decisions on a fresh run, so a
// user's decisions survive a re-run.
import { compareCode, recipientsDiffer } from './compare';
import type { ReconcileResult } from './engine';
import { ReconcileRow, familyKey, type ResultContext } from './row';
import { summarise } from './summary';
import { MONEY_FIELDS, type MatchLevel, type ReconcileDocument, type ReconcileStatus } from './types';

export type ManualDecision = {
  kind: 'link' | 'unlink';
  purchaseIds: readonly string[];
  portalIds: readonly string[];
};

export type ManualErrorCode = 'RECON_EMPTY_SIDE' | 'RECON_MANY_TO_MANY' | 'RECON_UNKNOWN_ID' | 'RECON_DUPLICATE_ID' | 'RECON_NOT_A_ROW';

export type ManualOutcome =
  { ok: true; result: ReconcileResult; decision: ManualDecision } | { ok: false; code: ManualErrorCode; message: string };

const fail = (code: ManualErrorCode, message: string): ManualOutcome => ({ ok: false, code, message });

const pairKey = (p: string, g: string): string => p + '\u0001' + g;

/** The documents of one side whose ids are given, or the first missing id. */
const pick = (docs: readonly ReconcileDocument[], ids: readonly string[]): ReconcileDocument[] | string => {
  const wanted = new Set(ids);
  const found = new Map<string, ReconcileDocument>();
  for (const d of docs) if (wanted.has(d.id) && !found.has(d.id)) found.set(d.id, d);
  for (const id of ids) if (!found.has(id)) return id;
  return ids.map((id) => found.get(id)!);
};

/** One document of the side as a row of its own (PR only or GST only). */
const single = (d: ReconcileDocument, isBooks: boolean, ctx: ResultContext): ReconcileRow =>
  isBooks ? new ReconcileRow('PR only', null, 'unpaired', [d], [], ctx) : new ReconcileRow('GST only', null, 'unpaired', [], [d], ctx);

const aggregate = (docs: readonly ReconcileDocument[]): ReconcileDocument => {
  const first = [...docs].sort((a, b) => (a.documentDate < b.documentDate ? -1 : a.documentDate > b.documentDate ? 1 : 0))[0]!;
  const agg: ReconcileDocument = { ...first, rates: docs.flatMap((d) => d.rates ?? []) };
  for (const f of MONEY_FIELDS) agg[f] = docs.reduce((t, d) => t + d[f], 0);
  return agg;
};

const manualStatus = (books: readonly ReconcileDocument[], portal: readonly ReconcileDocument[], ctx: ResultContext): ReconcileStatus => {
  // A user may link across two GSTINs of the buyer, but the credit stays with the portal's one (s.16(2)(aa)).
  if (recipientsDiffer(books, portal)) return 'Recipient GSTIN differs';
  const code = compareCode(aggregate(books), aggregate(portal), ctx.rs);
  return code === 0 ? 'Matched' : code === 1 ? 'Matched due to tolerance' : 'Mismatched';
};

const levelOf = (books: readonly ReconcileDocument[], portal: readonly ReconcileDocument[]): MatchLevel | null => {
  const gstins = new Set([...books, ...portal].map((d) => d.supplierGstin.trim().toUpperCase()));
  if (gstins.size === 1) return 'GSTIN';
  return new Set([...gstins].map(familyKey)).size === 1 ? 'PAN' : null;
};

/** Rebuilds the result: the touched rows are replaced by `replacement`, the rest are kept in order. */
const rebuild = (
  result: ReconcileResult,
  touched: ReadonlySet<ReconcileRow>,
  unlinked: ReadonlySet<string>,
  replacement: (ctx: ResultContext) => ReconcileRow[],
): ReconcileResult => {
  const ctx = result.context.derive(unlinked);
  const rows: ReconcileRow[] = [];
  let inserted = false;
  for (const row of result.rows) {
    if (touched.has(row)) {
      if (!inserted) rows.push(...replacement(ctx));
      inserted = true;
    } else rows.push(row.rebind(ctx));
  }
  ctx.rows = rows;
  return { rows, summary: summarise(rows), settings: result.settings, context: ctx };
};

const touchedRows = (result: ReconcileResult, docs: readonly ReconcileDocument[]): Set<ReconcileRow> => {
  const touched = new Set<ReconcileRow>();
  for (const d of docs) {
    const row = result.context.rowOf(d);
    if (row) touched.add(row);
  }
  return touched;
};

/**
 * Links books documents to portal documents: one-to-one, one-to-many or many-to-one. The
 * documents leave their previous rows; what is left of those rows becomes unpaired.
 */
export const linkDocuments = (result: ReconcileResult, purchaseIds: readonly string[], portalIds: readonly string[]): ManualOutcome => {
  if (purchaseIds.length === 0 || portalIds.length === 0)
    return fail('RECON_EMPTY_SIDE', 'A link needs at least one books document and one portal document.');
  if (purchaseIds.length > 1 && portalIds.length > 1)
    return fail('RECON_MANY_TO_MANY', 'Link one books document to many portal documents, or many to one, not many to many.');
  if (new Set(purchaseIds).size !== purchaseIds.length || new Set(portalIds).size !== portalIds.length) {
    return fail('RECON_DUPLICATE_ID', 'The same document is listed twice.');
  }
  const books = pick(result.context.purchases, purchaseIds);
  if (typeof books === 'string') return fail('RECON_UNKNOWN_ID', `No books document has id ${books}.`);
  const portal = pick(result.context.portal, portalIds);
  if (typeof portal === 'string') return fail('RECON_UNKNOWN_ID', `No portal document has id ${portal}.`);
  const linked = new Set<ReconcileDocument>([...books, ...portal]);
  const touched = touchedRows(result, [...books, ...portal]);
  const unlinked = new Set(result.context.unlinked);
  for (const b of books) for (const g of portal) unlinked.delete(pairKey(b.id, g.id));
  const next = rebuild(result, touched, unlinked, (ctx) => {
    const out = [new ReconcileRow(manualStatus(books, portal, ctx), levelOf(books, portal), 'manual', books, portal, ctx)];
    for (const row of touched) {
      for (const d of row.purchases) if (!linked.has(d)) out.push(single(d, true, ctx));
      for (const d of row.portal) if (!linked.has(d)) out.push(single(d, false, ctx));
    }
    return out;
  });
  return { ok: true, result: next, decision: { kind: 'link', purchaseIds: [...purchaseIds], portalIds: [...portalIds] } };
};

/**
 * Unlinks the row that holds these documents: every document of it becomes unpaired, and the
 * pairs are remembered so that explanations say a user unlinked them.
 */
export const unlinkDocuments = (result: ReconcileResult, purchaseIds: readonly string[], portalIds: readonly string[]): ManualOutcome => {
  const books = pick(result.context.purchases, purchaseIds);
  if (typeof books === 'string') return fail('RECON_UNKNOWN_ID', `No books document has id ${books}.`);
  const portal = pick(result.context.portal, portalIds);
  if (typeof portal === 'string') return fail('RECON_UNKNOWN_ID', `No portal document has id ${portal}.`);
  const touched = touchedRows(result, [...books, ...portal]);
  const row = [...touched][0];
  if (touched.size !== 1 || !row || row.purchases.length === 0 || row.portal.length === 0) {
    return fail('RECON_NOT_A_ROW', 'These documents are not one paired row.');
  }
  const unlinked = new Set(result.context.unlinked);
  for (const b of row.purchases) for (const g of row.portal) unlinked.add(pairKey(b.id, g.id));
  const next = rebuild(result, touched, unlinked, (ctx) => [
    ...row.purchases.map((d) => single(d, true, ctx)),
    ...row.portal.map((d) => single(d, false, ctx)),
  ]);
  return {
    ok: true,
    result: next,
    decision: { kind: 'unlink', purchaseIds: row.purchases.map((d) => d.id), portalIds: row.portal.map((d) => d.id) },
  };
};

export type AppliedDecisions = {
  result: ReconcileResult;
  /** Decisions that no longer apply (a document is gone, or the pair no longer exists), with the reason. */
  skipped: { decision: ManualDecision; code: ManualErrorCode; message: string }[];
};

/** Replays stored decisions, in order, over a fresh result. */
export const applyDecisions = (result: ReconcileResult, decisions: readonly ManualDecision[]): AppliedDecisions => {
  let current = result;
  const skipped: AppliedDecisions['skipped'] = [];
  for (const decision of decisions) {
    let outcome: ManualOutcome;
    if (decision.kind === 'link') outcome = linkDocuments(current, decision.purchaseIds, decision.portalIds);
    else {
      // Re-pairing may have changed; unlink only if the auto run paired exactly these documents again.
      const books = pick(current.context.purchases, decision.purchaseIds);
      const row = typeof books === 'string' || books.length === 0 ? undefined : current.context.rowOf(books[0]!);
      const same =
        row !== undefined &&
        row.purchases.length === decision.purchaseIds.length &&
        row.portal.length === decision.portalIds.length &&
        row.portal.every((d) => decision.portalIds.includes(d.id)) &&
        row.purchases.every((d) => decision.purchaseIds.includes(d.id));
      outcome = same
        ? unlinkDocuments(current, decision.purchaseIds, decision.portalIds)
        : fail('RECON_NOT_A_ROW', 'The run no longer pairs these documents; nothing to unlink.');
    }
    if (outcome.ok) current = outcome.result;
    else skipped.push({ decision, code: outcome.code, message: outcome.message });
  }
  return { result: current, skipped };
};
