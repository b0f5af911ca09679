// Awaiting 2B (domain awaiting.ts): in a run against GSTR-2B, a PR only books document that its supplier did report, in
// the GSTR-2A or IMS stored for the run's GSTINs, waits for the GSTR-2B that will list it (CGST Act s.16(2)(aa); rule
// 36(4) from 1-1-2022). The job marks its rows so before storing them, and a manual change marks the rows it rebuilds,
// so both store what the other would.
import { awaitingGstr2b, type ReconcileDocument, type ReconcileResult } from '@opengst/domain';
import type { DbOrTx } from '../../db/database';
import { loadPortal, loadReported, type RunScope } from './run-load.queries';

/**
 * The result with its PR only rows that suppliers reported outside the GSTR-2B marked Awaiting 2B (runs against GSTR-2B
 * only; a 2A or IMS run reads those documents themselves). Only the reported documents of the PR only rows' supplier
 * families are read: a run of a million documents a side holds a few of the 2A's, not a second million. `listed`: the
 * run's GSTR-2B documents; without it (a manual change holds a few rows' documents) those of the same families and
 * numbers as the reported ones are read, so a 2A copy of a document a 2B lists never makes a books document look late.
 */
export const markAwaiting2b = async (
  db: DbOrTx,
  scope: RunScope,
  result: ReconcileResult,
  listed?: readonly ReconcileDocument[],
): Promise<ReconcileResult> => {
  if (scope.portalSource !== 'GSTR2B') return result;
  const suppliers = new Set<string>();
  for (const row of result.rows) if (row.status === 'PR only') suppliers.add(row.supplierGstin);
  if (suppliers.size === 0) return result;
  const reported = await loadReported(db, scope, [...suppliers]);
  if (reported.length === 0) return result;
  const numbers = [...new Set(reported.map((d) => d.documentNumber.trim().toUpperCase()))];
  return awaitingGstr2b(result, reported, listed ?? (await loadPortal(db, scope, undefined, [...suppliers], numbers)));
};
