// GSTR-2A/2B for many GSTINs and periods in one background job (issue 18). The request records one Sync data activity
// per GSTIN × period × source (Initialized) and queues ONE job that carries their ids; the job downloads them in
// order, each through the same fetch and store as a single download, and moves each record along (InProcess,
// Attempted while it waits to try again, then Completed or failed with the reason in words). The records are the
// progress: the status endpoint reads them back by the ids the request answered. A failed item never stops the others;
// a transient portal failure is tried again a bounded number of times with a growing wait; a GSTIN without an active
// portal session fails its items at once ("sign in to the portal for GSTIN X"). A GSTR-2B not generated yet is the
// portal's normal answer before the 14th of the next month: recorded with its message, counted as "not generated" (the
// schedule downloads it again later). A period the portal has no document of is a download of none, as a single one.
import {
  periodOrder,
  returnPeriodsBetween,
  type InwardBulkItem,
  type InwardBulkProgress,
  type InwardBulkRequest,
  type InwardSource,
} from '@opengst/contracts';
import { indiaDateOf, returnPeriodOf } from '@opengst/domain';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database';
import { dataActivities, entities } from '../../../db/schema';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import type { AppContext } from '../../../platform/context';
import { assertEntityAccess } from '../../../platform/entity-access';
import { AppError } from '../../../platform/errors';
import type { PortalSessionState } from '../../../portal/gst-portal';
import { updateActivity } from '../../data-activities';
import { activePortalSession } from '../portal/portal-session.service';
import { INWARD_BULK_JOB } from '../returns.jobs';
import { auditAs, outcomeOf, storeInward, type InwardActor, type InwardTarget } from './inward-store.repo';
import { fetchPortalInward, InwardFailure, noSessionError } from './inward.service';

const SOURCE_ORDER: readonly InwardSource[] = ['GSTR2A', 'GSTR2B'];

export type InwardBulkDeps = {
  ctx: AppContext;
  /** Attempts of one download when the portal fails transiently, and the wait after failed attempt n (1-based). */
  attempts: number;
  delayMs: (failedAttempt: number) => number;
  /**
   * The job hands what is left to a new run of itself after this long: the queue gives up on a job running 15 minutes
   * (pg-boss's expiry) and would start it again while it still runs.
   */
  budgetMs: number;
};

/** Three attempts, 2 s then 8 s apart; a run hands over after 5 minutes. */
export const INWARD_BULK_POLICY = {
  attempts: 3,
  delayMs: (failedAttempt: number) => 2000 * 4 ** (failedAttempt - 1),
  budgetMs: 5 * 60_000,
} as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The locations with a GSTIN among `entityIds` (RET0001 naming the first one without). */
export const gstinTargets = async (db: DbOrTx, subscriberId: number, entityIds: readonly number[]): Promise<InwardTarget[]> => {
  const rows = await db
    .select({ id: entities.id, name: entities.entityName, gstin: entities.gstin, type: entities.entityType })
    .from(entities)
    .where(and(eq(entities.subscriberId, subscriberId), inArray(entities.id, [...entityIds]), ne(entities.status, 'Delete')))
    .orderBy(asc(entities.id));
  if (rows.length !== new Set(entityIds).size) throw new AppError('GEN0003');
  const without = rows.find((r) => !r.gstin || r.type === 'Business');
  if (without)
    throw new AppError('RET0001', {
      propertyName: 'EntityIds',
      message: `GSTR-2A/2B are downloaded per GSTIN: "${without.name}" has no GSTIN of its own. Choose its locations instead.`,
    });
  return rows.map((r) => ({ entityId: r.id, gstin: r.gstin ?? '' }));
};

/**
 * Records one Initialized download per target × period × source with the audit row, then queues the job. Answers the
 * ids of the records, in the order the job takes them (GSTIN, period, source).
 */
export const queueInwardBulk = async (
  ctx: AppContext,
  actor: InwardActor,
  targets: readonly InwardTarget[],
  periods: readonly string[],
  sources: readonly InwardSource[],
  ip?: string,
): Promise<number[]> => {
  const { db } = ctx.database;
  const now = ctx.now();
  const ordered = SOURCE_ORDER.filter((s) => sources.includes(s));
  const values = targets.flatMap((target) =>
    periods.flatMap((returnPeriod) =>
      ordered.map((source) => ({
        subscriberId: actor.subscriberId,
        entityId: target.entityId,
        gstin: target.gstin,
        kind: 'Sync' as const,
        action: source,
        returnType: source,
        returnPeriod,
        status: 'Initialized' as const,
        userId: actor.userId,
        createdAt: now,
      })),
    ),
  );
  const ids = await db.transaction(async (tx) => {
    const rows = await tx.insert(dataActivities).values(values).returning({ id: dataActivities.id });
    const recorded = rows.map((r) => r.id).sort((a, b) => a - b);
    await auditAs(tx, actor, {
      entityType: 'PortalDocuments',
      entityKey: `bulk/${recorded[0] ?? 0}`,
      entityName: targets
        .map((t) => t.gstin)
        .join(', ')
        .slice(0, 500),
      action: 'Create',
      after: {
        gstins: targets.map((t) => t.gstin),
        periods,
        sources: ordered,
        downloads: recorded.length,
        scheduled: actor.userId === null,
      },
      ...(ip ? { ip } : {}),
    });
    return recorded;
  });
  // Queued outside the transaction: on PGlite an open transaction holds the only connection.
  await ctx.jobs.send(INWARD_BULK_JOB, { subscriberId: actor.subscriberId, userId: actor.userId, activityIds: ids });
  return ids;
};

/** POST returns/inward/bulk/download: the request checked (locations with a GSTIN, no period after this month), then queued. */
export const requestInwardBulk = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  request: InwardBulkRequest,
  ip: string,
): Promise<InwardBulkProgress> => {
  const { db } = ctx.database;
  const current = returnPeriodOf(indiaDateOf(ctx.now()));
  if (periodOrder(request.toPeriod) > periodOrder(current))
    throw new AppError('GEN0009', { propertyName: 'ToPeriod', message: 'The portal holds no GSTR-2A/2B of a period that has not begun.' });
  const targets = await gstinTargets(db, principal.subscriberId, request.entityIds);
  const periods = returnPeriodsBetween(request.fromPeriod, request.toPeriod);
  const ids = await queueInwardBulk(ctx, principal, targets, periods, request.sources, ip);
  return inwardBulkProgress(db, principal, ids);
};

/** The records of the ids, with their location's name (of the subscriber, inward downloads only), in id order. */
const bulkRows = (db: DbOrTx, subscriberId: number, ids: readonly number[]) =>
  db
    .select({ a: dataActivities, entityName: entities.entityName })
    .from(dataActivities)
    .innerJoin(entities, eq(entities.id, dataActivities.entityId))
    .where(
      and(
        eq(dataActivities.subscriberId, subscriberId),
        eq(dataActivities.kind, 'Sync'),
        inArray(dataActivities.action, [...SOURCE_ORDER]),
        inArray(dataActivities.id, [...ids]),
      ),
    )
    .orderBy(asc(dataActivities.id));

/**
 * POST returns/inward/bulk/status: the progress of the downloads named by their ids. An id of another subscriber (or
 * not an inward download) answers 404; one of a location the user has no access to, 403.
 */
export const inwardBulkProgress = async (
  db: DbOrTx,
  principal: SessionPrincipal,
  activityIds: readonly number[],
): Promise<InwardBulkProgress> => {
  const ids = [...new Set(activityIds)];
  const rows = await bulkRows(db, principal.subscriberId, ids);
  if (rows.length !== ids.length) throw new AppError('GEN0003', { message: 'One of these downloads does not exist.' });
  await assertEntityAccess(db, principal, [...new Set(rows.map((r) => r.a.entityId))]);
  const items = rows.map(({ a, entityName }): InwardBulkItem => ({
    activityId: a.id,
    entityId: a.entityId,
    entityName,
    gstin: a.gstin,
    returnPeriod: a.returnPeriod,
    source: a.action as InwardSource,
    status: a.status,
    outcome: outcomeOf(a.status, a.message),
    documentCount: a.documentCount,
    message: a.message,
    createdAt: a.createdAt.toISOString(),
    completedAt: a.completedAt?.toISOString() ?? null,
  }));
  const countOf = (outcome: InwardBulkItem['outcome']) => items.filter((i) => i.outcome === outcome).length;
  const [pending, running, downloaded, notGenerated, failed] = [
    countOf('Pending'),
    countOf('Running'),
    countOf('Downloaded'),
    countOf('NotGenerated'),
    countOf('Failed'),
  ];
  const isFinished = pending + running === 0;
  const started = Math.min(...rows.map((r) => r.a.createdAt.getTime()));
  const ended = Math.max(...rows.map((r) => r.a.completedAt?.getTime() ?? 0));
  return {
    activityIds: items.map((i) => i.activityId),
    total: items.length,
    pending,
    running,
    downloaded,
    notGenerated,
    failed,
    done: downloaded + notGenerated + failed,
    documents: items.reduce((sum, i) => sum + (i.outcome === 'Downloaded' ? i.documentCount : 0), 0),
    isFinished,
    startedAt: new Date(started).toISOString(),
    finishedAt: isFinished && ended > 0 ? new Date(ended).toISOString() : null,
    items,
  };
};

type Item = { id: number; entityId: number; gstin: string; returnPeriod: string; source: InwardSource };

const OPEN = ['Initialized', 'InProcess', 'Attempted'] as const;

/** Takes the item (another run may have ended it already); answers whether it is this run's to do. */
const claim = async (db: DbOrTx, id: number): Promise<boolean> => {
  const taken = await db
    .update(dataActivities)
    .set({ status: 'InProcess', message: null })
    .where(and(eq(dataActivities.id, id), inArray(dataActivities.status, [...OPEN])))
    .returning({ id: dataActivities.id });
  return taken.length > 0;
};

/** Downloads one item, trying a transient failure again; records how it ended. Never throws for the item's own failure. */
const downloadItem = async (deps: InwardBulkDeps, actor: InwardActor, item: Item): Promise<void> => {
  const { ctx } = deps;
  const { db } = ctx.database;
  if (!(await claim(db, item.id))) return;
  const target = { entityId: item.entityId, gstin: item.gstin };
  let session: PortalSessionState;
  try {
    session = await activePortalSession(ctx, item.entityId, item.gstin);
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'RET0008')) throw error;
    await updateActivity(db, item.id, ctx.now(), { status: 'Unprocessable', message: noSessionError(item.gstin).message });
    return;
  }
  for (let attempt = 1; ; attempt++) {
    try {
      const read = await fetchPortalInward(ctx, session, target, item.source, item.returnPeriod);
      await storeInward(db, actor, target, item, item.id, read, { status: 'Completed', now: ctx.now(), about: { bulk: true } });
      return;
    } catch (error) {
      if (!(error instanceof InwardFailure)) {
        console.error(`[inward bulk ${item.gstin} ${item.source} ${item.returnPeriod}]`, error);
        await updateActivity(db, item.id, ctx.now(), {
          status: 'Unhandled',
          message: 'The download could not be completed because of an unexpected error; download it again.',
        });
        return;
      }
      const message = error.error.message;
      if (!error.isTransient) {
        await updateActivity(db, item.id, ctx.now(), { status: error.status, message });
        return;
      }
      if (attempt >= deps.attempts) {
        await updateActivity(db, item.id, ctx.now(), {
          status: 'MaxAttemptReached',
          message: `${message} Tried ${deps.attempts} times; download it again later.`,
        });
        return;
      }
      const waitMs = deps.delayMs(attempt);
      await updateActivity(db, item.id, ctx.now(), {
        status: 'Attempted',
        message: `Attempt ${attempt} of ${deps.attempts} failed: ${message} Trying again in ${Math.max(1, Math.round(waitMs / 1000))} s.`,
      });
      await sleep(waitMs);
    }
  }
};

/**
 * The job: each open item of the payload in order. Past its time budget it queues the rest as a new run of itself and
 * stops. A run started again by the queue (the process died) takes the items still open, one left InProcess included.
 */
export const runInwardBulk = async (
  deps: InwardBulkDeps,
  payload: { subscriberId: number; userId: number | null; activityIds: readonly number[] },
): Promise<void> => {
  const { db } = deps.ctx.database;
  const started = performance.now();
  const rows = await db
    .select({
      id: dataActivities.id,
      entityId: dataActivities.entityId,
      gstin: dataActivities.gstin,
      returnPeriod: dataActivities.returnPeriod,
      action: dataActivities.action,
      status: dataActivities.status,
    })
    .from(dataActivities)
    .where(
      and(
        eq(dataActivities.subscriberId, payload.subscriberId),
        eq(dataActivities.kind, 'Sync'),
        inArray(dataActivities.id, [...payload.activityIds]),
        inArray(dataActivities.status, [...OPEN]),
      ),
    )
    .orderBy(asc(dataActivities.id));
  const actor = { subscriberId: payload.subscriberId, userId: payload.userId };
  for (const [index, row] of rows.entries()) {
    // At least one item per run, so that a run always moves the work on.
    if (index > 0 && performance.now() - started > deps.budgetMs) {
      const rest = rows.slice(index).map((r) => r.id);
      await deps.ctx.jobs.send(INWARD_BULK_JOB, { ...actor, activityIds: rest });
      return;
    }
    if (row.action !== 'GSTR2A' && row.action !== 'GSTR2B') continue;
    await downloadItem(deps, actor, { ...row, source: row.action });
  }
};
