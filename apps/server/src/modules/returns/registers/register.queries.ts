// Reads of the sales and purchase registers: the register as a report source (its page, count and totals through
// platform/reports) and the status-count bar. Scoped to the subscriber and to the locations the user may see.
import { type Direction, DocumentStatusSchema, type RegisterFilters, type RegisterReport, type StatusCountItem } from '@opengst/contracts';
import { count, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/database';
import { documentSign } from '@opengst/domain';
import { documentItems, documents, entities } from '../../../db/schema';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { loadInstallationSettings } from '../../../platform/settings/installation-settings';
import type { ReportSource } from '../../../platform/reports/report.queries';
import { assertBulkLimits, documentConditions } from './register-filters.queries';
import { signedAmount } from './register-sign';
import { locationScope } from '../../../platform/location-scope';
import { answeredByTotals, statusCountsFromTotals, summaryFromTotals } from './register-totals.queries';

const d = documents;

/** The sortable columns of the register report (contracts REGISTER_REPORTS) on the documents table. */
export const REGISTER_SORT_COLUMNS = {
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

/** The conditions of a request, after its bulk lists are checked and its entity chips expanded. */
export const registerConditions = async (
  db: DbOrTx,
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

const rowColumns = {
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

type RegisterScope = Awaited<ReturnType<typeof registerConditions>>;

/**
 * A register's documents: rows with their location and item count, totals from register_totals when the filters allow.
 * Amounts and totals are signed (register-sign.ts): a credit note shows and counts negative. A sort by amount orders by
 * the stored amount (the index's), so a credit note sorts by its size.
 */
export const registerSource = (direction: Direction): ReportSource<RegisterReport, RegisterScope> => ({
  table: d,
  id: d.id,
  sortColumns: REGISTER_SORT_COLUMNS,
  totalColumns: {
    taxable: signedAmount(d.taxable, d.documentType),
    igst: signedAmount(d.igst, d.documentType),
    cgst: signedAmount(d.cgst, d.documentType),
    sgst: signedAmount(d.sgst, d.documentType),
    cess: signedAmount(d.cess, d.documentType),
    documentValue: signedAmount(d.documentValue, d.documentType),
  },
  scope: (db, principal, filters) => registerConditions(db, principal, direction, filters),
  summary: async (db, principal, scope, filters) => {
    if (!answeredByTotals(filters)) return null;
    const { n, ...totals } = await summaryFromTotals(db, principal.subscriberId, direction, scope.locationIds, filters);
    return { n, totals };
  },
  rowsOf: async (db, ids) => {
    const rows = await db
      .select(rowColumns)
      .from(d)
      .innerJoin(entities, eq(entities.id, d.entityId))
      .where(inArray(d.id, [...ids]));
    const counts = await db
      .select({ documentId: documentItems.documentId, n: count() })
      .from(documentItems)
      .where(inArray(documentItems.documentId, [...ids]))
      .groupBy(documentItems.documentId);
    const itemCount = new Map(counts.map((c) => [c.documentId, c.n]));
    return rows.map((r) => {
      const sign = documentSign(r.documentType);
      return {
        ...r,
        taxable: sign * r.taxable,
        igst: sign * r.igst,
        cgst: sign * r.cgst,
        sgst: sign * r.sgst,
        cess: sign * r.cess,
        documentValue: sign * r.documentValue,
        itemCount: itemCount.get(r.id) ?? 0,
        updatedAt: r.updatedAt.toISOString(),
      };
    });
  },
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
