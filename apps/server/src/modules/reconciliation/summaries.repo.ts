// A run's summaries, computed from its stored rows (so the job and every manual change agree): the counts and sums by
// status kept on the run, and one vendor row per supplier.
import { RECONCILIATION_STATUSES, type StatusCount } from '@opengst/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';
import { reconciliationFilings, reconciliationRuns, reconciliationVendors } from '../../db/schema';

type StatusAggregate = {
  status: StatusCount['status'];
  rows: string;
  books_documents: string;
  portal_documents: string;
  books_taxable: string;
  portal_taxable: string;
  books_tax: string;
  portal_tax: string;
};

const ORDER = new Map<string, number>(RECONCILIATION_STATUSES.map((s, i) => [s, i]));

/** Recomputes the run's summary by status, its row count and ITC at risk. */
export const refreshRunSummary = async (db: DbOrTx, runId: number): Promise<void> => {
  const rows = await rowsOf<StatusAggregate>(
    db,
    sql`SELECT status, count(*) AS rows,
               sum(cardinality(purchase_ids)) AS books_documents, sum(cardinality(portal_ids)) AS portal_documents,
               sum(books_taxable) AS books_taxable, sum(portal_taxable) AS portal_taxable,
               sum(books_tax) AS books_tax, sum(portal_tax) AS portal_tax
          FROM reconciliation_rows WHERE run_id = ${runId} GROUP BY status`,
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
  const [risk] = await rowsOf<{ risk: string | null }>(
    db,
    sql`SELECT sum(itc_at_risk) AS risk FROM reconciliation_rows WHERE run_id = ${runId}`,
  );
  await db
    .update(reconciliationRuns)
    .set({
      byStatus,
      rows: byStatus.reduce((t, s) => t + s.rows, 0),
      itcAtRisk: Number(risk?.risk ?? 0),
    })
    .where(eq(reconciliationRuns.id, runId));
};

/** Rebuilds the vendor rows of the run (of these suppliers only, when given). */
export const refreshVendors = async (
  db: DbOrTx,
  runId: number,
  subscriberId: number,
  supplierGstins?: readonly string[],
): Promise<void> => {
  const only = supplierGstins
    ? sql`AND supplier_gstin IN (${sql.join(
        supplierGstins.map((g) => sql`${g}`),
        sql`, `,
      )})`
    : sql``;
  if (supplierGstins?.length === 0) return;
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
      mismatched, near_matched, recipient_differs, books_only, portal_only, books_tax, portal_tax, itc_at_risk, itc_not_in_books)
    SELECT ${runId}, ${subscriberId}, supplier_gstin, max(supplier_name),
      count(*) FILTER (WHERE status = 'Matched'),
      count(*) FILTER (WHERE status = 'Matched due to tolerance'),
      count(*) FILTER (WHERE status = 'Mismatched'),
      count(*) FILTER (WHERE status = 'Near matched'),
      count(*) FILTER (WHERE status = 'Recipient GSTIN differs'),
      count(*) FILTER (WHERE status = 'PR only'),
      count(*) FILTER (WHERE status = 'GST only'),
      coalesce(sum(books_tax) FILTER (WHERE status NOT IN ('Excluded', 'Discarded')), 0),
      coalesce(sum(portal_tax) FILTER (WHERE status NOT IN ('Excluded', 'Discarded')), 0),
      coalesce(sum(itc_at_risk), 0),
      coalesce(sum(portal_tax) FILTER (WHERE status = 'GST only' AND document_type <> 'CRN'), 0)
    FROM reconciliation_rows WHERE run_id = ${runId} ${only}
    GROUP BY supplier_gstin`);
};

/** The filing summary of the run: per supplier and period of its own periods, as the stored 2A/2B reports it. */
export const refreshFilings = async (
  db: DbOrTx,
  run: { id: number; subscriberId: number; entityIds: number[]; portalSource: string; periods: string[] },
): Promise<void> => {
  await db.delete(reconciliationFilings).where(eq(reconciliationFilings.runId, run.id));
  if (run.periods.length === 0 || run.entityIds.length === 0) return;
  await db.execute(sql`
    INSERT INTO reconciliation_filings (run_id, subscriber_id, supplier_gstin, supplier_name, return_period, gstr1_filed,
      gstr1_filed_on, documents, tax)
    SELECT ${run.id}, ${run.subscriberId}, supplier_gstin, max(supplier_name), return_period, bool_or(supplier_filed),
      max(supplier_filing_date), count(*), sum(igst + cgst + sgst + cess)
    FROM portal_documents
    WHERE subscriber_id = ${run.subscriberId} AND source = ${run.portalSource}
      AND entity_id IN (${sql.join(
        run.entityIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      AND return_period IN (${sql.join(
        run.periods.map((p) => sql`${p}`),
        sql`, `,
      )})
    GROUP BY supplier_gstin, return_period`);
};
