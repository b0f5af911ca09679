// The data-activity records (spec core §2 "Data activities"): each push to the tax portal, each download from it, and
// each callback (a poll of the portal's answer) that failed, with the processing status of spec core §4.
import type {
  DataActivity,
  DataActivityKind,
  DataActivitySearchRequest,
  DataActivitySearchResponse,
  ProcessingStatus,
} from '@opengst/contracts';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { dataActivities, entities, users } from '../../db/schema';
import { orderByOf } from '../../platform/lists';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { locationScope } from '../../platform/location-scope';

type NewActivity = {
  subscriberId: number;
  entityId: number;
  gstin: string;
  kind: DataActivityKind;
  action: string;
  returnType: string;
  returnPeriod: string;
  returnId?: number | null;
  status: ProcessingStatus;
  documentCount?: number;
  message?: string | null;
  userId: number | null;
  portalReferenceId?: string | null;
};

export const startActivity = async (db: DbOrTx, values: NewActivity): Promise<number> => {
  const [row] = await db.insert(dataActivities).values(values).returning({ id: dataActivities.id });
  if (!row) throw new Error('data activity not recorded');
  return row.id;
};

/** Closes (or moves) an activity; completedAt is set for every status but InProcess and Attempted. */
export const updateActivity = async (
  db: DbOrTx,
  id: number,
  now: Date,
  patch: {
    status: ProcessingStatus;
    message?: string | null;
    errorCount?: number;
    documentCount?: number;
    portalReferenceId?: string | null;
  },
): Promise<void> => {
  const open = patch.status === 'InProcess' || patch.status === 'Attempted' || patch.status === 'Initialized';
  await db
    .update(dataActivities)
    .set({ ...patch, completedAt: open ? null : now })
    .where(eq(dataActivities.id, id));
};

type ActivityRow = { a: typeof dataActivities.$inferSelect; entityName: string; userName: string | null };

const activityOf = ({ a, entityName, userName }: ActivityRow): DataActivity => ({
  id: a.id,
  entityId: a.entityId,
  entityName,
  gstin: a.gstin,
  kind: a.kind,
  action: a.action,
  returnType: a.returnType,
  returnPeriod: a.returnPeriod,
  returnId: a.returnId,
  status: a.status,
  portalReferenceId: a.portalReferenceId,
  documentCount: a.documentCount,
  errorCount: a.errorCount,
  message: a.message,
  userName: userName ?? null,
  createdAt: a.createdAt.toISOString(),
  completedAt: a.completedAt?.toISOString() ?? null,
});

const SORT_COLUMNS = { id: dataActivities.id, createdAt: dataActivities.createdAt, status: dataActivities.status };

export const searchActivities = async (
  db: DbOrTx,
  principal: SessionPrincipal,
  request: DataActivitySearchRequest,
): Promise<DataActivitySearchResponse> => {
  const orderBy = orderByOf(request.sortExpression, SORT_COLUMNS, 'id DESC', dataActivities.id);
  const scope = await locationScope(db, principal, request.entityIds);
  if (scope.length === 0) return { items: [], totalRecords: 0 };
  const conditions: SQL[] = [
    eq(dataActivities.subscriberId, principal.subscriberId),
    eq(dataActivities.kind, request.kind),
    inArray(dataActivities.entityId, scope),
  ];
  if (request.returnPeriods?.length) conditions.push(inArray(dataActivities.returnPeriod, request.returnPeriods));
  if (request.statuses?.length) conditions.push(inArray(dataActivities.status, request.statuses));
  if (request.actions?.length) conditions.push(inArray(dataActivities.action, request.actions));
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(dataActivities).where(where);
  const rows = await db
    .select({ a: dataActivities, entityName: entities.entityName, userName: users.displayName })
    .from(dataActivities)
    .innerJoin(entities, eq(entities.id, dataActivities.entityId))
    .leftJoin(users, eq(users.id, dataActivities.userId))
    .where(where)
    .orderBy(...orderBy)
    .offset(request.start ?? 0)
    .limit(request.size ?? 50);
  return {
    totalRecords: Number(total?.n ?? 0),
    items: rows.map(activityOf),
  };
};

/**
 * The latest activity of one kind and action (a download: GSTR2A, GSTR2B) for a location and period, optionally of
 * one status; null when there is none. The caller has checked the location's access.
 */
export const lastActivity = async (
  db: DbOrTx,
  key: { subscriberId: number; entityId: number; kind: DataActivityKind; action: string; returnPeriod: string; status?: ProcessingStatus },
): Promise<DataActivity | null> => {
  const conditions: SQL[] = [
    eq(dataActivities.subscriberId, key.subscriberId),
    eq(dataActivities.kind, key.kind),
    eq(dataActivities.entityId, key.entityId),
    eq(dataActivities.action, key.action),
    eq(dataActivities.returnPeriod, key.returnPeriod),
  ];
  if (key.status) conditions.push(eq(dataActivities.status, key.status));
  const [row] = await db
    .select({ a: dataActivities, entityName: entities.entityName, userName: users.displayName })
    .from(dataActivities)
    .innerJoin(entities, eq(entities.id, dataActivities.entityId))
    .leftJoin(users, eq(users.id, dataActivities.userId))
    .where(and(...conditions))
    .orderBy(desc(dataActivities.id))
    .limit(1);
  return row ? activityOf(row) : null;
};
