// The run's lists as reports (contracts RECONCILIATION_*_REPORT): rows, vendors, documents (either side of the rows)
// and the suppliers' filing. Every one is scoped to a run the user may see (visibleRun: the subscriber's, over GSTINs
// the user may all see).
import {
  RECONCILIATION_DOCUMENTS_REPORT,
  RECONCILIATION_FILING_REPORT,
  RECONCILIATION_ROWS_REPORT,
  RECONCILIATION_VENDORS_REPORT,
  type ReconciliationRow,
  type RowFilters,
} from '@opengst/contracts';
import { recommendImsAction, type ReconcileStatus } from '@opengst/domain';
import { and, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import {
  portalDocuments,
  reconciliationActions,
  reconciliationDocuments,
  reconciliationFilings,
  reconciliationRows,
  reconciliationTotals,
  reconciliationVendors,
  rowNumbers,
} from '../../db/schema';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { AppError } from '../../platform/errors';
import type { ReportSource, ReportSummary } from '../../platform/reports/report.queries';
import { visibleRun } from './runs.service';

const runOf = async (db: DbOrTx, principal: SessionPrincipal, filters: { runId: number } | undefined) => {
  if (!filters) throw new AppError('REC0001', { propertyName: 'filters.runId' });
  return visibleRun(db, principal, filters.runId);
};

/** "%text%" for ILIKE, with the pattern's own characters escaped. */
const contains = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The rows whose books or portal number holds `text` anywhere, in any case (what a user types of a bill's number).
 * Each number is tested on its own; the test of both numbers together (rowNumbers) is what the trigram index answers,
 * so a run of a million rows is not read row by row.
 */
export const numberSearch = (text: string): SQL => {
  const t = reconciliationRows;
  const pattern = contains(text);
  return and(ilike(rowNumbers(t), pattern), or(ilike(t.booksNumber, pattern), ilike(t.portalNumber, pattern)))!;
};

/** The documents (either side of the rows) whose own number holds `text`, through the same index as numberSearch. */
export const documentNumberSearch = (text: string): SQL => {
  const pattern = contains(text);
  return and(ilike(reconciliationDocuments.numbers, pattern), ilike(reconciliationDocuments.documentNumber, pattern))!;
};

/** The conditions of the reconciliation tab's filters (also what an action on "all filtered rows" applies to). */
export const rowConditions = (f: RowFilters): SQL | undefined => {
  const t = reconciliationRows;
  const actions = f.actions ?? [];
  const named = actions.filter((a) => a !== 'None');
  return and(
    eq(t.runId, f.runId),
    f.statuses?.length ? inArray(t.status, f.statuses) : undefined,
    f.supplierGstins?.length
      ? inArray(
          t.supplierGstin,
          f.supplierGstins.map((g) => g.trim().toUpperCase()),
        )
      : undefined,
    f.gstins?.length
      ? inArray(
          t.gstin,
          f.gstins.map((g) => g.trim().toUpperCase()),
        )
      : undefined,
    f.documentTypes?.length ? inArray(t.documentType, f.documentTypes) : undefined,
    f.documentNumber?.trim() ? numberSearch(f.documentNumber.trim()) : undefined,
    actions.length
      ? or(named.length ? inArray(t.action, named) : undefined, actions.includes('None') ? isNull(t.action) : undefined)
      : undefined,
    f.acrossPeriodsOnly ? eq(t.acrossPeriods, true) : undefined,
  );
};

const ROW_COLUMNS = {
  id: reconciliationRows.id,
  status: reconciliationRows.status,
  rule: reconciliationRows.rule,
  level: reconciliationRows.level,
  supplierGstin: reconciliationRows.supplierGstin,
  supplierName: reconciliationRows.supplierName,
  gstin: reconciliationRows.gstin,
  portalGstin: reconciliationRows.portalGstin,
  documentType: reconciliationRows.documentType,
  booksNumber: reconciliationRows.booksNumber,
  booksDate: reconciliationRows.booksDate,
  booksPeriod: reconciliationRows.booksPeriod,
  booksTaxable: reconciliationRows.booksTaxable,
  booksTax: reconciliationRows.booksTax,
  portalNumber: reconciliationRows.portalNumber,
  portalDate: reconciliationRows.portalDate,
  portalPeriod: reconciliationRows.portalPeriod,
  portalTaxable: reconciliationRows.portalTaxable,
  portalTax: reconciliationRows.portalTax,
  taxableDifference: reconciliationRows.taxableDifference,
  taxDifference: reconciliationRows.taxDifference,
  acrossPeriods: reconciliationRows.acrossPeriods,
  itcAtRisk: reconciliationRows.itcAtRisk,
  action: reconciliationRows.action,
  claimPeriod: reconciliationRows.claimPeriod,
  booksDocuments: sql<number>`cardinality(${reconciliationRows.purchaseIds})`.mapWith(Number),
  portalDocuments: sql<number>`cardinality(${reconciliationRows.portalIds})`.mapWith(Number),
};

/** Rows by id, as the contracts' row: with the portal's IMS action, the recommendation and the push of the action. */
/** Rows by id; of the run `runId` when the caller knows it, so one partition is read (a list's page knows only ids). */
export const rowsByIds = async (db: DbOrTx, ids: readonly number[], runId?: number): Promise<ReconciliationRow[]> => {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      ...ROW_COLUMNS,
      imsAction: portalDocuments.imsAction,
      imsPendingBlocked: portalDocuments.imsPendingBlocked,
      pushStatus: reconciliationActions.pushStatus,
    })
    .from(reconciliationRows)
    .leftJoin(portalDocuments, sql`${portalDocuments.id} = ${reconciliationRows.portalIds}[1]`)
    .leftJoin(
      reconciliationActions,
      and(
        eq(reconciliationActions.subscriberId, reconciliationRows.subscriberId),
        sql`${reconciliationActions.documentKey} = 'G:' || ${reconciliationRows.portalKeys}[1]`,
      ),
    )
    .where(and(runId === undefined ? undefined : eq(reconciliationRows.runId, runId), inArray(reconciliationRows.id, [...ids])));
  return rows.map(({ imsPendingBlocked, ...row }) => {
    const recommendation =
      row.portalDocuments > 0
        ? recommendImsAction(row.status as ReconcileStatus, { isPendingActionBlocked: imsPendingBlocked ?? false })
        : null;
    // Status and action are the contracts' enums: the job and the actions write no other values.
    return {
      ...row,
      recommendedAction: recommendation?.action ?? null,
      recommendationReason: recommendation?.reason ?? null,
    } as ReconciliationRow;
  });
};

export const rowsSource: ReportSource<typeof RECONCILIATION_ROWS_REPORT> = {
  table: reconciliationRows,
  id: reconciliationRows.id,
  sortColumns: {
    status: reconciliationRows.status,
    supplierName: reconciliationRows.supplierName,
    supplierGstin: reconciliationRows.supplierGstin,
    booksNumber: reconciliationRows.booksNumber,
    booksDate: reconciliationRows.booksDate,
    booksTax: reconciliationRows.booksTax,
    portalNumber: reconciliationRows.portalNumber,
    portalTax: reconciliationRows.portalTax,
    taxDifference: reconciliationRows.taxDifference,
    itcAtRisk: reconciliationRows.itcAtRisk,
  },
  totalColumns: {
    booksTaxable: reconciliationRows.booksTaxable,
    booksTax: reconciliationRows.booksTax,
    portalTaxable: reconciliationRows.portalTaxable,
    portalTax: reconciliationRows.portalTax,
    taxDifference: reconciliationRows.taxDifference,
    itcAtRisk: reconciliationRows.itcAtRisk,
  },
  scope: async (db, principal, filters) => {
    await runOf(db, principal, filters);
    return { condition: rowConditions(filters!) };
  },
  rowsOf: (db, ids) => rowsByIds(db, ids),
  summary: (db, _principal, _scope, filters) => (filters ? summaryOfTotals(db, filters) : Promise.resolve(null)),
};

/** Whether a filter value filters nothing (rowConditions skips it). */
const unset = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === false ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'string' && value.trim() === '');

/**
 * The count and totals of the rows list from the run's totals per supplier and status (summaries.repo.ts), when the
 * filters are only statuses and suppliers: a first page over a million rows reads a few totals, not the rows. Null
 * (the rows are summed) under any other filter, or for a run stored before the totals were kept.
 */
const summaryOfTotals = async (db: DbOrTx, f: RowFilters): Promise<ReportSummary<typeof RECONCILIATION_ROWS_REPORT> | null> => {
  if (!Object.entries(f).every(([key, value]) => key === 'runId' || key === 'statuses' || key === 'supplierGstins' || unset(value)))
    return null;
  const suppliers = f.supplierGstins?.length ? [...new Set(f.supplierGstins.map((g) => g.trim().toUpperCase()))] : null;
  if (suppliers?.includes('')) return null;
  const t = reconciliationTotals;
  const [row] = await db
    .select({
      kept: sql<boolean>`EXISTS (SELECT 1 FROM ${t} WHERE ${t.runId} = ${f.runId} AND ${t.supplierGstin} IS NULL)`,
      n: sql<number>`coalesce(sum(${t.rows}), 0)::bigint`.mapWith(Number),
      booksTaxable: sql<number>`coalesce(sum(${t.booksTaxable}), 0)::bigint`.mapWith(Number),
      booksTax: sql<number>`coalesce(sum(${t.booksTax}), 0)::bigint`.mapWith(Number),
      portalTaxable: sql<number>`coalesce(sum(${t.portalTaxable}), 0)::bigint`.mapWith(Number),
      portalTax: sql<number>`coalesce(sum(${t.portalTax}), 0)::bigint`.mapWith(Number),
      taxDifference: sql<number>`coalesce(sum(${t.taxDifference}), 0)::bigint`.mapWith(Number),
      itcAtRisk: sql<number>`coalesce(sum(${t.itcAtRisk}), 0)::bigint`.mapWith(Number),
    })
    .from(t)
    .where(
      and(
        eq(t.runId, f.runId),
        suppliers ? inArray(t.supplierGstin, suppliers) : isNull(t.supplierGstin),
        f.statuses?.length ? inArray(t.status, f.statuses) : undefined,
      ),
    );
  if (!row?.kept) return null;
  const { kept: _kept, n, ...totals } = row;
  return { n, totals };
};

export const vendorsSource: ReportSource<typeof RECONCILIATION_VENDORS_REPORT> = {
  table: reconciliationVendors,
  id: reconciliationVendors.id,
  sortColumns: {
    supplierName: reconciliationVendors.supplierName,
    supplierGstin: reconciliationVendors.supplierGstin,
    mismatched: reconciliationVendors.mismatched,
    booksOnly: reconciliationVendors.booksOnly,
    awaiting2b: reconciliationVendors.awaiting2b,
    portalOnly: reconciliationVendors.portalOnly,
    booksTax: reconciliationVendors.booksTax,
    portalTax: reconciliationVendors.portalTax,
    itcAtRisk: reconciliationVendors.itcAtRisk,
    itcNotInBooks: reconciliationVendors.itcNotInBooks,
  },
  totalColumns: {
    booksTax: reconciliationVendors.booksTax,
    portalTax: reconciliationVendors.portalTax,
    itcAtRisk: reconciliationVendors.itcAtRisk,
    itcNotInBooks: reconciliationVendors.itcNotInBooks,
  },
  scope: async (db, principal, f) => {
    await runOf(db, principal, f);
    const v = reconciliationVendors;
    return {
      condition: and(
        eq(v.runId, f!.runId),
        f!.supplierGstins?.length
          ? inArray(
              v.supplierGstin,
              f!.supplierGstins.map((g) => g.trim().toUpperCase()),
            )
          : undefined,
        f!.withDifferencesOnly
          ? sql`(${v.mismatched} + ${v.nearMatched} + ${v.recipientDiffers} + ${v.booksOnly} + ${v.portalOnly}) > 0`
          : undefined,
      ),
    };
  },
  rowsOf: async (db, ids) => {
    const columns = reconciliationVendors;
    return db
      .select({
        id: columns.id,
        supplierGstin: columns.supplierGstin,
        supplierName: columns.supplierName,
        matched: columns.matched,
        matchedWithTolerance: columns.matchedWithTolerance,
        mismatched: columns.mismatched,
        nearMatched: columns.nearMatched,
        recipientDiffers: columns.recipientDiffers,
        booksOnly: columns.booksOnly,
        awaiting2b: columns.awaiting2b,
        portalOnly: columns.portalOnly,
        booksTax: columns.booksTax,
        portalTax: columns.portalTax,
        itcAtRisk: columns.itcAtRisk,
        itcNotInBooks: columns.itcNotInBooks,
      })
      .from(reconciliationVendors)
      .where(inArray(reconciliationVendors.id, [...ids]));
  },
};

const d = reconciliationDocuments;
export const documentsSource: ReportSource<typeof RECONCILIATION_DOCUMENTS_REPORT> = {
  table: d as never,
  id: d.id as never,
  sortColumns: {
    side: d.side as never,
    status: d.status as never,
    supplierGstin: d.supplierGstin as never,
    documentNumber: d.documentNumber as never,
    documentDate: d.documentDate as never,
    taxable: d.taxable as never,
    tax: d.tax as never,
  },
  totalColumns: { taxable: d.taxable as never, tax: d.tax as never },
  scope: async (db, principal, f) => {
    await runOf(db, principal, f);
    return {
      condition: and(
        eq(d.runId, f!.runId),
        eq(d.side, f!.side ?? 'books'),
        f!.statuses?.length ? inArray(d.status, f!.statuses) : undefined,
        // Awaiting 2B documents have no 2B partner either: a user may link one by hand.
        f!.unpairedOnly ? inArray(d.status, ['PR only', 'Awaiting 2B', 'GST only']) : undefined,
        f!.supplierGstins?.length
          ? inArray(
              d.supplierGstin,
              f!.supplierGstins.map((g) => g.trim().toUpperCase()),
            )
          : undefined,
        f!.supplierPans?.length
          ? inArray(
              sql`substr(${d.supplierGstin}, 3, 10)`,
              f!.supplierPans.map((pan) => pan.trim().toUpperCase()),
            )
          : undefined,
        f!.documentNumber?.trim() ? documentNumberSearch(f!.documentNumber.trim()) : undefined,
      ),
    };
  },
  rowsOf: async (db, ids) => {
    const rows = await db
      .select({
        id: d.id,
        rowId: d.rowId,
        runId: d.runId,
        side: d.side,
        status: d.status,
        supplierGstin: d.supplierGstin,
        supplierName: d.supplierName,
        gstin: d.gstin,
        documentType: d.documentType,
        documentNumber: d.documentNumber,
        documentDate: d.documentDate,
        returnPeriod: d.returnPeriod,
        taxable: d.taxable,
        tax: d.tax,
        documents: d.documents,
      })
      .from(d)
      // By row id too: the view's id is computed (2n, 2n+1), so only the rows' own id reaches their primary key (by
      // the view's id alone a page read every row of the table: 1.5 s over a million).
      .where(and(inArray(d.rowId, [...new Set(ids.map((id) => Math.floor(id / 2)))]), inArray(d.id, [...ids])));
    // Each entry's documents on its side (more than one after a one-to-many link): what a manual link names.
    const held = rows.length
      ? await db
          .select({ id: reconciliationRows.id, purchaseIds: reconciliationRows.purchaseIds, portalIds: reconciliationRows.portalIds })
          .from(reconciliationRows)
          .where(
            and(
              inArray(reconciliationRows.runId, [...new Set(rows.map((r) => r.runId))]),
              inArray(reconciliationRows.id, [...new Set(rows.map((r) => r.rowId))]),
            ),
          )
      : [];
    const byRow = new Map(held.map((r) => [r.id, r]));
    return rows.map(({ runId: _runId, ...r }) => {
      const row = byRow.get(r.rowId);
      return { ...r, documentIds: (r.side === 'books' ? row?.purchaseIds : row?.portalIds) ?? [] };
    }) as never;
  },
};

export const filingSource: ReportSource<typeof RECONCILIATION_FILING_REPORT> = {
  table: reconciliationFilings,
  id: reconciliationFilings.id,
  sortColumns: {
    supplierName: reconciliationFilings.supplierName,
    supplierGstin: reconciliationFilings.supplierGstin,
    returnPeriod: reconciliationFilings.returnPeriod,
    documents: reconciliationFilings.documents,
    tax: reconciliationFilings.tax,
  },
  totalColumns: { documents: reconciliationFilings.documents, tax: reconciliationFilings.tax },
  scope: async (db, principal, f) => {
    await runOf(db, principal, f);
    const t = reconciliationFilings;
    return {
      condition: and(
        eq(t.runId, f!.runId),
        f!.supplierGstins?.length
          ? inArray(
              t.supplierGstin,
              f!.supplierGstins.map((g) => g.trim().toUpperCase()),
            )
          : undefined,
        f!.notFiledOnly ? or(eq(t.gstr1Filed, false), isNull(t.gstr1Filed)) : undefined,
      ),
    };
  },
  rowsOf: async (db, ids) => {
    const t = reconciliationFilings;
    return db
      .select({
        id: t.id,
        supplierGstin: t.supplierGstin,
        supplierName: t.supplierName,
        returnPeriod: t.returnPeriod,
        gstr1Filed: t.gstr1Filed,
        gstr1FiledOn: t.gstr1FiledOn,
        documents: t.documents,
        tax: t.tax,
      })
      .from(t)
      .where(inArray(t.id, [...ids]));
  },
};
