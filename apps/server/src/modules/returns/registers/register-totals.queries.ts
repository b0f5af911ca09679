// The count, totals and status counts of a register from register_totals (kept by the triggers of migration 0007) when
// the filters only name its dimensions: a whole financial year of a busy subscriber is half a million documents, which
// no index sums within a request, but a few hundred register_totals rows. Other filters (text, GSTINs, PANs, document
// numbers, dates, places of supply, import) are selective and stay on the exact query over documents.
import { type Direction, type DocumentStatus, type RegisterFilters } from '@opengst/contracts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/database';
import { registerTotals } from '../../../db/schema';
import { signedAmount } from './register-sign';

const r = registerTotals;

/** The filters register_totals can answer: its own columns. Every other filter, present now or added later, is not. */
const DIMENSION_FILTERS = new Set<keyof RegisterFilters>([
  'entityIds',
  'financialYear',
  'returnPeriods',
  'documentTypes',
  'supplyTypes',
  'statuses',
  'sourceTypes',
  'isReverseCharge',
]);

const isSet = (value: unknown) =>
  value !== undefined &&
  value !== null &&
  !(Array.isArray(value) && value.length === 0) &&
  !(typeof value === 'string' && value.trim() === '');

/** Whether register_totals answers these filters (isDocNumberLikeSearch alone changes nothing without document numbers). */
export const answeredByTotals = (filters: RegisterFilters = {}): boolean =>
  Object.entries(filters).every(
    ([key, value]) => DIMENSION_FILTERS.has(key as keyof RegisterFilters) || key === 'isDocNumberLikeSearch' || !isSet(value),
  );

const upper = (values: readonly string[]) => [...new Set(values.map((v) => v.toUpperCase()))];

/** The same conditions as documentConditions (register.filters.ts), on the dimensions of register_totals. */
const totalsConditions = (
  subscriberId: number,
  direction: Direction,
  locationIds: readonly number[],
  f: RegisterFilters,
  withStatuses: boolean,
): SQL | undefined =>
  and(
    eq(r.subscriberId, subscriberId),
    eq(r.direction, direction),
    eq(r.isDraftDocument, false),
    inArray(r.entityId, [...locationIds]),
    f.financialYear ? eq(r.financialYear, f.financialYear) : undefined,
    f.returnPeriods?.length ? inArray(r.returnPeriod, f.returnPeriods) : undefined,
    f.documentTypes?.length ? inArray(r.documentType, upper(f.documentTypes)) : undefined,
    // A document without a supply type is stored under '', which no filter value is.
    f.supplyTypes?.length ? inArray(r.supplyType, f.supplyTypes) : undefined,
    withStatuses && f.statuses?.length ? inArray(r.status, f.statuses) : undefined,
    f.sourceTypes?.length ? inArray(r.source, f.sourceTypes) : undefined,
    typeof f.isReverseCharge === 'boolean' ? eq(r.isReverseCharge, f.isReverseCharge) : undefined,
  );

const sumOf = (column: AnyPgColumn | SQL) => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);
/** An amount summed with its document type's sign: the groups are by document type, so credit notes count negative. */
const netOf = (column: AnyPgColumn) => sumOf(signedAmount(column, r.documentType));

export type RegisterSummary = { n: number; taxable: number; igst: number; cgst: number; sgst: number; cess: number; documentValue: number };

/** The number of matching documents and their totals. */
export const summaryFromTotals = async (
  db: Db,
  subscriberId: number,
  direction: Direction,
  locationIds: readonly number[],
  filters: RegisterFilters = {},
): Promise<RegisterSummary> => {
  const [row] = await db
    .select({
      n: sumOf(r.documents),
      taxable: netOf(r.taxable),
      igst: netOf(r.igst),
      cgst: netOf(r.cgst),
      sgst: netOf(r.sgst),
      cess: netOf(r.cess),
      documentValue: netOf(r.documentValue),
    })
    .from(r)
    .where(totalsConditions(subscriberId, direction, locationIds, filters, true));
  return row ?? { n: 0, taxable: 0, igst: 0, cgst: 0, sgst: 0, cess: 0, documentValue: 0 };
};

/** The number of matching documents per status, over the filters without `statuses`. */
export const statusCountsFromTotals = async (
  db: Db,
  subscriberId: number,
  direction: Direction,
  locationIds: readonly number[],
  filters: RegisterFilters = {},
): Promise<{ status: DocumentStatus; n: number }[]> =>
  db
    .select({ status: r.status, n: sumOf(r.documents) })
    .from(r)
    .where(totalsConditions(subscriberId, direction, locationIds, filters, false))
    .groupBy(r.status);
