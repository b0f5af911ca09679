// Drizzle queries of /e-way-bill and /consolidated-eway-bill: the documents that move goods, with their current e-way
// bill (none = YetNotGenerated), and the trip sheets. The tenant (subscriber) and the user's locations are required
// parameters of every query.
import {
  EWAYBILL_DOCUMENT_TYPE_VALUES,
  EWAYBILL_STATUSES,
  type CONSOLIDATED_EWAYBILL_SORT_COLUMNS,
  type ConsolidatedEwaybillFilters,
  type ConsolidatedEwaybillItem,
  type EWAYBILL_SORT_COLUMNS,
  type EwaybillFilters,
  type EwaybillItem,
  type EwaybillStatus,
} from '@opengst/contracts';
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database';
import { consolidatedEwaybillItems, consolidatedEwaybills, documents, entities, ewaybillEvents, ewaybills, users } from '../../db/schema';
import { orderByOf } from '../../platform/lists';
import { documentListConditions, linesAndBuyerOf } from '../../platform/stored-document';

type Page = { start: number; size: number; sortExpression?: string | null | undefined };
export type EwaybillRow = typeof ewaybills.$inferSelect;
export type ConsolidatedRow = typeof consolidatedEwaybills.$inferSelect;

const d = documents;
const e = ewaybills;
const c = consolidatedEwaybills;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The statuses in which the e-way bill is a live document of movement (Rule 138(10): until its validity ends). */
export const LIVE_STATUSES: readonly EwaybillStatus[] = [
  'Generated',
  'TransporterUpdated',
  'TransportDetailsUpdated',
  'ValidityExtended',
  'VehicleDetailUpdated',
  'MultiVehicleInitiated',
  'MultiVehicleAdded',
  'MultiVehicleUpdated',
];

/** The status shown at `now`: a live e-way bill past its validity is Expired; a document without one YetNotGenerated. */
export const statusAt = (now: Date) =>
  sql<EwaybillStatus>`case when ${e.status} in (${sql.join(
    LIVE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )}) and ${e.validUntil} < ${now.toISOString()}::timestamptz then 'Expired' else coalesce(${e.status}, 'YetNotGenerated') end`;

export const shownStatus = (row: Pick<EwaybillRow, 'status' | 'validUntil'> | null, now: Date): EwaybillStatus =>
  !row
    ? 'YetNotGenerated'
    : LIVE_STATUSES.includes(row.status) && row.validUntil && row.validUntil.getTime() < now.getTime()
      ? 'Expired'
      : row.status;

/**
 * The documents an e-way bill is made of (NIC docType INV, BIL, BOE, CHL, OTH; Rule 138(1): a movement of goods in
 * relation to a supply): final sales documents of the user's locations. Credit and debit notes move no goods.
 */
export const eligibleWhere = (subscriberId: number, locationIds: readonly number[]): SQL =>
  and(
    eq(d.subscriberId, subscriberId),
    inArray(d.entityId, locationIds.length ? [...locationIds] : [-1]),
    eq(d.direction, 'Sales'),
    eq(d.isDraftDocument, false),
    inArray(d.documentType, [...EWAYBILL_DOCUMENT_TYPE_VALUES]),
  )!;

export const ewaybillWhere = (subscriberId: number, locationIds: readonly number[], f: EwaybillFilters | undefined, now: Date): SQL =>
  and(
    eligibleWhere(subscriberId, locationIds),
    ...documentListConditions(f, [e.ewbNumber, e.vehicleNumber]),
    f?.sourceType ? eq(d.source, f.sourceType) : undefined,
    f?.pushStatuses?.length ? inArray(statusAt(now), f.pushStatuses) : undefined,
  )!;

const SORT: Record<(typeof EWAYBILL_SORT_COLUMNS)[number], AnyPgColumn> = {
  id: d.id,
  documentDate: d.documentDate,
  documentNumber: d.documentNumber,
  documentValue: d.documentValue,
  generatedAt: e.generatedAt,
  validUntil: e.validUntil,
};

const LIST_COLUMNS = {
  doc: {
    id: d.id,
    entityId: d.entityId,
    documentType: d.documentType,
    documentNumber: d.documentNumber,
    documentDate: d.documentDate,
    source: d.source,
    counterpartyGstin: d.counterpartyGstin,
    counterpartyName: d.counterpartyName,
    documentValue: d.documentValue,
  },
  entityName: entities.entityName,
  gstin: entities.gstin,
  ewaybill: e,
};

export type EwaybillListRow = {
  doc: {
    id: number;
    entityId: number;
    documentType: string;
    documentNumber: string;
    documentDate: string;
    source: string;
    counterpartyGstin: string;
    counterpartyName: string | null;
    documentValue: number;
  };
  entityName: string;
  gstin: string | null;
  ewaybill: EwaybillRow | null;
};

export const toEwaybillItem = (r: EwaybillListRow, now: Date): EwaybillItem => {
  const w = r.ewaybill;
  return {
    id: r.doc.id,
    entityId: r.doc.entityId,
    entityName: r.entityName,
    gstin: r.gstin,
    documentType: r.doc.documentType,
    documentNumber: r.doc.documentNumber,
    documentDate: r.doc.documentDate,
    source: r.doc.source,
    counterpartyGstin: r.doc.counterpartyGstin,
    counterpartyName: r.doc.counterpartyName,
    documentValue: r.doc.documentValue,
    status: shownStatus(w, now),
    ewbNumber: w?.ewbNumber ?? null,
    generatedAt: w?.generatedAt?.toISOString() ?? null,
    validUntil: w?.validUntil?.toISOString() ?? null,
    distanceKm: w?.distanceKm ?? null,
    transportMode: w?.transportMode ?? null,
    vehicleNumber: w?.vehicleNumber ?? null,
    transporterId: w?.transporterId ?? null,
    transporterName: w?.transporterName ?? null,
    extensionCount: w?.extensionCount ?? 0,
    errorCode: w?.errorCode ?? null,
    errorMessage: w?.errorMessage ?? null,
  };
};

export const findEwaybills = async (
  db: DbOrTx,
  where: SQL,
  page: Page,
  now: Date,
): Promise<{ items: EwaybillItem[]; totalRecords: number }> => {
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
  return { items: rows.map((r) => toEwaybillItem(r, now)), totalRecords: total?.n ?? 0 };
};

export const countEwaybillStatuses = async (db: DbOrTx, where: SQL, now: Date): Promise<{ status: EwaybillStatus; count: number }[]> => {
  // Grouped by position: the expression carries the clock as a parameter, which a repeated expression would not match.
  const status = statusAt(now);
  const rows = await db
    .select({ status, n: count() })
    .from(d)
    .leftJoin(e, eq(e.documentId, d.id))
    .where(where)
    .groupBy(sql`1`);
  const counts = new Map(rows.map((r) => [r.status, r.n]));
  return EWAYBILL_STATUSES.map((s) => ({ status: s, count: counts.get(s) ?? 0 }));
};

/** The eligible documents among `ids` with their e-way bills, in the order of the documents' ids. */
export const findEwaybillDocuments = async (
  db: DbOrTx,
  subscriberId: number,
  locationIds: readonly number[],
  ids: readonly number[],
): Promise<EwaybillListRow[]> =>
  db
    .select(LIST_COLUMNS)
    .from(d)
    .innerJoin(entities, eq(entities.id, d.entityId))
    .leftJoin(e, eq(e.documentId, d.id))
    .where(and(eligibleWhere(subscriberId, locationIds), inArray(d.id, [...ids])))
    .orderBy(asc(d.id));

/** What buildEwaybill reads: the document, its lines, its location and the buyer's master record (by GSTIN). */
export const loadForEwaybill = async (db: DbOrTx, subscriberId: number, documentId: number) => {
  const [document] = await db
    .select()
    .from(d)
    .where(and(eq(d.subscriberId, subscriberId), eq(d.id, documentId)));
  if (!document) return null;
  const [location] = await db.select().from(entities).where(eq(entities.id, document.entityId));
  const { items, buyer } = await linesAndBuyerOf(db, subscriberId, document);
  return location ? { document, location, items, buyer } : null;
};

/** Writes the document's current e-way bill (one row per document). */
export const upsertEwaybill = async (
  db: DbOrTx,
  key: { subscriberId: number; entityId: number; documentId: number },
  values: Partial<Omit<typeof ewaybills.$inferInsert, 'id' | 'subscriberId' | 'entityId' | 'documentId'>>,
): Promise<EwaybillRow> => {
  const [row] = await db
    .insert(e)
    .values({ ...key, ...values })
    .onConflictDoUpdate({ target: e.documentId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!;
};

export const updateEwaybill = async (
  db: DbOrTx,
  id: number,
  values: Partial<Omit<typeof ewaybills.$inferInsert, 'id' | 'subscriberId' | 'entityId' | 'documentId'>>,
): Promise<EwaybillRow> => {
  const [row] = await db
    .update(e)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(e.id, id))
    .returning();
  return row!;
};

export const insertEwaybillEvent = async (db: DbOrTx, event: typeof ewaybillEvents.$inferInsert): Promise<void> => {
  await db.insert(ewaybillEvents).values(event);
};

export const eventsOf = async (db: DbOrTx, ewaybillId: number) =>
  db
    .select({ event: ewaybillEvents, byName: users.displayName })
    .from(ewaybillEvents)
    .leftJoin(users, eq(users.id, ewaybillEvents.by))
    .where(eq(ewaybillEvents.ewaybillId, ewaybillId))
    .orderBy(asc(ewaybillEvents.id));

// Consolidated e-way bills -------------------------------------------------------------------------------------------

export const consolidatedWhere = (
  subscriberId: number,
  locationIds: readonly number[],
  f: ConsolidatedEwaybillFilters | undefined,
): SQL => {
  const text = f?.text ? `%${escapeLike(f.text)}%` : null;
  return and(
    eq(c.subscriberId, subscriberId),
    inArray(c.entityId, locationIds.length ? [...locationIds] : [-1]),
    f?.pushStatus ? eq(c.status, f.pushStatus) : undefined,
    text ? or(ilike(c.tripSheetNumber, text), ilike(c.vehicleNumber, text)) : undefined,
  )!;
};

const CONSOLIDATED_SORT: Record<(typeof CONSOLIDATED_EWAYBILL_SORT_COLUMNS)[number], AnyPgColumn> = {
  id: c.id,
  generatedAt: c.generatedAt,
};

export const findConsolidated = async (
  db: DbOrTx,
  where: SQL,
  page: Page,
): Promise<{ items: ConsolidatedEwaybillItem[]; totalRecords: number }> => {
  const [rows, [total]] = await Promise.all([
    db
      .select({ c, entityName: entities.entityName })
      .from(c)
      .innerJoin(entities, eq(entities.id, c.entityId))
      .where(where)
      .orderBy(...orderByOf(page.sortExpression, CONSOLIDATED_SORT, 'id DESC', c.id))
      .offset(page.start)
      .limit(page.size),
    db.select({ n: count() }).from(c).where(where),
  ]);
  const members = await membersOf(
    db,
    rows.map((r) => r.c.id),
  );
  return { items: rows.map((r) => toConsolidatedItem(r.c, r.entityName, members.get(r.c.id) ?? [])), totalRecords: total?.n ?? 0 };
};

export const membersOf = async (db: DbOrTx, consolidatedIds: readonly number[]) => {
  const map = new Map<number, { documentId: number; documentNumber: string; ewbNumber: string | null; ewaybillId: number }[]>();
  if (!consolidatedIds.length) return map;
  const rows = await db
    .select({
      consolidatedId: consolidatedEwaybillItems.consolidatedId,
      ewaybillId: e.id,
      documentId: d.id,
      documentNumber: d.documentNumber,
      ewbNumber: e.ewbNumber,
    })
    .from(consolidatedEwaybillItems)
    .innerJoin(e, eq(e.id, consolidatedEwaybillItems.ewaybillId))
    .innerJoin(d, eq(d.id, e.documentId))
    .where(inArray(consolidatedEwaybillItems.consolidatedId, [...consolidatedIds]))
    .orderBy(asc(consolidatedEwaybillItems.id));
  for (const r of rows) map.set(r.consolidatedId, [...(map.get(r.consolidatedId) ?? []), r]);
  return map;
};

export const toConsolidatedItem = (
  row: ConsolidatedRow,
  entityName: string,
  members: readonly { documentId: number; documentNumber: string; ewbNumber: string | null }[],
): ConsolidatedEwaybillItem => ({
  id: row.id,
  entityId: row.entityId,
  entityName,
  tripSheetNumber: row.tripSheetNumber,
  status: row.status,
  transportMode: row.transportMode,
  vehicleNumber: row.vehicleNumber,
  transportDocumentNumber: row.transportDocumentNumber,
  fromPlace: row.fromPlace,
  fromState: row.fromState,
  generatedAt: row.generatedAt?.toISOString() ?? null,
  errorCode: row.errorCode,
  errorMessage: row.errorMessage,
  ewaybills: members.map((m) => ({ documentId: m.documentId, documentNumber: m.documentNumber, ewbNumber: m.ewbNumber })),
});

/** The number of the document's e-way bill when it is live at `now` (not cancelled, rejected or past its validity). */
export const liveEwaybillNumberOf = async (db: DbOrTx, subscriberId: number, documentId: number, now: Date): Promise<string | null> => {
  const [row] = await db
    .select({ status: e.status, validUntil: e.validUntil, ewbNumber: e.ewbNumber })
    .from(e)
    .where(and(eq(e.subscriberId, subscriberId), eq(e.documentId, documentId)));
  return row?.ewbNumber && LIVE_STATUSES.includes(shownStatus(row, now)) ? row.ewbNumber : null;
};
