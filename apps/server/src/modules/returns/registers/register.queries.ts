// Reads of the sales and purchase registers: the paged list with its totals, the status-count bar and the export
// rows. Scoped to the subscriber and to the locations the user may see (register.scope.ts).
import {
  type Direction,
  DocumentStatusSchema,
  REGISTER_DEFAULT_SORT,
  type RegisterFilters,
  type RegisterItem,
  type RegisterSearchResponse,
  type StatusCountItem,
} from '@opengst/contracts';
import { count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/database';
import { documentItems, documents, entities } from '../../../db/schema';
import { orderByOf } from '../../../platform/lists';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { loadInstallationSettings } from '../../../platform/settings/installation-settings';
import { assertBulkLimits, documentConditions } from './register-filters.queries';
import { locationScope } from '../../../platform/location-scope';
import { answeredByTotals, type RegisterSummary, statusCountsFromTotals, summaryFromTotals } from './register-totals.queries';

const d = documents;

/** REGISTER_SORT_FIELDS and their columns. */
export const REGISTER_SORT_COLUMNS = {
  id: d.id,
  documentDate: d.documentDate,
  documentNumber: d.documentNumber,
  documentType: d.documentType,
  counterpartyGstin: d.counterpartyGstin,
  counterpartyName: d.counterpartyName,
  returnPeriod: d.returnPeriod,
  taxable: d.taxable,
  documentValue: d.documentValue,
  status: d.status,
  updatedAt: d.updatedAt,
};

/** A sum of paise: bigint in SQL, a safe integer in JavaScript (below 2^53 paise, ₹90 lakh crore). */
const sumOf = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);

/** The conditions of a request, after its bulk lists are checked and its entity chips expanded. */
export const registerConditions = async (
  db: Db,
  principal: SessionPrincipal,
  direction: Direction,
  filters: RegisterFilters | undefined,
  options: { withStatuses?: boolean } = {},
) => {
  const settings = await loadInstallationSettings(db);
  assertBulkLimits(filters, settings.maxBulkSearchKeywords);
  const locationIds = await locationScope(db, principal, filters?.entityIds);
  return { condition: documentConditions(principal.subscriberId, direction, locationIds, filters, options), locationIds, settings };
};

const itemColumns = {
  id: d.id,
  entityId: d.entityId,
  entityName: entities.entityName,
  gstin: entities.gstin,
  financialYear: d.financialYear,
  returnPeriod: d.returnPeriod,
  documentType: d.documentType,
  documentNumber: d.documentNumber,
  documentDate: d.documentDate,
  supplyType: d.supplyType,
  counterpartyGstin: d.counterpartyGstin,
  counterpartyName: d.counterpartyName,
  placeOfSupply: d.placeOfSupply,
  isReverseCharge: d.isReverseCharge,
  taxable: d.taxable,
  igst: d.igst,
  cgst: d.cgst,
  sgst: d.sgst,
  cess: d.cess,
  documentValue: d.documentValue,
  status: d.status,
  source: d.source,
  importId: d.importId,
  updatedAt: d.updatedAt,
};

export const searchRegister = async (
  db: Db,
  principal: SessionPrincipal,
  direction: Direction,
  request: { start?: number; size?: number | null; sortExpression?: string | null; filters?: RegisterFilters },
): Promise<RegisterSearchResponse> => {
  const orderBy = orderByOf(request.sortExpression, REGISTER_SORT_COLUMNS, REGISTER_DEFAULT_SORT, d.id);
  const { condition, locationIds, settings } = await registerConditions(db, principal, direction, request.filters);
  const start = request.start ?? 0;
  const summary = answeredByTotals(request.filters)
    ? await summaryFromTotals(db, principal.subscriberId, direction, locationIds, request.filters)
    : await exactSummary(db, condition);
  const totalRecords = summary.n;
  if (totalRecords <= start) return { items: [], totalRecords, totals: totalsOf(summary) };
  // The page's ids first, then its rows: over a whole year the ids come from an index alone (documents_register_page or
  // documents_register_value), so skipping to "load more" at start 5000 reads 5,000 index entries, not 5,000 rows.
  const pageIds = (
    await db
      .select({ id: d.id })
      .from(d)
      .where(condition)
      .orderBy(...orderBy)
      .offset(start)
      .limit(request.size ?? settings.pageSize)
  ).map((p) => p.id);
  const byId = new Map(
    (pageIds.length === 0
      ? []
      : await db.select(itemColumns).from(d).innerJoin(entities, eq(entities.id, d.entityId)).where(inArray(d.id, pageIds))
    ).map((row) => [row.id, row]),
  );
  const rows = pageIds.flatMap((id) => byId.get(id) ?? []);
  const counts =
    rows.length === 0
      ? []
      : await db
          .select({ documentId: documentItems.documentId, n: count() })
          .from(documentItems)
          .where(
            inArray(
              documentItems.documentId,
              rows.map((r) => r.id),
            ),
          )
          .groupBy(documentItems.documentId);
  const itemCount = new Map(counts.map((c) => [c.documentId, c.n]));
  return {
    totalRecords,
    totals: totalsOf(summary),
    items: rows.map((r): RegisterItem => ({ ...r, itemCount: itemCount.get(r.id) ?? 0, updatedAt: r.updatedAt.toISOString() })),
  };
};

/** The count and totals summed over the matching documents themselves. */
const exactSummary = async (db: Db, condition: SQL | undefined): Promise<RegisterSummary> => {
  const [summary] = await db
    .select({
      n: count(),
      taxable: sumOf(d.taxable),
      igst: sumOf(d.igst),
      cgst: sumOf(d.cgst),
      sgst: sumOf(d.sgst),
      cess: sumOf(d.cess),
      documentValue: sumOf(d.documentValue),
    })
    .from(d)
    .where(condition);
  return summary ?? { n: 0, taxable: 0, igst: 0, cgst: 0, sgst: 0, cess: 0, documentValue: 0 };
};

const totalsOf = (s: RegisterSummary) => ({
  taxable: s.taxable,
  igst: s.igst,
  cgst: s.cgst,
  sgst: s.sgst,
  cess: s.cess,
  documentValue: s.documentValue,
});

/** Every document status with its count over the filters without `statuses`; `total` is every matching document. */
export const statusCounts = async (
  db: Db,
  principal: SessionPrincipal,
  direction: Direction,
  filters: RegisterFilters | undefined,
): Promise<StatusCountItem[]> => {
  const { condition, locationIds } = await registerConditions(db, principal, direction, filters, { withStatuses: false });
  const rows = answeredByTotals(filters)
    ? await statusCountsFromTotals(db, principal.subscriberId, direction, locationIds, filters)
    : await db.select({ status: d.status, n: count() }).from(d).where(condition).groupBy(d.status);
  const byStatus = new Map(rows.map((r) => [r.status, r.n]));
  const total = rows.reduce((sum, r) => sum + r.n, 0);
  return DocumentStatusSchema.options.map((status) => ({ status, count: byStatus.get(status) ?? 0, total }));
};
