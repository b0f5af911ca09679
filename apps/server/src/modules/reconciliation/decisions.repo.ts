// Users' decisions and actions as the job replays them on a fresh run.
import type { ManualDecision } from '@opengst/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { reconciliationActions, reconciliationDecisions } from '../../db/schema';

export type StoredDecision = { id: number; kind: ManualDecision['kind']; purchaseIds: number[]; portalKeys: string[] };

export const activeDecisions = async (db: DbOrTx, subscriberId: number): Promise<StoredDecision[]> =>
  db
    .select({
      id: reconciliationDecisions.id,
      kind: reconciliationDecisions.kind,
      purchaseIds: reconciliationDecisions.purchaseIds,
      portalKeys: reconciliationDecisions.portalKeys,
    })
    .from(reconciliationDecisions)
    .where(and(eq(reconciliationDecisions.subscriberId, subscriberId), eq(reconciliationDecisions.active, true)))
    .orderBy(asc(reconciliationDecisions.id));

/**
 * The stored decisions that concern this run's documents, as the engine takes them (portal documents by this run's
 * ids). A decision naming a document the run did not load (another GSTIN or period, or a document since deleted) is
 * left out: it belongs to another scope, or no longer applies.
 */
export const decisionsForRun = (
  stored: readonly StoredDecision[],
  booksIds: ReadonlySet<string>,
  portalIdOfKey: ReadonlyMap<string, string>,
): ManualDecision[] => {
  const out: ManualDecision[] = [];
  for (const d of stored) {
    const purchaseIds = d.purchaseIds.map(String);
    const portalIds = d.portalKeys.map((k) => portalIdOfKey.get(k));
    if (!purchaseIds.every((id) => booksIds.has(id)) || portalIds.some((id) => id === undefined)) continue;
    out.push({ kind: d.kind, purchaseIds, portalIds: portalIds as string[] });
  }
  return out;
};

export type DocumentActions = Map<string, { action: 'Accept' | 'Reject' | 'Pending' | null; claimPeriod: string | null }>;

/** Every action the subscriber's users took (far fewer than documents: only what someone decided). */
export const actionsOf = async (db: DbOrTx, subscriberId: number): Promise<DocumentActions> => {
  const rows = await db
    .select({
      key: reconciliationActions.documentKey,
      action: reconciliationActions.action,
      claimPeriod: reconciliationActions.claimPeriod,
    })
    .from(reconciliationActions)
    .where(eq(reconciliationActions.subscriberId, subscriberId));
  return new Map(rows.map((r) => [r.key, { action: r.action, claimPeriod: r.claimPeriod }]));
};
