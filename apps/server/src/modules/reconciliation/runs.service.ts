// Starting a run and reading runs. A run is visible to a user who may see every GSTIN it covers.
import type { Run, RunDetail, RunStartRequest, StatusCount } from '@opengst/contracts';
import { RunListRequestSchema, RunStartRequestSchema } from '@opengst/contracts';
import { periodsBetween } from '@opengst/domain';
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/database';
import { entities, reconciliationRuns, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import type { AppContext } from '../../platform/context';
import { assertEntityAccess } from '../../platform/entity-access';
import { AppError } from '../../platform/errors';
import { locationScope } from '../../platform/location-scope';
import { orderByOf } from '../../platform/lists';
import { RUN_JOB } from './reconciliation.jobs';

/** A run reads at most three years of periods: beyond that the three-year bar of s.16(4)/s.73 has long passed. */
export const MAX_RUN_PERIODS = 36;

type RunRow = typeof reconciliationRuns.$inferSelect;

const runOf = (row: RunRow, userName: string | null): Run => ({
  id: row.id,
  gstins: row.gstins,
  entityIds: row.entityIds,
  fromPeriod: row.fromPeriod,
  toPeriod: row.toPeriod,
  portalSource: row.portalSource,
  status: row.status,
  stage: row.stage,
  done: row.done,
  total: row.total,
  booksDocuments: row.booksDocuments,
  portalDocuments: row.portalDocuments,
  rows: row.rows,
  itcAtRisk: row.itcAtRisk,
  message: row.message,
  supersededBy: row.supersededBy,
  userName,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

const scopeKeyOf = (entityIds: readonly number[], from: string, to: string, source: string): string =>
  `${[...entityIds].sort((a, b) => a - b).join(',')}|${from}|${to}|${source}`;

/** Queues a run; refuses a second one over the same scope while one is waiting or running. */
export const startRun = async (ctx: AppContext, principal: SessionPrincipal, input: RunStartRequest, ip: string): Promise<Run> => {
  const request = RunStartRequestSchema.parse(input);
  const { db } = ctx.database;
  const entityIds = [...new Set(request.entityIds)].sort((a, b) => a - b);
  await assertEntityAccess(db, principal, entityIds);
  if (periodsBetween(request.fromPeriod, request.toPeriod).length > MAX_RUN_PERIODS) throw new AppError('REC0007');
  const located = await db
    .select({ id: entities.id, gstin: entities.gstin, type: entities.entityType })
    .from(entities)
    .where(and(eq(entities.subscriberId, principal.subscriberId), inArray(entities.id, entityIds)));
  const withoutGstin = located.find((e) => !e.gstin || e.type === 'Business');
  if (withoutGstin) throw new AppError('REC0008', { propertyName: 'entityIds' });
  const gstins = located.map((e) => e.gstin!).sort();
  const scopeKey = scopeKeyOf(entityIds, request.fromPeriod, request.toPeriod, request.portalSource);
  const run = await db.transaction(async (tx) => {
    const [busy] = await tx
      .select({ id: reconciliationRuns.id })
      .from(reconciliationRuns)
      .where(
        and(
          eq(reconciliationRuns.subscriberId, principal.subscriberId),
          eq(reconciliationRuns.scopeKey, scopeKey),
          inArray(reconciliationRuns.status, ['YetNotStarted', 'InProgress']),
        ),
      );
    if (busy) throw new AppError('REC0002');
    const [row] = await tx
      .insert(reconciliationRuns)
      .values({
        subscriberId: principal.subscriberId,
        entityIds,
        gstins,
        fromPeriod: request.fromPeriod,
        toPeriod: request.toPeriod,
        portalSource: request.portalSource,
        scopeKey,
        createdBy: principal.userId,
        stage: 'Waiting to start',
      })
      .returning();
    await writeAudit(tx, principal, {
      entityType: 'Reconciliation',
      entityKey: String(row!.id),
      entityName: `${request.portalSource} reconciliation ${gstins.join(', ')} ${request.fromPeriod}-${request.toPeriod}`,
      action: 'Create',
      after: { gstins, fromPeriod: request.fromPeriod, toPeriod: request.toPeriod, portalSource: request.portalSource },
      ip,
    });
    return row!;
  });
  await ctx.jobs.send(RUN_JOB, { runId: run.id, userId: principal.userId });
  return runOf(run, principal.userName);
};

/** The run of this id if the user may see it: 404 for another subscriber's, 403 for a GSTIN the user cannot see. */
export const visibleRun = async (db: DbOrTx, principal: SessionPrincipal, runId: number): Promise<RunRow> => {
  const [row] = await db
    .select()
    .from(reconciliationRuns)
    .where(and(eq(reconciliationRuns.id, runId), eq(reconciliationRuns.subscriberId, principal.subscriberId)));
  if (!row) throw new AppError('REC0001');
  await assertEntityAccess(db, principal, row.entityIds);
  return row;
};

/** A run whose rows may be read and acted on: finished and not replaced by a newer run. */
export const currentRun = async (db: DbOrTx, principal: SessionPrincipal, runId: number): Promise<RunRow> => {
  const run = await visibleRun(db, principal, runId);
  if (run.status !== 'Completed') throw new AppError('REC0003');
  if (run.supersededBy !== null) throw new AppError('REC0004');
  return run;
};

const userNameOf = async (db: DbOrTx, userId: number | null): Promise<string | null> => {
  if (userId === null) return null;
  const [row] = await db.select({ name: users.userName }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
};

export const runDetail = async (db: DbOrTx, principal: SessionPrincipal, runId: number): Promise<RunDetail> => {
  const row = await visibleRun(db, principal, runId);
  return { run: runOf(row, await userNameOf(db, row.createdBy)), byStatus: row.byStatus as StatusCount[] };
};

const RUN_SORT = {
  id: reconciliationRuns.id,
  createdAt: reconciliationRuns.createdAt,
  itcAtRisk: reconciliationRuns.itcAtRisk,
  status: reconciliationRuns.status,
};

/** The runs over GSTINs the user may all see, newest first (/reconciliation-list). */
export const searchRuns = async (
  db: DbOrTx,
  principal: SessionPrincipal,
  input: z.input<typeof RunListRequestSchema>,
  pageSize: number,
) => {
  const request = RunListRequestSchema.parse(input);
  const visible = await locationScope(db, principal, request.filters?.entityIds);
  const array = sql`ARRAY[${sql.join(
    visible.map((id) => sql`${id}`),
    sql`, `,
  )}]::integer[]`;
  const conditions: (SQL | undefined)[] = [
    eq(reconciliationRuns.subscriberId, principal.subscriberId),
    visible.length === 0 ? sql`false` : sql`${reconciliationRuns.entityIds} <@ ${array}`,
    request.filters?.entityIds?.length ? sql`${reconciliationRuns.entityIds} && ${array}` : undefined,
    request.filters?.statuses?.length ? inArray(reconciliationRuns.status, request.filters.statuses) : undefined,
    request.filters?.portalSources?.length ? inArray(reconciliationRuns.portalSource, request.filters.portalSources) : undefined,
  ];
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(reconciliationRuns).where(where);
  const rows = await db
    .select({ run: reconciliationRuns, userName: users.userName })
    .from(reconciliationRuns)
    .leftJoin(users, eq(users.id, reconciliationRuns.createdBy))
    .where(where)
    .orderBy(...orderByOf(request.sortExpression, RUN_SORT, 'id DESC', reconciliationRuns.id))
    .offset(request.start)
    .limit(request.size ?? pageSize);
  return { items: rows.map((r) => runOf(r.run, r.userName)), totalRecords: total?.n ?? 0 };
};

/** Runs a crash interrupted: failed, their partial rows removed; the user re-runs them. */
export const INTERRUPTED_RUN = 'The server stopped while this reconciliation ran. Run it again.';
