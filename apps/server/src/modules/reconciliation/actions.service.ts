// Actions on rows (chosen by id, or every row matching the filters: a summary row's action applies to all its
// documents): the IMS action on the supplier's documents (Accept, Reject, Pending), the period to claim the ITC of
// the books documents in, or clearing them. Stored per document (reconciliation_actions, so a re-run keeps them) and
// on the rows, set-based in SQL so "all 200,000 filtered rows" is one statement. A selection larger than the
// installation's recordsAffectedWarningLimit needs its count confirmed first.
import type { RowActionRequest, RowActionResponse } from '@opengst/contracts';
import { RowActionRequestSchema } from '@opengst/contracts';
import { and, count, inArray, sql, type SQL } from 'drizzle-orm';
import { reconciliationRows } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { loadInstallationSettings } from '../../platform/settings/installation-settings';
import { rowConditions } from './reports.source';
import { currentRun } from './runs.service';
import { excludeRows } from './exclusions.service';

const hasPortal = sql`cardinality(${reconciliationRows.portalIds}) > 0`;
const hasBooks = sql`cardinality(${reconciliationRows.purchaseIds}) > 0`;

export const actOnRows = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  input: RowActionRequest,
  ip: string,
): Promise<RowActionResponse> => {
  const request = RowActionRequestSchema.parse(input);
  const { db } = ctx.database;
  const run = await currentRun(db, principal, request.runId);
  const { selection } = request;
  const selected: SQL | undefined =
    'rowIds' in selection
      ? and(sql`${reconciliationRows.runId} = ${run.id}`, inArray(reconciliationRows.id, selection.rowIds))
      : rowConditions({ ...selection.filters, runId: run.id });
  const [matching] = await db.select({ n: count() }).from(reconciliationRows).where(selected);
  const n = matching?.n ?? 0;
  if ('filters' in selection) {
    const { recordsAffectedWarningLimit } = await loadInstallationSettings(db);
    if (n > recordsAffectedWarningLimit && selection.confirmedCount !== n)
      return { affected: 0, needsConfirmation: n, skipped: 0, skippedReason: null };
  }
  if (request.action === 'ClaimInPeriod' && !request.claimPeriod) throw new AppError('REC0006', { propertyName: 'claimPeriod' });
  if (request.action === 'Exclude' || request.action === 'Discard' || request.action === 'Reinstate') {
    return excludeRows(ctx, principal, run, selected, request.action, request.remarks ?? null, ip, n);
  }

  const isIms = request.action === 'Accept' || request.action === 'Reject' || request.action === 'Pending';
  const applicable = isIms ? hasPortal : request.action === 'ClaimInPeriod' ? hasBooks : undefined;
  const remarks = request.remarks ?? null;
  const affected = await db.transaction(async (tx) => {
    const where = and(selected, applicable);
    if (isIms || request.action === 'ClearAction') {
      const action = isIms ? request.action : null;
      await tx.execute(sql`
        INSERT INTO reconciliation_actions (subscriber_id, document_key, action, remarks, updated_by, updated_at)
        SELECT ${principal.subscriberId}, 'G:' || k, ${action}, ${remarks}, ${principal.userId}, now()
          FROM reconciliation_rows, unnest(reconciliation_rows.portal_keys) AS k WHERE ${and(selected, hasPortal)}
        ON CONFLICT (subscriber_id, document_key) DO UPDATE
          SET action = excluded.action, remarks = excluded.remarks, updated_by = excluded.updated_by, updated_at = excluded.updated_at,
              pushed_at = NULL, push_status = NULL`);
    }
    if (request.action === 'ClaimInPeriod' || request.action === 'ClearAction') {
      const period = request.action === 'ClaimInPeriod' ? request.claimPeriod! : null;
      await tx.execute(sql`
        INSERT INTO reconciliation_actions (subscriber_id, document_key, claim_period, remarks, updated_by, updated_at)
        SELECT ${principal.subscriberId}, 'B:' || doc_id, ${period}, ${remarks}, ${principal.userId}, now()
          FROM reconciliation_rows, unnest(reconciliation_rows.purchase_ids) AS doc_id WHERE ${and(selected, hasBooks)}
        ON CONFLICT (subscriber_id, document_key) DO UPDATE
          SET claim_period = excluded.claim_period, remarks = excluded.remarks, updated_by = excluded.updated_by,
              updated_at = excluded.updated_at`);
    }
    const set =
      request.action === 'ClearAction'
        ? { action: null, claimPeriod: null }
        : request.action === 'ClaimInPeriod'
          ? { claimPeriod: request.claimPeriod! }
          : { action: request.action as 'Accept' | 'Reject' | 'Pending' };
    const changed = await tx.update(reconciliationRows).set(set).where(where).returning({ id: reconciliationRows.id });
    await writeAudit(tx, principal, {
      entityType: 'Reconciliation',
      entityKey: String(run.id),
      entityName: `${request.action} on ${changed.length} row(s)`,
      action: 'Update',
      after: {
        action: request.action,
        claimPeriod: request.claimPeriod ?? null,
        remarks,
        selection: 'rowIds' in selection ? { rowIds: selection.rowIds } : { filters: selection.filters },
        rows: changed.length,
      },
      ip,
    });
    return changed.length;
  });
  const skipped = n - affected;
  return {
    affected,
    needsConfirmation: null,
    skipped,
    skippedReason:
      skipped === 0
        ? null
        : isIms
          ? 'Rows with only a books document have no supplier document to act on in IMS.'
          : 'Rows with only a supplier document have no books document to claim.',
  };
};
