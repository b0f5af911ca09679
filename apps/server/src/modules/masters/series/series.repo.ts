// Drizzle queries of the document number series and their allocations. The tenant (subscriber) is a required parameter
// of every query; allocations are also narrowed to the locations the user may see.
import type {
  ALLOCATION_SORT_COLUMNS,
  Allocation,
  AllocationFilters,
  SERIES_SORT_COLUMNS,
  Series,
  SeriesFilters,
} from '@opengst/contracts';
import { formatSeriesNumber } from '@opengst/domain';
import { and, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/database';
import { documentSeries, entities, seriesAllocations, users } from '../../../db/schema';
import { orderByOf } from '../../../platform/lists';

export type SeriesRow = typeof documentSeries.$inferSelect;
export type AllocationRow = typeof seriesAllocations.$inferSelect;
type Page = { start: number; size: number; sortExpression?: string | null | undefined };

const s = documentSeries;
const a = seriesAllocations;
const updater = alias(users, 'series_updater');

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const activeAllocations = sql<number>`(select count(*)::int from ${a} where ${a.seriesId} = ${s.id} and ${a.status} = 'Active')`.mapWith(
  Number,
);

export const seriesWhere = (subscriberId: number, filters: SeriesFilters | undefined): SQL =>
  and(
    eq(s.subscriberId, subscriberId),
    filters?.financialYear ? eq(s.financialYear, filters.financialYear) : undefined,
    filters?.status ? eq(s.status, filters.status) : undefined,
    filters?.text ? or(ilike(s.name, `%${escapeLike(filters.text)}%`), ilike(s.prefix, `%${escapeLike(filters.text)}%`)) : undefined,
  )!;

/** The columns a series list sorts by (contracts' SERIES_SORT_COLUMNS, the compiler keeps them equal). */
const SERIES_SORT: Record<(typeof SERIES_SORT_COLUMNS)[number], AnyPgColumn> = {
  id: s.id,
  name: s.name,
  financialYear: s.financialYear,
  prefix: s.prefix,
  nextNumber: s.nextNumber,
  status: s.status,
  updatedAt: s.updatedAt,
};
const seriesOrder = (sortExpression: string | null | undefined) => orderByOf(sortExpression, SERIES_SORT, 'id DESC', s.id);

export const toSeries = (row: SeriesRow, allocations: number, updatedByName: string | null): Series => ({
  id: row.id,
  name: row.name,
  financialYear: row.financialYear,
  prefix: row.prefix,
  padding: row.padding,
  startNumber: row.startNumber,
  nextNumber: row.nextNumber,
  nextDocumentNumber: formatSeriesNumber(row, row.nextNumber),
  numbered: row.numbered,
  lastNumber: row.lastNumber,
  allocations,
  status: row.status,
  updatedByName,
  updatedAt: row.updatedAt.toISOString(),
});

/** A page of series (or every one, for the export) with their active allocations and who changed them last. */
export const findSeries = async (db: DbOrTx, where: SQL, page: Page): Promise<{ items: Series[]; totalRecords: number }> => {
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: s, allocations: activeAllocations, updatedByName: updater.displayName })
      .from(s)
      .leftJoin(updater, eq(updater.id, s.updatedBy))
      .where(where)
      .orderBy(...seriesOrder(page.sortExpression))
      .offset(page.start)
      .limit(page.size),
    db.select({ n: count() }).from(s).where(where),
  ]);
  return { items: rows.map((r) => toSeries(r.row, r.allocations, r.updatedByName)), totalRecords: total?.n ?? 0 };
};

export const findSeriesRow = async (db: DbOrTx, subscriberId: number, id: number): Promise<SeriesRow | undefined> => {
  const [row] = await db
    .select()
    .from(s)
    .where(and(eq(s.subscriberId, subscriberId), eq(s.id, id)));
  return row;
};

export const findSeriesRows = async (db: DbOrTx, subscriberId: number, ids: readonly number[]): Promise<SeriesRow[]> =>
  db
    .select()
    .from(s)
    .where(and(eq(s.subscriberId, subscriberId), inArray(s.id, [...ids])));

/** Other series of the financial year allocated to any of these locations, with the location: for the prefix check. */
export const seriesAllocatedTo = async (
  db: DbOrTx,
  subscriberId: number,
  entityIds: readonly number[],
  financialYear: string,
  exceptSeriesId: number | undefined,
) =>
  entityIds.length === 0
    ? []
    : db
        .selectDistinct({ id: s.id, name: s.name, prefix: s.prefix, entityId: a.entityId, entityName: entities.entityName })
        .from(a)
        .innerJoin(s, eq(s.id, a.seriesId))
        .innerJoin(entities, eq(entities.id, a.entityId))
        .where(
          and(
            eq(a.subscriberId, subscriberId),
            inArray(a.entityId, [...entityIds]),
            eq(s.financialYear, financialYear),
            exceptSeriesId === undefined ? undefined : ne(s.id, exceptSeriesId),
          ),
        );

export const allocationsOfSeries = async (db: DbOrTx, seriesIds: readonly number[]): Promise<AllocationRow[]> =>
  seriesIds.length === 0
    ? []
    : db
        .select()
        .from(a)
        .where(inArray(a.seriesId, [...seriesIds]));

// ---- allocations ----

export const allocationWhere = (subscriberId: number, locations: readonly number[], filters: AllocationFilters | undefined): SQL =>
  and(
    eq(a.subscriberId, subscriberId),
    locations.length === 0 ? sql`false` : inArray(a.entityId, [...locations]),
    filters?.seriesId ? eq(a.seriesId, filters.seriesId) : undefined,
    filters?.documentType ? eq(a.documentType, filters.documentType) : undefined,
    filters?.financialYear ? eq(s.financialYear, filters.financialYear) : undefined,
    filters?.status ? eq(a.status, filters.status) : undefined,
  )!;

const ALLOCATION_SORT: Record<(typeof ALLOCATION_SORT_COLUMNS)[number], AnyPgColumn> = {
  id: a.id,
  seriesName: s.name,
  entityName: entities.entityName,
  documentType: a.documentType,
  status: a.status,
  updatedAt: a.updatedAt,
};
const allocationOrder = (sortExpression: string | null | undefined) => orderByOf(sortExpression, ALLOCATION_SORT, 'id DESC', a.id);

const allocationColumns = {
  row: a,
  series: s,
  entityName: entities.entityName,
  gstin: entities.gstin,
};

type AllocationJoined = { row: AllocationRow; series: SeriesRow; entityName: string; gstin: string | null };

const toAllocation = ({ row, series, entityName, gstin }: AllocationJoined): Allocation => ({
  id: row.id,
  seriesId: series.id,
  seriesName: series.name,
  financialYear: series.financialYear,
  prefix: series.prefix,
  nextDocumentNumber: formatSeriesNumber(series, series.nextNumber),
  seriesStatus: series.status,
  entityId: row.entityId,
  entityName,
  gstin,
  documentType: row.documentType,
  isDefault: row.isDefault,
  numbered: row.numbered,
  status: row.status,
  updatedAt: row.updatedAt.toISOString(),
});

export const findAllocations = async (db: DbOrTx, where: SQL, page: Page): Promise<{ items: Allocation[]; totalRecords: number }> => {
  const [rows, [total]] = await Promise.all([
    db
      .select(allocationColumns)
      .from(a)
      .innerJoin(s, eq(s.id, a.seriesId))
      .innerJoin(entities, eq(entities.id, a.entityId))
      .where(where)
      .orderBy(...allocationOrder(page.sortExpression))
      .offset(page.start)
      .limit(page.size),
    db.select({ n: count() }).from(a).innerJoin(s, eq(s.id, a.seriesId)).where(where),
  ]);
  return { items: rows.map(toAllocation), totalRecords: total?.n ?? 0 };
};

export const findAllocationRows = async (db: DbOrTx, subscriberId: number, ids: readonly number[]): Promise<AllocationRow[]> =>
  db
    .select()
    .from(a)
    .where(and(eq(a.subscriberId, subscriberId), inArray(a.id, [...ids])));

export const findAllocation = async (db: DbOrTx, subscriberId: number, id: number): Promise<Allocation | undefined> => {
  const [row] = await db
    .select(allocationColumns)
    .from(a)
    .innerJoin(s, eq(s.id, a.seriesId))
    .innerJoin(entities, eq(entities.id, a.entityId))
    .where(and(eq(a.subscriberId, subscriberId), eq(a.id, id)));
  return row ? toAllocation(row) : undefined;
};
