// A run's summaries, computed from its stored rows (so the job and every manual change agree): the rows summed per
// supplier and status (reconciliation_totals, read by the rows list under its common filters), one vendor row per
// supplier made from them, and the run's counts and sums by status (kept on the run and as the whole run's totals).
// refreshVendors sums the rows of the suppliers it is given (or all), refreshRunSummary then adds up the suppliers'
// totals: a change to rows calls both, in that order (manual.service.ts#replaceRows). The job sums its rows as it
// writes them (rowTotals) and stores the totals, then makes the vendor rows and the run's summary from them. The filing
// summary is summed from the portal's documents as the job reads them (filingTotals).
import { RECONCILIATION_STATUSES, type StatusCount } from '@opengst/contracts';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { copyText } from '../../db/copy-text';
import { copyIn, rowsOf, type Db, type DbOrTx } from '../../db/database';
import { reconciliationRuns, reconciliationTotals, reconciliationVendors } from '../../db/schema';
import type { RowRecord } from './row-record';
import type { FilingDocument } from './run-load.queries';

type StatusAggregate = {
  status: StatusCount['status'];
  rows: string;
  books_documents: string;
  portal_documents: string;
  books_taxable: string;
  portal_taxable: string;
  books_tax: string;
  portal_tax: string;
  itc_at_risk: string;
};

const ORDER = new Map<string, number>(RECONCILIATION_STATUSES.map((s, i) => [s, i]));

const TOTAL_COLUMN_NAMES = [
  'run_id',
  'supplier_gstin',
  'status',
  'supplier_name',
  'rows',
  'books_documents',
  'portal_documents',
  'books_taxable',
  'books_tax',
  'portal_taxable',
  'portal_tax',
  'tax_difference',
  'itc_at_risk',
  'portal_tax_not_credit',
] as const;
const TOTAL_COLUMNS = sql.raw(TOTAL_COLUMN_NAMES.join(', '));

/** Byte order of two texts, as PostgreSQL's COLLATE "C" (code points; JavaScript's < compares UTF-16 units). */
const greaterInBytes = (a: string, b: string): boolean => Buffer.compare(Buffer.from(a), Buffer.from(b)) > 0;

type Sums = {
  supplierName: string | null;
  rows: number;
  booksDocuments: number;
  portalDocuments: number;
  booksTaxable: number;
  booksTax: number;
  portalTaxable: number;
  portalTax: number;
  taxDifference: number;
  itcAtRisk: number;
  portalTaxNotCredit: number;
};

/**
 * A run's rows summed per supplier and status in JavaScript as the job writes them, the sums refreshVendors takes
 * from the stored rows (the greatest supplier name in byte order, as its COLLATE "C"). Summing a million stored rows
 * again took 4-8 s on PGlite.
 */
export const rowTotals = () => {
  /** By supplier, then status. */
  const sums = new Map<string, Map<string, Sums>>();
  return {
    add: (r: RowRecord): void => {
      let bySupplier = sums.get(r.supplierGstin);
      if (!bySupplier) sums.set(r.supplierGstin, (bySupplier = new Map()));
      let s = bySupplier.get(r.status);
      if (!s) {
        s = {
          supplierName: null,
          rows: 0,
          booksDocuments: 0,
          portalDocuments: 0,
          booksTaxable: 0,
          booksTax: 0,
          portalTaxable: 0,
          portalTax: 0,
          taxDifference: 0,
          itcAtRisk: 0,
          portalTaxNotCredit: 0,
        };
        bySupplier.set(r.status, s);
      }
      const name = r.supplierName ?? null;
      if (name !== null && name !== s.supplierName && (s.supplierName === null || greaterInBytes(name, s.supplierName)))
        s.supplierName = name;
      s.rows++;
      s.booksDocuments += r.purchaseIds.length;
      s.portalDocuments += r.portalIds.length;
      s.booksTaxable += r.booksTaxable ?? 0;
      s.booksTax += r.booksTax ?? 0;
      s.portalTaxable += r.portalTaxable ?? 0;
      s.portalTax += r.portalTax ?? 0;
      s.taxDifference += r.taxDifference ?? 0;
      s.itcAtRisk += r.itcAtRisk ?? 0;
      if (r.documentType !== 'CRN') s.portalTaxNotCredit += r.portalTax ?? 0;
    },
    /** Stores the sums as the run's totals per supplier and status (COPY: some 150,000 of a million rows). */
    store: async (db: Db, runId: number): Promise<void> => {
      const copy = await copyIn(db, 'reconciliation_totals', TOTAL_COLUMN_NAMES);
      try {
        let lines = '';
        for (const [supplierGstin, bySupplier] of sums)
          for (const [status, s] of bySupplier) {
            lines +=
              `${runId}\t${copyText(supplierGstin)}\t${copyText(status)}\t${copyText(s.supplierName)}\t${s.rows}\t${s.booksDocuments}\t` +
              `${s.portalDocuments}\t${s.booksTaxable}\t${s.booksTax}\t${s.portalTaxable}\t${s.portalTax}\t${s.taxDifference}\t` +
              `${s.itcAtRisk}\t${s.portalTaxNotCredit}\n`;
            if (lines.length >= 32 * 1024) {
              await copy.write(lines);
              lines = '';
            }
          }
        await copy.write(lines);
        await copy.end();
      } catch (error) {
        copy.abort();
        throw error;
      }
    },
  };
};

/**
 * Runs a grouping over a run's rows (a million, 150,000 groups) with more memory for the
 * groups than the default 4 MB, which spilled them to disk (6.7 s -> 3.8 s on PGlite for the totals).
 */
const withWorkMem = (db: DbOrTx, fn: (tx: DbOrTx) => Promise<unknown>): Promise<unknown> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
    return fn(tx);
  });

/** Recomputes the whole run's totals by status from its suppliers', then its summary by status, row count and ITC at risk. */
export const refreshRunSummary = async (db: DbOrTx, runId: number): Promise<void> => {
  await db.delete(reconciliationTotals).where(and(eq(reconciliationTotals.runId, runId), isNull(reconciliationTotals.supplierGstin)));
  await db.execute(sql`
    INSERT INTO reconciliation_totals (${TOTAL_COLUMNS})
    SELECT run_id, NULL, status, max(supplier_name), sum(rows), sum(books_documents), sum(portal_documents), sum(books_taxable),
      sum(books_tax), sum(portal_taxable), sum(portal_tax), sum(tax_difference), sum(itc_at_risk), sum(portal_tax_not_credit)
    FROM reconciliation_totals WHERE run_id = ${runId} AND supplier_gstin IS NOT NULL
    GROUP BY run_id, status`);
  const rows = await rowsOf<StatusAggregate>(
    db,
    sql`SELECT status, rows, books_documents, portal_documents, books_taxable, portal_taxable, books_tax, portal_tax, itc_at_risk
          FROM reconciliation_totals WHERE run_id = ${runId} AND supplier_gstin IS NULL`,
  );
  const byStatus: StatusCount[] = rows
    .map((r) => ({
      status: r.status,
      rows: Number(r.rows),
      booksDocuments: Number(r.books_documents),
      portalDocuments: Number(r.portal_documents),
      booksTaxable: Number(r.books_taxable),
      portalTaxable: Number(r.portal_taxable),
      booksTax: Number(r.books_tax),
      portalTax: Number(r.portal_tax),
    }))
    .sort((a, b) => (ORDER.get(a.status) ?? 99) - (ORDER.get(b.status) ?? 99));
  await db
    .update(reconciliationRuns)
    .set({
      byStatus,
      rows: byStatus.reduce((t, s) => t + s.rows, 0),
      itcAtRisk: rows.reduce((t, r) => t + Number(r.itc_at_risk), 0),
    })
    .where(eq(reconciliationRuns.id, runId));
};

/**
 * Sums the rows of the run per supplier and status (of these suppliers only, when given), then rebuilds their vendor
 * rows from those totals (vendorsFromTotals): one pass over the rows for both.
 */
export const refreshVendors = async (
  db: DbOrTx,
  runId: number,
  subscriberId: number,
  supplierGstins?: readonly string[],
): Promise<void> => {
  if (supplierGstins?.length === 0) return;
  // A run stored before the totals were kept has none: its first change sums all of its rows.
  const [kept] = await rowsOf<{ one: number }>(db, sql`SELECT 1 AS one FROM reconciliation_totals WHERE run_id = ${runId} LIMIT 1`);
  if (!kept) supplierGstins = undefined;
  const only = (column: string) =>
    supplierGstins
      ? sql`AND ${sql.raw(column)} IN (${sql.join(
          supplierGstins.map((g) => sql`${g}`),
          sql`, `,
        )})`
      : sql``;
  await db
    .delete(reconciliationTotals)
    .where(
      and(
        eq(reconciliationTotals.runId, runId),
        supplierGstins ? inArray(reconciliationTotals.supplierGstin, [...supplierGstins]) : isNotNull(reconciliationTotals.supplierGstin),
      ),
    );
  await withWorkMem(db, (tx) =>
    tx.execute(sql`
    INSERT INTO reconciliation_totals (${TOTAL_COLUMNS})
    SELECT run_id, supplier_gstin, status, max(supplier_name COLLATE "C"), count(*), sum(cardinality(purchase_ids)), sum(cardinality(portal_ids)),
      sum(books_taxable), sum(books_tax), sum(portal_taxable), sum(portal_tax), sum(tax_difference), sum(itc_at_risk),
      coalesce(sum(portal_tax) FILTER (WHERE document_type <> 'CRN'), 0)
    FROM reconciliation_rows WHERE run_id = ${runId} ${only('supplier_gstin')}
    GROUP BY run_id, supplier_gstin, status`),
  );
  await vendorsFromTotals(db, runId, subscriberId, supplierGstins);
};

/** The vendor rows of the run (of these suppliers only, when given), made again from its totals per supplier and status. */
export const vendorsFromTotals = async (
  db: DbOrTx,
  runId: number,
  subscriberId: number,
  supplierGstins?: readonly string[],
): Promise<void> => {
  const only = (column: string) =>
    supplierGstins
      ? sql`AND ${sql.raw(column)} IN (${sql.join(
          supplierGstins.map((g) => sql`${g}`),
          sql`, `,
        )})`
      : sql``;
  await db
    .delete(reconciliationVendors)
    .where(
      and(
        eq(reconciliationVendors.runId, runId),
        supplierGstins ? inArray(reconciliationVendors.supplierGstin, [...supplierGstins]) : undefined,
      ),
    );
  await db.execute(sql`
    INSERT INTO reconciliation_vendors (run_id, subscriber_id, supplier_gstin, supplier_name, matched, matched_with_tolerance,
      mismatched, near_matched, recipient_differs, books_only, awaiting_2b, portal_only, books_tax, portal_tax, itc_at_risk,
      itc_not_in_books)
    SELECT ${runId}, ${subscriberId}, supplier_gstin, max(supplier_name),
      coalesce(sum(rows) FILTER (WHERE status = 'Matched'), 0),
      coalesce(sum(rows) FILTER (WHERE status = 'Matched due to tolerance'), 0),
      coalesce(sum(rows) FILTER (WHERE status = 'Mismatched'), 0),
      coalesce(sum(rows) FILTER (WHERE status = 'Near matched'), 0),
      coalesce(sum(rows) FILTER (WHERE status = 'Recipient GSTIN differs'), 0),
      coalesce(sum(rows) FILTER (WHERE status = 'PR only'), 0),
      coalesce(sum(rows) FILTER (WHERE status = 'Awaiting 2B'), 0),
      coalesce(sum(rows) FILTER (WHERE status = 'GST only'), 0),
      coalesce(sum(books_tax) FILTER (WHERE status NOT IN ('Excluded', 'Discarded')), 0),
      coalesce(sum(portal_tax) FILTER (WHERE status NOT IN ('Excluded', 'Discarded')), 0),
      coalesce(sum(itc_at_risk), 0),
      coalesce(sum(portal_tax_not_credit) FILTER (WHERE status = 'GST only'), 0)
    FROM reconciliation_totals WHERE run_id = ${runId} AND supplier_gstin IS NOT NULL ${only('supplier_gstin')}
    GROUP BY supplier_gstin`);
};

type FilingSums = {
  supplierName: string | null;
  filed: boolean | null;
  filedOn: string | null;
  documents: number;
  tax: number;
};

const FILING_COLUMN_NAMES = [
  'run_id',
  'subscriber_id',
  'supplier_gstin',
  'supplier_name',
  'return_period',
  'gstr1_filed',
  'gstr1_filed_on',
  'documents',
  'tax',
] as const;

/**
 * The filing summary of the run (per supplier and period of its own periods, as the stored 2A/2B reports it), summed in
 * JavaScript from the portal documents the job reads (run-load.queries.ts#loadPortalWithFilings: those of the run's
 * source, GSTINs and own periods, of every listing): the greatest name and filing date (byte order, as COLLATE "C"),
 * filed when any document says so (false when one says not and none so), the documents and their four taxes. A GROUP BY
 * over the portal's documents took 10 s of a million-document run on PGlite.
 */
export const filingTotals = () => {
  /** By supplier GSTIN, then return period. */
  const sums = new Map<string, Map<string, FilingSums>>();
  return {
    add: (d: FilingDocument): void => {
      let bySupplier = sums.get(d.supplierGstin);
      if (!bySupplier) sums.set(d.supplierGstin, (bySupplier = new Map()));
      let s = bySupplier.get(d.returnPeriod);
      if (!s) bySupplier.set(d.returnPeriod, (s = { supplierName: null, filed: null, filedOn: null, documents: 0, tax: 0 }));
      const name = d.supplierName;
      if (name !== null && name !== s.supplierName && (s.supplierName === null || greaterInBytes(name, s.supplierName)))
        s.supplierName = name;
      if (d.filed === true || (d.filed === false && s.filed === null)) s.filed = d.filed;
      const on = d.filedOn;
      if (on !== null && on !== s.filedOn && (s.filedOn === null || greaterInBytes(on, s.filedOn))) s.filedOn = on;
      s.documents++;
      s.tax += d.tax;
    },
    /**
     * Stores the summary as the run's filing rows (COPY), in about the order of the filing report's index (by name, then
     * GSTIN and period): its entries are appended, not spread over it. The suppliers are sorted, not their 100,000
     * periods (half a second).
     */
    store: async (db: Db, run: { id: number; subscriberId: number }): Promise<void> => {
      const suppliers = [...sums].map(([gstin, byPeriod]) => {
        let name: string | null = null;
        for (const s of byPeriod.values()) if (s.supplierName !== null && (name === null || s.supplierName > name)) name = s.supplierName;
        return { gstin, name, byPeriod };
      });
      const order = (a: string | null, b: string | null): number => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
      suppliers.sort((a, b) => order(a.name, b.name) || order(a.gstin, b.gstin));
      const copy = await copyIn(db, 'reconciliation_filings', FILING_COLUMN_NAMES);
      try {
        let lines = '';
        for (const { gstin, byPeriod } of suppliers)
          for (const period of [...byPeriod.keys()].sort()) {
            const s = byPeriod.get(period)!;
            lines +=
              `${run.id}\t${run.subscriberId}\t${copyText(gstin)}\t${copyText(s.supplierName)}\t${copyText(period)}\t` +
              `${copyText(s.filed)}\t${copyText(s.filedOn)}\t${s.documents}\t${s.tax}\n`;
            if (lines.length >= 32 * 1024) {
              await copy.write(lines);
              lines = '';
            }
          }
        await copy.write(lines);
        await copy.end();
      } catch (error) {
        copy.abort();
        throw error;
      }
    },
  };
};
