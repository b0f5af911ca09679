// The generation job of a GSTR-1 / GSTR-1A: reads the return's documents in batches and the period's summary rows,
// builds the portal's save JSON with the domain's buildGstr1, and stores the payload, its section summary and which
// document went to which section (the drill-down), replacing whatever an earlier generation stored.
import {
  buildGstr1,
  type Gstr1Document,
  type Gstr1Item,
  type Gstr1SummaryRow,
  type Gstr1SummaryType,
  sectionOf,
  summarizeGstr1,
} from '@opengst/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/database';
import { documentItems, documents, documentSummaries, returnDocuments, returnErrors, returns } from '../../../db/schema';
import { documentColumnsOf, RETURN_DOCUMENT_FIELDS } from '../../documents';
import { AMENDMENT_SECTION, filedGstr1sOf, selectionParts, type SelectionKey } from './gstr1-selection.queries';
import { type ReturnRow, writeHistory } from '../returns.repo';

/** Documents read per query: a period of 500,000 invoices is read 5,000 at a time, with their items. */
const READ_BATCH = 5000;

export const INTERRUPTED_GENERATION = 'The server stopped while this return was being generated: generate it again.';

export type GenerateDeps = { db: Db; now: () => Date };

/** The selection key of a stored return: a GSTR-1A with its filed GSTR-1, a GSTR-1 with those of the earlier periods. */
export const selectionKeyOf = async (db: DbOrTx, row: ReturnRow): Promise<SelectionKey> => {
  const key: SelectionKey = {
    subscriberId: row.subscriberId,
    entityId: row.entityId,
    returnType: row.returnType,
    returnPeriod: row.returnPeriod,
    returnId: row.id,
  };
  if (row.returnType !== 'GSTR1A') {
    return { ...key, earlierGstr1s: await filedGstr1sOf(db, row.subscriberId, [row.entityId], { before: row.returnPeriod }) };
  }
  const [gstr1] = await filedGstr1sOf(db, row.subscriberId, [row.entityId], { period: row.returnPeriod });
  return { ...key, gstr1: gstr1 ?? null };
};

/** The document's fields the return builders read (documents module), with its id and what a filed return recorded. */
const documentColumns = {
  id: documents.id,
  ...documentColumnsOf(documents, RETURN_DOCUMENT_FIELDS),
  filedReturnId: documents.filedReturnId,
  filedNumber: documents.filedNumber,
  filedDate: documents.filedDate,
  filedItems: documents.filedItems,
};

const itemColumns = {
  documentId: documentItems.documentId,
  hsn: documentItems.hsn,
  description: documentItems.description,
  uqc: documentItems.uqc,
  quantity: documentItems.quantity,
  rate: documentItems.rate,
  taxable: documentItems.taxable,
  igst: documentItems.igst,
  cgst: documentItems.cgst,
  sgst: documentItems.sgst,
  cess: documentItems.cess,
};

/** A list of ids as one text parameter, read back in SQL as bigint[]: one bound value however many ids. */
const idArray = (ids: readonly number[]) => sql`string_to_array(${ids.join(',')}, ',')::bigint[]`;

/**
 * The ids of the selection, in id order, as one text value per part: one row however large the period, and a scan the
 * planner chooses once (a keyset walk per batch can turn quadratic on a table without statistics, as PGlite's is).
 */
const selectedIds = async (db: Db, key: SelectionKey): Promise<number[]> => {
  const ids: number[] = [];
  for (const part of selectionParts(key)) {
    const [row] = await db
      .select({ ids: sql<string | null>`string_agg(${documents.id}::text, ',' order by ${documents.id})` })
      .from(documents)
      .where(part);
    if (row?.ids) for (const id of row.ids.split(',')) ids.push(Number(id));
  }
  return ids;
};

/** The documents of the selection with their items, as the builder takes them, read in batches by id. */
export const loadDocuments = async (db: Db, key: SelectionKey): Promise<{ docs: Gstr1Document[]; ids: number[] }> => {
  const selected = await selectedIds(db, key);
  const docs: Gstr1Document[] = [];
  // The ids of the documents read, in the order of `docs` (one deleted meanwhile is simply not there).
  const ids: number[] = [];
  for (let i = 0; i < selected.length; i += READ_BATCH) {
    const batch = idArray(selected.slice(i, i + READ_BATCH));
    const rows = await db
      .select(documentColumns)
      .from(documents)
      .where(sql`${documents.id} = any(${batch})`)
      .orderBy(asc(documents.id));
    const items = new Map<number, Gstr1Item[]>();
    for (const it of await db
      .select(itemColumns)
      .from(documentItems)
      .where(sql`${documentItems.documentId} = any(${batch})`)
      .orderBy(asc(documentItems.documentId), asc(documentItems.lineNumber))) {
      const { documentId, ...item } = it;
      const list = items.get(documentId);
      if (list) list.push(item);
      else items.set(documentId, [item]);
    }
    for (const r of rows) {
      const { id, filedReturnId, filedNumber, filedDate, filedItems, ...doc } = r;
      docs.push({
        ...doc,
        amendment:
          filedReturnId !== null
            ? {
                documentNumber: filedNumber ?? doc.documentNumber,
                documentDate: filedDate ?? doc.documentDate,
                items: (filedItems as Gstr1Item[] | null) ?? null,
              }
            : null,
        items: items.get(id) ?? [],
      });
      ids.push(id);
    }
  }
  return { docs, ids };
};

/** A stored summary row (document_summaries) as the domain's GSTR-1 reads it; GSTR-3B reads the same rows. */
export const gstr1SummaryRowOf = (s: typeof documentSummaries.$inferSelect): Gstr1SummaryRow => ({
  summaryType: s.summaryType as Gstr1SummaryType,
  placeOfSupply: s.placeOfSupply,
  supplyType: s.supplyType,
  rate: s.rate,
  ecommerceGstin: s.ecommerceGstin,
  documentNature: s.documentNature,
  fromNumber: s.fromNumber,
  toNumber: s.toNumber,
  totalNumber: s.totalNumber,
  cancelledNumber: s.cancelledNumber,
  taxable: s.taxable,
  igst: s.igst,
  cgst: s.cgst,
  sgst: s.sgst,
  cess: s.cess,
  nilRated: s.nilRated,
  exempted: s.exempted,
  nonGst: s.nonGst,
});

/** The period's summary rows (GSTR-1 tables 7, 8, 11 and 13 as imported or keyed in). */
const loadSummaries = async (db: Db, row: ReturnRow): Promise<Gstr1SummaryRow[]> => {
  const rows = await db
    .select()
    .from(documentSummaries)
    .where(
      and(
        eq(documentSummaries.subscriberId, row.subscriberId),
        eq(documentSummaries.entityId, row.entityId),
        eq(documentSummaries.direction, 'Sales'),
        eq(documentSummaries.returnPeriod, row.returnPeriod),
      ),
    )
    .orderBy(asc(documentSummaries.id));
  return rows.map(gstr1SummaryRowOf);
};

/**
 * The section of each document, by the same classification the builder uses (sectionOf, then the amendment table for
 * an amended document), so the drill-down lists exactly the documents the JSON's sections hold.
 */
export const sectionsOf = (
  docs: readonly Gstr1Document[],
  ids: readonly number[],
  supplierState: string,
): { documentId: number; section: string }[] => {
  const out: { documentId: number; section: string }[] = [];
  docs.forEach((d, i) => {
    const section = sectionOf(d, supplierState);
    if (section === null) return;
    out.push({ documentId: ids[i]!, section: d.amendment ? (AMENDMENT_SECTION[section] ?? section) : section });
  });
  return out;
};

const bySection = (placed: readonly { documentId: number; section: string }[]): Map<string, number[]> => {
  const out = new Map<string, number[]>();
  for (const p of placed) {
    const list = out.get(p.section);
    if (list) list.push(p.documentId);
    else out.set(p.section, [p.documentId]);
  }
  return out;
};

/** Runs one generation. Only a return still InProgress is built; it ends Completed or Failed with its history row. */
export const processGeneration = async (deps: GenerateDeps, returnId: number, userId: number | null): Promise<void> => {
  const { db } = deps;
  const [row] = await db.select().from(returns).where(eq(returns.id, returnId));
  if (!row || row.generationStatus !== 'InProgress') return;
  try {
    // Taken before reading, on the clock documents.updated_at is set with: a document changed while this runs makes
    // the return stale.
    const startedAt = deps.now();
    const key = await selectionKeyOf(db, row);
    const { docs, ids } = await loadDocuments(db, key);
    const summaries = row.returnType === 'GSTR1' ? await loadSummaries(db, row) : [];
    const json = buildGstr1(docs, { gstin: row.gstin, period: row.returnPeriod, summaries });
    const payload = JSON.stringify(json);
    const summary = summarizeGstr1(json);
    const placed = sectionsOf(docs, ids, row.gstin.slice(0, 2));
    docs.length = 0;
    await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ status: returns.status, generationStatus: returns.generationStatus })
        .from(returns)
        .where(eq(returns.id, returnId))
        .for('update');
      if (!current || current.generationStatus !== 'InProgress') return;
      await tx.delete(returnDocuments).where(eq(returnDocuments.returnId, returnId));
      await tx.delete(returnErrors).where(eq(returnErrors.returnId, returnId));
      // One statement per section, the ids as one text value (no statement with hundreds of thousands of parameters).
      for (const [section, sectionIds] of bySection(placed)) {
        await tx.execute(
          sql`insert into ${returnDocuments} (return_id, document_id, section) select ${returnId}, unnest(${idArray(sectionIds)}), ${section}`,
        );
      }
      // A new generation starts the portal round again: an Error of the last save is cleared with it.
      const status = current.status === 'Error' ? 'NotSubmitted' : current.status;
      await tx
        .update(returns)
        .set({
          payload,
          summary,
          documentCount: ids.length,
          generationStatus: 'Completed',
          generationMessage: null,
          generatedAt: startedAt,
          generatedBy: userId,
          portalReferenceId: null,
          portalSaveStatus: null,
          lastError: null,
          status,
          updatedAt: deps.now(),
        })
        .where(eq(returns.id, returnId));
      await writeHistory(tx, returnId, userId, {
        action: 'Generate',
        fromStatus: current.status,
        toStatus: status,
        message: `${ids.length} documents, ${placed.length} in the document tables.`,
      });
    });
  } catch (error) {
    console.error(`[return ${returnId}]`, error);
    const message = 'The return could not be generated because of an unexpected error; generate it again.';
    await db
      .update(returns)
      .set({ generationStatus: 'Failed', generationMessage: message, updatedAt: deps.now() })
      .where(eq(returns.id, returnId));
    await writeHistory(db, returnId, userId, { action: 'Generate', message });
  }
};

/**
 * On start, a generation still InProgress belonged to a process that died: the payload is written in the same
 * transaction that completes it, so the last complete generation (if any) is intact. It is marked Failed.
 */
export const recoverInterruptedGenerations = async (db: Db): Promise<number> => {
  const rows = await db
    .update(returns)
    .set({ generationStatus: 'Failed', generationMessage: INTERRUPTED_GENERATION })
    .where(eq(returns.generationStatus, 'InProgress'))
    .returning({ id: returns.id });
  for (const { id } of rows) await writeHistory(db, id, null, { action: 'Generate', message: INTERRUPTED_GENERATION });
  return rows.length;
};
