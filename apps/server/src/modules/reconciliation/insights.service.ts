// The ITC-insights decision-assist summary of a run: what to claim, what is at risk and why, what to reverse, what to
// claim later and what the books miss, from the stored rows (paise). Awaiting 2B documents are to claim later: the
// supplier reported them, and their credit comes with the GSTR-2B that lists them (s.16(2)(aa)); none of it is at risk.
import type { Insights, ReconciliationStatus } from '@opengst/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { visibleRun } from './runs.service';

/** Why a row's books tax is at risk, in the words the insights show (by the row's status). */
export const RISK_REASONS: Record<string, string> = {
  'PR only': 'Not reported by the supplier (not in the portal data)',
  Mismatched: 'Amounts or details differ from what the supplier reported',
  'Near matched': 'Only a near match: confirm the number with the supplier',
  'Recipient GSTIN differs': 'Reported against another GSTIN of yours (s.16(2)(aa))',
  'Matched due to tolerance': 'Within tolerance: the small difference is not claimable',
  Matched: 'Reported as ITC not available, or less tax than booked',
};

type Totals = {
  available: string | null;
  at_risk: string | null;
  to_reverse: string | null;
  later: string | null;
  not_in_books: string | null;
};

export const runInsights = async (db: DbOrTx, principal: SessionPrincipal, runId: number): Promise<Insights> => {
  const run = await visibleRun(db, principal, runId);
  const [totals] = await rowsOf<Totals>(
    db,
    sql`SELECT
          sum(least(books_tax, portal_tax)) FILTER (WHERE status IN ('Matched', 'Matched due to tolerance') AND document_type <> 'CRN'
            AND coalesce(action, 'Accept') <> 'Reject') AS available,
          sum(itc_at_risk) AS at_risk,
          sum(books_tax - portal_tax) FILTER (WHERE status = 'Mismatched' AND books_tax > portal_tax AND document_type <> 'CRN') AS to_reverse,
          sum(books_tax) FILTER (WHERE document_type <> 'CRN' AND (action = 'Pending' OR claim_period IS NOT NULL OR status = 'Awaiting 2B'
            OR (across_periods AND portal_period IS NOT NULL AND books_period IS NOT NULL
                AND right(portal_period, 4) || left(portal_period, 2) > right(books_period, 4) || left(books_period, 2)))) AS later,
          sum(portal_tax) FILTER (WHERE status = 'GST only' AND document_type <> 'CRN') AS not_in_books
        FROM reconciliation_rows WHERE run_id = ${run.id}`,
  );
  const byReason = await rowsOf<{ status: string; rows: string; amount: string }>(
    db,
    sql`SELECT status, count(*) AS rows, sum(itc_at_risk) AS amount FROM reconciliation_rows
         WHERE run_id = ${run.id} AND itc_at_risk > 0 GROUP BY status ORDER BY sum(itc_at_risk) DESC`,
  );
  const bySupplier = await rowsOf<{ supplier_gstin: string; supplier_name: string | null; at_risk: string; status: string }>(
    db,
    sql`SELECT supplier_gstin, max(supplier_name) AS supplier_name, sum(itc_at_risk) AS at_risk,
               mode() WITHIN GROUP (ORDER BY status) FILTER (WHERE itc_at_risk > 0) AS status
          FROM reconciliation_rows WHERE run_id = ${run.id}
         GROUP BY supplier_gstin HAVING sum(itc_at_risk) > 0 ORDER BY sum(itc_at_risk) DESC, supplier_gstin LIMIT 20`,
  );
  const n = (v: string | null | undefined) => Number(v ?? 0);
  return {
    itcAvailable: n(totals?.available),
    itcAtRisk: n(totals?.at_risk),
    itcToReverse: n(totals?.to_reverse),
    itcToClaimLater: n(totals?.later),
    itcNotInBooks: n(totals?.not_in_books),
    byReason: byReason.map((r) => ({
      reason: RISK_REASONS[r.status] ?? r.status,
      rows: n(r.rows),
      amount: n(r.amount),
      filters: { statuses: [r.status as ReconciliationStatus] },
    })),
    bySupplier: bySupplier.map((r) => ({
      supplierGstin: r.supplier_gstin,
      supplierName: r.supplier_name,
      itcAtRisk: n(r.at_risk),
      status: r.status as ReconciliationStatus,
      reason: RISK_REASONS[r.status] ?? r.status,
    })),
  };
};
