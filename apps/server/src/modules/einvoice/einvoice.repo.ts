// Drizzle queries of /e-invoice: the sales documents that need an IRN, with their e-invoice row (none = YetNotGenerated).
// The tenant (subscriber) and the user's locations are required parameters of every query.
import {
  EINVOICE_DOCUMENT_TYPE_VALUES,
  EINVOICE_STATUSES,
  EINVOICE_SUPPLY_TYPE_VALUES,
  type EINVOICE_SORT_COLUMNS,
  type EinvoiceFilters,
  type EinvoiceItem,
  type EinvoiceStatus,
} from '@opengst/contracts';
import { and, asc, count, eq, inArray, max, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database';
import { documents, einvoices, entities, entityTurnovers } from '../../db/schema';
import { orderByOf } from '../../platform/lists';
import { documentListConditions, linesAndBuyerOf } from '../../platform/stored-document';

type Page = { start: number; size: number; sortExpression?: string | null | undefined };
export type EinvoiceRow = typeof einvoices.$inferSelect;
export type EinvoiceDocumentRow = typeof documents.$inferSelect;

const d = documents;
const e = einvoices;

/** A document without an e-invoice row has none yet. */
export const statusOf = sql<EinvoiceStatus>`coalesce(${e.status}, 'YetNotGenerated')`;

/**
 * The documents e-invoicing covers (Rule 48(4); Notification 13/2020-CT as amended): final sales invoices, credit and
 * debit notes to a registered buyer, an SEZ or abroad (NIC SupTyp B2B, SEZWP, SEZWOP, EXPWP, EXPWOP, DEXP). A sales
 * document saved without a supply type is B2B when it names the buyer's GSTIN (the document save's rule).
 */
export const eligibleWhere = (subscriberId: number, locationIds: readonly number[]): SQL =>
  and(
    eq(d.subscriberId, subscriberId),
    inArray(d.entityId, locationIds.length ? [...locationIds] : [-1]),
    eq(d.direction, 'Sales'),
    eq(d.isDraftDocument, false),
    inArray(d.documentType, [...EINVOICE_DOCUMENT_TYPE_VALUES]),
    or(
      inArray(d.supplyType, [...EINVOICE_SUPPLY_TYPE_VALUES]),
      and(sql`coalesce(${d.supplyType}, '') = ''`, sql`${d.counterpartyGstin} <> ''`),
    ),
  )!;

export const einvoiceWhere = (subscriberId: number, locationIds: readonly number[], f: EinvoiceFilters | undefined): SQL =>
  and(
    eligibleWhere(subscriberId, locationIds),
    ...documentListConditions(f, [e.irn]),
    f?.supplyTypes?.length ? inArray(sql`coalesce(nullif(${d.supplyType}, ''), 'B2B')`, f.supplyTypes) : undefined,
    f?.statuses?.length ? inArray(statusOf, f.statuses) : undefined,
    f?.gstins?.length
      ? inArray(
          d.counterpartyGstin,
          f.gstins.map((g) => g.toUpperCase()),
        )
      : undefined,
  )!;

/** The columns /e-invoice sorts by (contracts' EINVOICE_SORT_COLUMNS, the compiler keeps them equal). */
const SORT: Record<(typeof EINVOICE_SORT_COLUMNS)[number], AnyPgColumn> = {
  id: d.id,
  documentDate: d.documentDate,
  documentNumber: d.documentNumber,
  documentValue: d.documentValue,
  ackDate: e.ackDate,
};

const LIST_COLUMNS = {
  doc: {
    id: d.id,
    entityId: d.entityId,
    documentType: d.documentType,
    documentNumber: d.documentNumber,
    documentDate: d.documentDate,
    supplyType: d.supplyType,
    counterpartyGstin: d.counterpartyGstin,
    counterpartyName: d.counterpartyName,
    documentValue: d.documentValue,
  },
  entityName: entities.entityName,
  gstin: entities.gstin,
  einvoice: e,
};

type ListRow = {
  doc: {
    id: number;
    entityId: number;
    documentType: string;
    documentNumber: string;
    documentDate: string;
    supplyType: string | null;
    counterpartyGstin: string;
    counterpartyName: string | null;
    documentValue: number;
  };
  entityName: string;
  gstin: string | null;
  einvoice: EinvoiceRow | null;
};

export const toEinvoiceItem = (r: ListRow): EinvoiceItem => ({
  id: r.doc.id,
  entityId: r.doc.entityId,
  entityName: r.entityName,
  gstin: r.gstin,
  documentType: r.doc.documentType,
  documentNumber: r.doc.documentNumber,
  documentDate: r.doc.documentDate,
  supplyType: r.doc.supplyType || 'B2B',
  counterpartyGstin: r.doc.counterpartyGstin,
  counterpartyName: r.doc.counterpartyName,
  documentValue: r.doc.documentValue,
  status: r.einvoice?.status ?? 'YetNotGenerated',
  irn: r.einvoice?.irn ?? null,
  ackNo: r.einvoice?.ackNo ?? null,
  ackDate: r.einvoice?.ackDate?.toISOString() ?? null,
  errorCode: r.einvoice?.errorCode ?? null,
  errorMessage: r.einvoice?.errorMessage ?? null,
  cancelledIrn: r.einvoice?.cancelledIrn ?? null,
  cancelledAt: r.einvoice?.cancelledAt?.toISOString() ?? null,
});

export const findEinvoices = async (db: DbOrTx, where: SQL, page: Page): Promise<{ items: EinvoiceItem[]; totalRecords: number }> => {
  const [rows, [total]] = await Promise.all([
    db
      .select(LIST_COLUMNS)
      .from(d)
      .innerJoin(entities, eq(entities.id, d.entityId))
      .leftJoin(e, eq(e.documentId, d.id))
      .where(where)
      .orderBy(...orderByOf(page.sortExpression, SORT, 'id DESC', d.id))
      .offset(page.start)
      .limit(page.size),
    db.select({ n: count() }).from(d).leftJoin(e, eq(e.documentId, d.id)).where(where),
  ]);
  return { items: rows.map(toEinvoiceItem), totalRecords: total?.n ?? 0 };
};

export const countEinvoiceStatuses = async (db: DbOrTx, where: SQL): Promise<{ status: EinvoiceStatus; count: number }[]> => {
  const rows = await db.select({ status: statusOf, n: count() }).from(d).leftJoin(e, eq(e.documentId, d.id)).where(where).groupBy(statusOf);
  const counts = new Map(rows.map((r) => [r.status, r.n]));
  return EINVOICE_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }));
};

/** The eligible documents among `ids`, with their e-invoice rows, in the order of `ids`' documents' ids. */
export const findEinvoiceDocuments = async (
  db: DbOrTx,
  subscriberId: number,
  locationIds: readonly number[],
  ids: readonly number[],
): Promise<ListRow[]> =>
  db
    .select(LIST_COLUMNS)
    .from(d)
    .innerJoin(entities, eq(entities.id, d.entityId))
    .leftJoin(e, eq(e.documentId, d.id))
    .where(and(eligibleWhere(subscriberId, locationIds), inArray(d.id, [...ids])))
    .orderBy(asc(d.id));

/**
 * What buildEinvoice reads: the document, its location and its e-invoice row (one query), then its lines and the buyer's
 * master record (by GSTIN) at once. Three statements in two round trips instead of six one after the other: each
 * generate-IRN request runs this (bench irn).
 */
export const loadForEinvoice = async (db: DbOrTx, subscriberId: number, documentId: number) => {
  const [row] = await db
    .select({ document: d, location: entities, einvoice: e })
    .from(d)
    .innerJoin(entities, eq(entities.id, d.entityId))
    .leftJoin(e, and(eq(e.documentId, d.id), eq(e.subscriberId, subscriberId)))
    .where(and(eq(d.subscriberId, subscriberId), eq(d.id, documentId)));
  if (!row) return null;
  const { document, location, einvoice } = row;
  const { items, buyer } = await linesAndBuyerOf(db, subscriberId, document);
  return { document, location, items, buyer, einvoice };
};

/** Writes the document's e-invoice row (one per document). */
export const upsertEinvoice = async (
  db: DbOrTx,
  key: { subscriberId: number; entityId: number; documentId: number },
  values: Partial<Omit<typeof einvoices.$inferInsert, 'id' | 'subscriberId' | 'entityId' | 'documentId'>>,
): Promise<EinvoiceRow> => {
  const [row] = await db
    .insert(e)
    .values({ ...key, ...values })
    .onConflictDoUpdate({ target: e.documentId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!;
};

/**
 * The aggregate turnover that decides the e-invoice rules: the highest of any financial year, over every location of
 * the PAN (the rules apply per PAN; once above a limit, always above), in paise; 0 when none is recorded.
 */
export const highestTurnoverOfPan = async (db: DbOrTx, subscriberId: number, pan: string): Promise<number> => {
  const [row] = await db
    .select({ turnover: max(entityTurnovers.turnover) })
    .from(entityTurnovers)
    .innerJoin(entities, eq(entities.id, entityTurnovers.entityId))
    .where(and(eq(entities.subscriberId, subscriberId), sql`coalesce(${entities.pan}, substr(${entities.gstin}, 3, 10)) = ${pan}`));
  return Number(row?.turnover ?? 0);
};

/**
 * The document's own status follows its IRN: Generated while it has one (the document screen then refuses edits and
 * deletion: an e-invoiced document changes only by cancelling the IRN or by a credit or debit note), back to
 * YetNotGenerated when the IRN is cancelled. A document already reported in a filed return (Completed) stays so.
 */
export const markDocumentIrn = async (tx: DbOrTx, documentId: number, hasIrn: boolean): Promise<void> => {
  await tx
    .update(documents)
    .set({ status: hasIrn ? 'Generated' : 'YetNotGenerated' })
    .where(and(eq(documents.id, documentId), eq(documents.status, hasIrn ? 'YetNotGenerated' : 'Generated')));
};
