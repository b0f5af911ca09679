// Manual reconciliation on a finished run: link documents (1:1, 1:n, n:1) or unlink a pair. The rows holding the
// documents are rebuilt from a small engine result over just their documents (the engine's own link and unlink, so
// statuses and explanations are the engine's), the decision is stored to be replayed by every later run, and the
// run's summaries are refreshed.
import { linkDocuments, reconcile, unlinkDocuments, type ReconcileResult } from '@opengst/domain';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { reconciliationDecisions, reconciliationRows } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { loadSubscriberSettings } from '../../platform/settings/subscriber-settings';
import { markAwaiting2b } from './awaiting.service';
import { actionsOf } from './decisions.repo';
import { loadBooks, loadPortal } from './run-load.queries';
import { keyOfPortal, rowRecordOf } from './row-record';
import { engineSettingsOf } from './run.job';
import { currentRun } from './runs.service';
import { refreshRunSummary, refreshVendors } from './summaries.repo';

type Run = Awaited<ReturnType<typeof currentRun>>;

const bigintArray = (ids: readonly number[]) =>
  sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::bigint[]`;

/** The run's rows holding any of these documents. */
const rowsHolding = async (db: DbOrTx, runId: number, purchaseIds: readonly number[], portalIds: readonly number[]) =>
  db
    .select({
      id: reconciliationRows.id,
      purchaseIds: reconciliationRows.purchaseIds,
      portalIds: reconciliationRows.portalIds,
      supplierGstin: reconciliationRows.supplierGstin,
    })
    .from(reconciliationRows)
    .where(
      and(
        eq(reconciliationRows.runId, runId),
        or(
          purchaseIds.length ? sql`${reconciliationRows.purchaseIds} && ${bigintArray(purchaseIds)}` : undefined,
          portalIds.length ? sql`${reconciliationRows.portalIds} && ${bigintArray(portalIds)}` : undefined,
        ),
      ),
    );

/** An engine result over the documents of some rows of the run. */
const miniResult = async (db: DbOrTx, run: Run, purchaseIds: readonly number[], portalIds: readonly number[]) => {
  const scope = { ...run, portalSource: run.portalSource };
  const books = purchaseIds.length ? await loadBooks(db, scope, purchaseIds) : [];
  const portal = portalIds.length ? await loadPortal(db, scope, portalIds) : [];
  const settings = engineSettingsOf((await loadSubscriberSettings(db, run.subscriberId)).reconciliation);
  return { result: reconcile(books, portal, settings), books, portal };
};

/**
 * Replaces rows of the run by the rows of a new result; refreshes the summaries; answers the new rows' ids by key. A
 * rebuilt PR only row whose supplier reported the document in the 2A or IMS is Awaiting 2B, as the job would store it.
 */
export const replaceRows = async (db: DbOrTx, run: Run, oldIds: readonly number[], rebuilt: ReconcileResult, suppliers: Set<string>) => {
  const result = await markAwaiting2b(db, { ...run, portalSource: run.portalSource }, rebuilt);
  const actions = await actionsOf(db, run.subscriberId);
  // By run too: the delete reads the run's partition only.
  await db.delete(reconciliationRows).where(and(eq(reconciliationRows.runId, run.id), inArray(reconciliationRows.id, [...oldIds])));
  const inserted = await db
    .insert(reconciliationRows)
    .values(result.rows.map((row) => rowRecordOf(row, run.id, run.subscriberId, actions)))
    .returning({ id: reconciliationRows.id, purchaseIds: reconciliationRows.purchaseIds, portalIds: reconciliationRows.portalIds });
  for (const row of result.rows) suppliers.add(row.supplierGstin);
  await refreshVendors(db, run.id, run.subscriberId, [...suppliers]);
  await refreshRunSummary(db, run.id);
  return inserted;
};

export const linkRows = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  input: { runId: number; purchaseIds: number[]; portalIds: number[]; remarks?: string | undefined },
  ip: string,
): Promise<{ rowId: number }> => {
  const { db } = ctx.database;
  return db.transaction(async (tx) => {
    const run = await currentRun(tx, principal, input.runId);
    const touched = await rowsHolding(tx, run.id, input.purchaseIds, input.portalIds);
    const allBooks = [...new Set([...input.purchaseIds, ...touched.flatMap((r) => r.purchaseIds)])];
    const allPortal = [...new Set([...input.portalIds, ...touched.flatMap((r) => r.portalIds)])];
    const inRun = new Set(touched.flatMap((r) => [...r.purchaseIds.map((id) => `B${id}`), ...r.portalIds.map((id) => `G${id}`)]));
    const missing = [...input.purchaseIds.map((id) => `B${id}`), ...input.portalIds.map((id) => `G${id}`)].find((k) => !inRun.has(k));
    if (missing)
      throw new AppError('REC0005', { message: 'A chosen document is not in this reconciliation. Refresh the lists and choose again.' });
    const { result, portal } = await miniResult(tx, run, allBooks, allPortal);
    const outcome = linkDocuments(result, input.purchaseIds.map(String), input.portalIds.map(String));
    if (!outcome.ok) throw new AppError('REC0005', { message: outcome.message });
    const keyOf = new Map(portal.map((d) => [d.id, keyOfPortal(d)]));
    await tx.insert(reconciliationDecisions).values({
      subscriberId: principal.subscriberId,
      kind: 'link',
      purchaseIds: input.purchaseIds,
      portalKeys: input.portalIds.map((id) => keyOf.get(String(id))!),
      remarks: input.remarks ?? null,
      createdBy: principal.userId,
    });
    const inserted = await replaceRows(
      tx,
      run,
      touched.map((r) => r.id),
      outcome.result,
      new Set(touched.map((r) => r.supplierGstin)),
    );
    const linked = inserted.find((r) => r.purchaseIds.includes(input.purchaseIds[0]!) && r.portalIds.includes(input.portalIds[0]!))!;
    await writeAudit(tx, principal, {
      entityType: 'Reconciliation',
      entityKey: String(run.id),
      entityName: `Link ${input.purchaseIds.length} books and ${input.portalIds.length} portal documents`,
      action: 'Update',
      after: { purchaseIds: input.purchaseIds, portalIds: input.portalIds, remarks: input.remarks ?? null, rowId: linked.id },
      ip,
    });
    return { rowId: linked.id };
  });
};

export const unlinkRow = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  input: { runId: number; rowId: number; remarks?: string | undefined },
  ip: string,
): Promise<{ rowIds: number[] }> => {
  const { db } = ctx.database;
  return db.transaction(async (tx) => {
    const run = await currentRun(tx, principal, input.runId);
    const [row] = await tx
      .select()
      .from(reconciliationRows)
      .where(and(eq(reconciliationRows.id, input.rowId), eq(reconciliationRows.runId, run.id)));
    if (!row) throw new AppError('REC0001', { message: 'This row is not in the reconciliation. Refresh the list.' });
    if (row.purchaseIds.length === 0 || row.portalIds.length === 0)
      throw new AppError('REC0005', { message: 'Only a pair can be unlinked: this row holds documents of one side.' });
    const { result, portal } = await miniResult(tx, run, row.purchaseIds, row.portalIds);
    const books = row.purchaseIds.map(String);
    const portalIds = row.portalIds.map(String);
    // The small result pairs them again when the engine would; a user's link it does not, so link first.
    const paired = linkDocuments(result, books, portalIds);
    const base = paired.ok ? paired.result : result;
    const outcome = unlinkDocuments(base, books, portalIds);
    if (!outcome.ok) throw new AppError('REC0005', { message: outcome.message });
    const portalKeys = portal.map(keyOfPortal);
    if (row.rule === 'manual') {
      // Undo the user's link rather than stack an unlink on it.
      await tx
        .update(reconciliationDecisions)
        .set({ active: false })
        .where(
          and(
            eq(reconciliationDecisions.subscriberId, principal.subscriberId),
            eq(reconciliationDecisions.kind, 'link'),
            eq(reconciliationDecisions.active, true),
            sql`${reconciliationDecisions.purchaseIds} && ${bigintArray(row.purchaseIds)}`,
          ),
        );
    } else {
      await tx.insert(reconciliationDecisions).values({
        subscriberId: principal.subscriberId,
        kind: 'unlink',
        purchaseIds: row.purchaseIds,
        portalKeys,
        remarks: input.remarks ?? null,
        createdBy: principal.userId,
      });
    }
    const inserted = await replaceRows(tx, run, [row.id], outcome.result, new Set([row.supplierGstin]));
    await writeAudit(tx, principal, {
      entityType: 'Reconciliation',
      entityKey: String(run.id),
      entityName: `Unlink ${row.booksNumber ?? ''} / ${row.portalNumber ?? ''}`,
      action: 'Update',
      before: { rowId: row.id, purchaseIds: row.purchaseIds, portalIds: row.portalIds, status: row.status },
      after: { rowIds: inserted.map((r) => r.id), remarks: input.remarks ?? null },
      ip,
    });
    return { rowIds: inserted.map((r) => r.id) };
  });
};
