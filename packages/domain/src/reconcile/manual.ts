// Manual decisions as pure functions over a previous result: link and unlink, exclude (books documents left out
// of reconciliation), discard (portal documents set aside) and reinstate (their undo). Each returns the new result
// and the decision to store; applyDecisions replays stored decisions on a fresh run, so a user's decisions survive
// a re-run.
import { compareCode, recipientsDiffer } from './compare';
import { runReconcile, type ReconcileResult } from './engine';
import { ReconcileRow, familyKey, type ResultContext } from './row';
import { summarise } from './summary';
import { MONEY_FIELDS, type MatchLevel, type ReconcileDocument, type ReconcileStatus } from './types';

export type ManualDecision = {
  /**
   * link, unlink: books documents with portal documents. exclude: books documents the user leaves out of
   * reconciliation (ineligible, personal; `purchaseIds`). discard: portal documents the user sets aside (a
   * supplier's wrong upload; `portalIds`). reinstate: undoes exclude and discard (either side). Spec core §4
   * "excluded, discarded".
   */
  kind: 'link' | 'unlink' | 'exclude' | 'discard' | 'reinstate';
  purchaseIds: readonly string[];
  portalIds: readonly string[];
};

export type ManualErrorCode =
  | 'RECON_EMPTY_SIDE'
  | 'RECON_MANY_TO_MANY'
  | 'RECON_UNKNOWN_ID'
  | 'RECON_DUPLICATE_ID'
  | 'RECON_NOT_A_ROW'
  /** A document is excluded or discarded (link it, or exclude it again, only once reinstated). */
  | 'RECON_SET_ASIDE'
  /** Reinstate names a document that is not excluded or discarded. */
  | 'RECON_NOT_SET_ASIDE';

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

const setAsideStatus = (isBooks: boolean): ReconcileStatus => (isBooks ? 'Excluded' : 'Discarded');
const sideName = (isBooks: boolean): string => (isBooks ? 'Books' : 'Portal');

/** Whether a user excluded or discarded the document (its row says so). */
const isSetAside = (ctx: ResultContext, d: ReconcileDocument): boolean => {
  const status = ctx.rowOf(d)?.status;
  return status === 'Excluded' || status === 'Discarded';
};

/** A document a user set aside, in a row of its own. */
const setAsideRow = (d: ReconcileDocument, isBooks: boolean, ctx: ResultContext): ReconcileRow =>
  isBooks ? new ReconcileRow('Excluded', null, 'excluded', [d], [], ctx) : new ReconcileRow('Discarded', null, 'discarded', [], [d], ctx);

/** The documents of one side named by a decision, or why they cannot be. */
const named = (
  result: ReconcileResult,
  ids: readonly string[],
  isBooks: boolean,
): ReconcileDocument[] | { code: ManualErrorCode; message: string } => {
  if (new Set(ids).size !== ids.length) return { code: 'RECON_DUPLICATE_ID', message: 'The same document is listed twice.' };
  const docs = pick(isBooks ? result.context.purchases : result.context.portal, ids);
  if (typeof docs === 'string')
    return { code: 'RECON_UNKNOWN_ID', message: `No ${sideName(isBooks).toLowerCase()} document has id ${docs}.` };
  return docs;
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
  for (const d of [...books, ...portal]) {
    if (isSetAside(result.context, d)) {
      const isBooks = books.includes(d);
      return fail(
        'RECON_SET_ASIDE',
        `${sideName(isBooks)} document ${d.id} is ${setAsideStatus(isBooks).toLowerCase()}: reinstate it first.`,
      );
    }
  }
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

/** Sets documents of one side aside: each in a row of its own; what is left of their rows becomes unpaired. */
const setAside = (result: ReconcileResult, ids: readonly string[], isBooks: boolean): ManualOutcome => {
  if (ids.length === 0) return fail('RECON_EMPTY_SIDE', `Name at least one ${sideName(isBooks).toLowerCase()} document.`);
  const docs = named(result, ids, isBooks);
  if (!Array.isArray(docs)) return fail(docs.code, docs.message);
  for (const d of docs) {
    if (isSetAside(result.context, d)) {
      return fail('RECON_SET_ASIDE', `${sideName(isBooks)} document ${d.id} is already ${setAsideStatus(isBooks).toLowerCase()}.`);
    }
  }
  const chosen = new Set(docs);
  const touched = touchedRows(result, docs);
  const next = rebuild(result, touched, result.context.unlinked, (ctx) => {
    const out: ReconcileRow[] = [];
    for (const row of touched) {
      for (const d of row.purchases) out.push(chosen.has(d) ? setAsideRow(d, true, ctx) : single(d, true, ctx));
      for (const d of row.portal) out.push(chosen.has(d) ? setAsideRow(d, false, ctx) : single(d, false, ctx));
    }
    return out;
  });
  return {
    ok: true,
    result: next,
    decision: isBooks
      ? { kind: 'exclude', purchaseIds: [...ids], portalIds: [] }
      : { kind: 'discard', purchaseIds: [], portalIds: [...ids] },
  };
};

/**
 * Leaves books documents out of reconciliation (ineligible credit, personal purchases): each sits in a row of its
 * own, 'Excluded', with no ITC at risk; a former partner becomes GST only (and may pair with another document on
 * the next run, which leaves the excluded documents out of pairing).
 */
export const excludeDocuments = (result: ReconcileResult, purchaseIds: readonly string[]): ManualOutcome =>
  setAside(result, purchaseIds, true);

/**
 * Discards portal documents (a supplier's wrong upload): each sits in a row of its own, 'Discarded', counted as no
 * credit missing from the books; a former partner becomes PR only (and may pair again on the next run).
 */
export const discardDocuments = (result: ReconcileResult, portalIds: readonly string[]): ManualOutcome =>
  setAside(result, portalIds, false);

/**
 * Undoes exclude and discard: the documents become PR only / GST only now, and take part in pairing again on the
 * next run.
 */
export const reinstateDocuments = (
  result: ReconcileResult,
  purchaseIds: readonly string[],
  portalIds: readonly string[],
): ManualOutcome => {
  if (purchaseIds.length === 0 && portalIds.length === 0) {
    return fail('RECON_EMPTY_SIDE', 'Name at least one excluded or discarded document.');
  }
  const books = named(result, purchaseIds, true);
  if (!Array.isArray(books)) return fail(books.code, books.message);
  const portal = named(result, portalIds, false);
  if (!Array.isArray(portal)) return fail(portal.code, portal.message);
  for (const [docs, isBooks] of [
    [books, true],
    [portal, false],
  ] as const) {
    for (const d of docs) {
      if (result.context.rowOf(d)?.status !== setAsideStatus(isBooks)) {
        return fail('RECON_NOT_SET_ASIDE', `${sideName(isBooks)} document ${d.id} is not ${setAsideStatus(isBooks).toLowerCase()}.`);
      }
    }
  }
  const touched = touchedRows(result, [...books, ...portal]);
  const next = rebuild(result, touched, result.context.unlinked, (ctx) => [
    ...[...touched].flatMap((row) => [...row.purchases.map((d) => single(d, true, ctx)), ...row.portal.map((d) => single(d, false, ctx))]),
  ]);
  return { ok: true, result: next, decision: { kind: 'reinstate', purchaseIds: [...purchaseIds], portalIds: [...portalIds] } };
};

export type AppliedDecisions = {
  result: ReconcileResult;
  /** Decisions that no longer apply (a document is gone, the pair no longer exists, ...), with the reason. */
  skipped: { decision: ManualDecision; code: ManualErrorCode; message: string }[];
};

type Problem = { code: ManualErrorCode; message: string };

/** Why an exclude or discard cannot be replayed, or null. */
const setAsideProblem = (
  ids: readonly string[],
  isBooks: boolean,
  known: ReadonlySet<string>,
  isAside: (id: string) => boolean,
): Problem | null => {
  const side = sideName(isBooks).toLowerCase();
  if (ids.length === 0) return { code: 'RECON_EMPTY_SIDE', message: `Name at least one ${side} document.` };
  if (new Set(ids).size !== ids.length) return { code: 'RECON_DUPLICATE_ID', message: 'The same document is listed twice.' };
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) return { code: 'RECON_UNKNOWN_ID', message: `No ${side} document has id ${unknown}.` };
  const again = ids.find(isAside);
  if (again !== undefined) {
    return {
      code: 'RECON_SET_ASIDE',
      message: `${sideName(isBooks)} document ${again} is already ${setAsideStatus(isBooks).toLowerCase()}.`,
    };
  }
  return null;
};

/**
 * Replays stored decisions, in order, over a fresh result (`reconcile(...)` of the same documents).
 *
 * Excluded and discarded documents are a state: the documents still set aside once every exclude, discard and
 * reinstate is taken in order are left out of pairing, so their former partners may pair with other documents,
 * and sit in rows of their own; a document excluded and reinstated again takes part as if never excluded. Links
 * and unlinks are then replayed in order; one naming a document that a later decision excluded or discarded is
 * skipped (that decision undid it). Every decision that no longer applies is listed with the reason, in order.
 */
export const applyDecisions = (result: ReconcileResult, decisions: readonly ManualDecision[]): AppliedDecisions => {
  const { purchases, portal } = result.context;
  const known = [new Set(purchases.map((d) => d.id)), new Set(portal.map((d) => d.id))] as const;
  // Documents set aside, by side ('P:' or 'G:' and id), with the index of the decision that set each aside last.
  const aside = new Map<string, number>();
  const lastSetAside = new Map<string, number>();
  const problems = new Map<number, Problem>();
  decisions.forEach((d, k) => {
    if (d.kind === 'exclude' || d.kind === 'discard') {
      const isBooks = d.kind === 'exclude';
      const ids = isBooks ? d.purchaseIds : d.portalIds;
      const prefix = isBooks ? 'P:' : 'G:';
      const problem = setAsideProblem(ids, isBooks, known[isBooks ? 0 : 1], (id) => aside.has(prefix + id));
      if (problem) problems.set(k, problem);
      else {
        for (const id of ids) {
          aside.set(prefix + id, k);
          lastSetAside.set(prefix + id, k);
        }
      }
    } else if (d.kind === 'reinstate') {
      const keys = [...d.purchaseIds.map((id) => 'P:' + id), ...d.portalIds.map((id) => 'G:' + id)];
      const missing = keys.find((key) => !aside.has(key));
      if (keys.length === 0) problems.set(k, { code: 'RECON_EMPTY_SIDE', message: 'Name at least one excluded or discarded document.' });
      else if (missing !== undefined) {
        const isBooks = missing.startsWith('P:');
        problems.set(k, {
          code: 'RECON_NOT_SET_ASIDE',
          message: `${sideName(isBooks)} document ${missing.slice(2)} is not ${setAsideStatus(isBooks).toLowerCase()}.`,
        });
      } else for (const key of keys) aside.delete(key);
    }
  });

  let current = result;
  if (aside.size > 0) {
    const purchaseIds = new Set<string>();
    const portalIds = new Set<string>();
    for (const key of aside.keys()) (key.startsWith('P:') ? purchaseIds : portalIds).add(key.slice(2));
    current = runReconcile(purchases, portal, result.context.rs, { purchaseIds, portalIds });
  }

  const skipped: AppliedDecisions['skipped'] = [];
  decisions.forEach((decision, k) => {
    const problem = problems.get(k);
    if (problem) {
      skipped.push({ decision, ...problem });
      return;
    }
    if (decision.kind !== 'link' && decision.kind !== 'unlink') return;
    const undoneBy = [...decision.purchaseIds.map((id) => 'P:' + id), ...decision.portalIds.map((id) => 'G:' + id)].find(
      (key) => (lastSetAside.get(key) ?? -1) > k,
    );
    if (undoneBy !== undefined) {
      const isBooks = undoneBy.startsWith('P:');
      skipped.push({
        decision,
        code: 'RECON_SET_ASIDE',
        message: `A later decision ${isBooks ? 'excluded books' : 'discarded portal'} document ${undoneBy.slice(2)}.`,
      });
      return;
    }
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
  });
  return { result: current, skipped };
};
