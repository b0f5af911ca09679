// Exclude (books documents left out of reconciliation: ineligible, personal, blocked credit under s.17(5)), discard
// (supplier documents the user sets aside: a wrong upload the supplier will amend) and reinstate, on the selected
// rows. Each is a decision replayed by later runs; the rows are rebuilt from the engine's own functions over their
// documents, as a manual link is (manual.service.ts).
import type { RowActionResponse } from '@opengst/contracts';
import { discardDocuments, excludeDocuments, reconcile, type ReconcileResult } from '@opengst/domain';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { reconciliationDecisions, reconciliationRows } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { loadSubscriberSettings } from '../../platform/settings/subscriber-settings';
import { loadBooks, loadPortal } from './run-load.queries';
import { keyOfPortal } from './row-record';
import { replaceRows } from './manual.service';
import { engineSettingsOf } from './run.job';
import type { currentRun } from './runs.service';

type Run = Awaited<ReturnType<typeof currentRun>>;

/** Rows rebuilt per request: beyond this, narrow the filters (each row's documents are read and re-matched). */
export const MAX_EXCLUDED_ROWS = 10_000;

export const excludeRows = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  run: Run,
  selected: SQL | undefined,
  action: 'Exclude' | 'Discard' | 'Reinstate',
  remarks: string | null,
  ip: string,
  matching: number,
): Promise<RowActionResponse> => {
  if (matching > MAX_EXCLUDED_ROWS)
    throw new AppError('REC0005', {
      message: `${action} applies to at most ${MAX_EXCLUDED_ROWS.toLocaleString('en-IN')} rows at a time; these filters match ${matching.toLocaleString('en-IN')}. Narrow them.`,
    });
  const { db } = ctx.database;
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: reconciliationRows.id,
        status: reconciliationRows.status,
        purchaseIds: reconciliationRows.purchaseIds,
        portalIds: reconciliationRows.portalIds,
        supplierGstin: reconciliationRows.supplierGstin,
      })
      .from(reconciliationRows)
      .where(selected);
    const eligible = rows.filter((r) =>
      action === 'Exclude'
        ? r.purchaseIds.length > 0 && r.status !== 'Excluded'
        : action === 'Discard'
          ? r.portalIds.length > 0 && r.status !== 'Discarded'
          : r.status === 'Excluded' || r.status === 'Discarded',
    );
    if (eligible.length === 0) {
      return { affected: 0, needsConfirmation: null, skipped: rows.length, skippedReason: skippedReasonOf(action) };
    }
    const purchaseIds = [...new Set(eligible.flatMap((r) => r.purchaseIds))];
    const portalIds = [...new Set(eligible.flatMap((r) => r.portalIds))];
    const scope = { ...run, portalSource: run.portalSource };
    const books = purchaseIds.length ? await loadBooks(tx, scope, purchaseIds) : [];
    const portal = portalIds.length ? await loadPortal(tx, scope, portalIds) : [];
    const settings = engineSettingsOf((await loadSubscriberSettings(tx, run.subscriberId)).reconciliation);
    const portalKeys = portal.map(keyOfPortal);
    let result: ReconcileResult = reconcile(books, portal, settings);
    if (action === 'Reinstate') {
      await tx
        .update(reconciliationDecisions)
        .set({ active: false })
        .where(
          and(
            eq(reconciliationDecisions.subscriberId, principal.subscriberId),
            eq(reconciliationDecisions.active, true),
            inArray(reconciliationDecisions.kind, ['exclude', 'discard']),
            sql`(${reconciliationDecisions.purchaseIds} && ARRAY[${sql.join(purchaseIds.length ? purchaseIds.map((id) => sql`${id}`) : [sql`0`], sql`, `)}]::bigint[]
              OR ${reconciliationDecisions.portalKeys} && ARRAY[${sql.join(portalKeys.length ? portalKeys.map((k) => sql`${k}`) : [sql`''`], sql`, `)}]::text[])`,
          ),
        );
    } else {
      const outcome =
        action === 'Exclude'
          ? excludeDocuments(
              result,
              books.map((d) => d.id),
            )
          : discardDocuments(
              result,
              portal.map((d) => d.id),
            );
      if (!outcome.ok) throw new AppError('REC0005', { message: outcome.message });
      result = outcome.result;
      await tx.insert(reconciliationDecisions).values({
        subscriberId: principal.subscriberId,
        kind: action === 'Exclude' ? 'exclude' : 'discard',
        purchaseIds: action === 'Exclude' ? books.map((d) => Number(d.id)) : [],
        portalKeys: action === 'Discard' ? portalKeys : [],
        remarks,
        createdBy: principal.userId,
      });
    }
    await replaceRows(
      tx,
      run,
      eligible.map((r) => r.id),
      result,
      new Set(eligible.map((r) => r.supplierGstin)),
    );
    await writeAudit(tx, principal, {
      entityType: 'Reconciliation',
      entityKey: String(run.id),
      entityName: `${action} on ${eligible.length} row(s)`,
      action: 'Update',
      after: { action, rows: eligible.map((r) => r.id), purchaseIds, portalIds, remarks },
      ip,
    });
    const skipped = rows.length - eligible.length;
    return { affected: eligible.length, needsConfirmation: null, skipped, skippedReason: skipped ? skippedReasonOf(action) : null };
  });
};

const skippedReasonOf = (action: 'Exclude' | 'Discard' | 'Reinstate'): string =>
  action === 'Exclude'
    ? 'Rows without a books document (or already excluded) cannot be excluded.'
    : action === 'Discard'
      ? 'Rows without a supplier document (or already discarded) cannot be discarded.'
      : 'Only excluded or discarded rows can be reinstated.';
