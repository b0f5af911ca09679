import type { UserDetail, UserListItem, UserSearchRequest } from '@opengst/contracts';
import { and, count, eq, ilike, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database';
import { apiKeys, branches, departments, levels, roles, userEntities, users } from '../../../db/schema';
import { AppError } from '../../../platform/errors';
import { orderByOf } from '../../../platform/lists';

type Filters = NonNullable<UserSearchRequest['filters']>;

const SORT_COLUMNS = {
  id: users.id,
  userName: users.userName,
  displayName: users.displayName,
  email: users.email,
  status: users.status,
  lastLoginAt: users.lastLoginAt,
};
/** Spec core §2: /users has no default sort; the id gives a stable order. */
const DEFAULT_SORT = 'id ASC';

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Deleted users are listed only when the filter asks for them. */
const whereOf = (subscriberId: number, filters: Filters | undefined): SQL | undefined => {
  const conditions: (SQL | undefined)[] = [eq(users.subscriberId, subscriberId)];
  conditions.push(filters?.status ? eq(users.status, filters.status) : ne(users.status, 'Delete'));
  if (filters?.roleId) conditions.push(eq(users.roleId, filters.roleId));
  if (filters?.branchId) conditions.push(eq(users.branchId, filters.branchId));
  if (filters?.departmentId) conditions.push(eq(users.departmentId, filters.departmentId));
  if (filters?.text) {
    const pattern = `%${escapeLike(filters.text)}%`;
    conditions.push(or(ilike(users.userName, pattern), ilike(users.displayName, pattern), ilike(users.email, pattern)));
  }
  return and(...conditions);
};

const listColumns = {
  user: users,
  roleName: roles.name,
  branchName: branches.name,
  departmentName: departments.name,
  levelName: levels.name,
};

type Row = {
  user: typeof users.$inferSelect;
  roleName: string;
  branchName: string | null;
  departmentName: string | null;
  levelName: string | null;
};

export const toListItem = ({ user, roleName, branchName, departmentName, levelName }: Row): UserListItem => ({
  userId: user.id,
  userName: user.userName,
  displayName: user.displayName,
  email: user.email,
  mobile: user.mobile,
  roleId: user.roleId,
  roleName,
  branchId: user.branchId,
  branchName,
  departmentId: user.departmentId,
  departmentName,
  levelId: user.levelId,
  levelName,
  status: user.status,
  lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  createdAt: user.createdAt.toISOString(),
});

const selectUsers = (db: DbOrTx) =>
  db
    .select(listColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(branches, eq(branches.id, users.branchId))
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .leftJoin(levels, eq(levels.id, users.levelId));

export const searchUsers = async (
  db: DbOrTx,
  subscriberId: number,
  request: { start?: number; size?: number; sortExpression?: string | null | undefined; filters?: Filters | undefined },
): Promise<{ items: UserListItem[]; totalRecords: number }> => {
  const where = whereOf(subscriberId, request.filters);
  const orderBy = orderByOf(request.sortExpression, SORT_COLUMNS, DEFAULT_SORT, users.id);
  let query = selectUsers(db)
    .where(where)
    .orderBy(...orderBy)
    .$dynamic();
  if (request.size !== undefined) query = query.limit(request.size).offset(request.start ?? 0);
  const [rows, total] = await Promise.all([query, db.select({ n: count() }).from(users).where(where)]);
  return { items: rows.map(toListItem), totalRecords: total[0]?.n ?? 0 };
};

/** A user of the principal's subscriber, or 404: another subscriber's users do not exist for this caller. */
export const findUser = async (db: DbOrTx, subscriberId: number, userId: number): Promise<typeof users.$inferSelect> => {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.subscriberId, subscriberId)));
  const user = rows[0];
  if (!user) throw new AppError('GEN0003', { propertyName: 'UserId' });
  return user;
};

export const findUsers = async (db: DbOrTx, subscriberId: number, userIds: readonly number[]): Promise<(typeof users.$inferSelect)[]> => {
  const ids = [...new Set(userIds)];
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.subscriberId, subscriberId), inArray(users.id, ids)));
  if (rows.length !== ids.length) throw new AppError('GEN0003', { propertyName: 'UserIds' });
  return rows;
};

export const entityIdsOfUser = async (db: DbOrTx, userId: number): Promise<number[]> =>
  (await db.select({ entityId: userEntities.entityId }).from(userEntities).where(eq(userEntities.userId, userId)))
    .map((r) => r.entityId)
    .sort((a, b) => a - b);

export const userDetail = async (db: DbOrTx, subscriberId: number, userId: number): Promise<UserDetail> => {
  const rows = await selectUsers(db).where(and(eq(users.id, userId), eq(users.subscriberId, subscriberId)));
  const row = rows[0];
  if (!row) throw new AppError('GEN0003', { propertyName: 'UserId' });
  const [entityIds, liveKeys] = await Promise.all([
    entityIdsOfUser(db, userId),
    db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .limit(1),
  ]);
  return { ...toListItem(row), entityIds, hasApiAccess: liveKeys.length > 0 };
};

/** Users of the subscriber's system role (Admin) who are Active, other than the given ones. */
export const otherActiveAdmins = async (db: DbOrTx, subscriberId: number, excludingUserIds: readonly number[]): Promise<number> => {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.subscriberId, subscriberId), eq(users.status, 'Active'), eq(roles.isSystem, true)));
  return rows.filter((r) => !excludingUserIds.includes(r.id)).length;
};
