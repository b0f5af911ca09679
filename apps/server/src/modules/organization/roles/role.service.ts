import {
  isRightId,
  RIGHT_MODULES,
  RIGHTS,
  type RightsTree,
  type RoleDetail,
  type RoleListItem,
  type RoleSaveSchema,
} from '@opengst/contracts';
import { and, count, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit';
import type { DbOrTx, Db } from '../../../db/database';
import { roleRights, roles, subscriptions, users } from '../../../db/schema';
import { AppError, validationError } from '../../../platform/errors';
import { orderByOf } from '../../../platform/lists';
import type { SessionPrincipal } from '../../../platform/auth/sessions';

type Role = typeof roles.$inferSelect;
type SaveInput = z.output<typeof RoleSaveSchema>;

/** Spec core §2: /roles sorts by id DESC. */
const SORT_COLUMNS = { id: roles.id, name: roles.name, updatedAt: roles.updatedAt };
const DEFAULT_SORT = 'id DESC';

// Written with qualified names: drizzle renders unqualified columns inside a single-table select.
const userCount =
  sql<number>`(select count(*) from "users" where "users"."role_id" = "roles"."id" and "users"."status" <> 'Delete')`.mapWith(Number);
const rightCount = sql<number>`(select count(*) from "role_rights" where "role_rights"."role_id" = "roles"."id")`.mapWith(Number);

const toListItem = (row: { role: Role; userCount: number; rightCount: number }): RoleListItem => ({
  roleId: row.role.id,
  name: row.role.name,
  description: row.role.description,
  isSystem: row.role.isSystem,
  userCount: row.userCount,
  rightCount: row.rightCount,
  updatedAt: row.role.updatedAt.toISOString(),
});

export const searchRoles = async (
  db: DbOrTx,
  subscriberId: number,
  request: { start: number; size: number; sortExpression?: string | null | undefined; filters?: { text?: string | undefined } | undefined },
): Promise<{ items: RoleListItem[]; totalRecords: number }> => {
  const conditions = [eq(roles.subscriberId, subscriberId)];
  if (request.filters?.text) conditions.push(ilike(roles.name, `%${request.filters.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    db
      .select({ role: roles, userCount, rightCount })
      .from(roles)
      .where(where)
      .orderBy(...orderByOf(request.sortExpression, SORT_COLUMNS, DEFAULT_SORT, roles.id))
      .limit(request.size)
      .offset(request.start),
    db.select({ n: count() }).from(roles).where(where),
  ]);
  return { items: rows.map(toListItem), totalRecords: total[0]?.n ?? 0 };
};

/** A role of the principal's subscriber, or 404 (another subscriber's roles do not exist for this caller). */
const findRole = async (db: DbOrTx, subscriberId: number, roleId: number): Promise<Role> => {
  const role = (
    await db
      .select()
      .from(roles)
      .where(and(eq(roles.id, roleId), eq(roles.subscriberId, subscriberId)))
  )[0];
  if (!role) throw new AppError('GEN0003', { propertyName: 'RoleId' });
  return role;
};

const rightIdsOf = async (db: DbOrTx, roleId: number): Promise<string[]> =>
  (await db.select({ rightId: roleRights.rightId }).from(roleRights).where(eq(roleRights.roleId, roleId))).map((r) => r.rightId).sort();

export const roleDetail = async (db: DbOrTx, subscriberId: number, roleId: number): Promise<RoleDetail> => {
  const row = (
    await db
      .select({ role: roles, userCount, rightCount })
      .from(roles)
      .where(and(eq(roles.id, roleId), eq(roles.subscriberId, subscriberId)))
  )[0];
  if (!row) throw new AppError('GEN0003', { propertyName: 'RoleId' });
  return { ...toListItem(row), rightIds: await rightIdsOf(db, roleId) };
};

/** The catalogue by module, with whether the subscriber's subscription includes each right (the tree of /add-role). */
export const rightsTree = async (db: DbOrTx, subscriberId: number): Promise<RightsTree> => {
  const subscribed = new Set(
    (await db.select({ rightId: subscriptions.rightId }).from(subscriptions).where(eq(subscriptions.subscriberId, subscriberId))).map(
      (s) => s.rightId,
    ),
  );
  return RIGHT_MODULES.map((module) => ({
    module,
    rights: RIGHTS.filter((r) => r.module === module).map((r) => ({
      rightId: r.id,
      name: r.name,
      isPremium: 'isPremium' in r && r.isPremium === true,
      subscribed: subscribed.has(r.id),
    })),
  })).filter((group) => group.rights.length > 0);
};

const assertKnownRights = (rightIds: readonly string[]): string[] => {
  const unknown: string[] = rightIds.filter((id: string): boolean => !isRightId(id));
  if (unknown.length > 0) {
    throw validationError(
      unknown.map((id) => ({ code: 'ADM0005', message: `Unknown right: ${id.slice(0, 60)}.`, propertyName: 'RightIds', type: 'Error' })),
    );
  }
  return [...new Set(rightIds)].sort();
};

const assertNameFree = async (db: DbOrTx, subscriberId: number, name: string, exceptRoleId: number | undefined): Promise<void> => {
  const conditions = [eq(roles.subscriberId, subscriberId), sql`lower(${roles.name}) = lower(${name})`];
  if (exceptRoleId !== undefined) conditions.push(ne(roles.id, exceptRoleId));
  if (
    (
      await db
        .select({ id: roles.id })
        .from(roles)
        .where(and(...conditions))
        .limit(1)
    ).length > 0
  )
    throw new AppError('ADM0003', { propertyName: 'Name' });
};

/**
 * role/save: create (RoleAdd) or edit (RoleEdit); the route checks which right applies. The system role Admin
 * holds every right and cannot be edited. Right changes reach signed-in users within the 5-second rights cache.
 */
export const saveRole = async (
  db: Db,
  principal: SessionPrincipal,
  input: SaveInput,
  now: Date,
  ip: string,
): Promise<{ roleId: number }> => {
  const rightIds = assertKnownRights(input.rightIds);
  const existing = input.roleId === undefined ? undefined : await findRole(db, principal.subscriberId, input.roleId);
  if (existing?.isSystem) throw new AppError('ADM0002');
  await assertNameFree(db, principal.subscriberId, input.name, existing?.id);
  const values = { name: input.name, description: input.description ?? null, updatedAt: now };
  try {
    return await db.transaction(async (tx) => {
      let role: Role | undefined;
      if (existing) {
        const before = { ...existing, rightIds: await rightIdsOf(tx, existing.id) };
        [role] = await tx.update(roles).set(values).where(eq(roles.id, existing.id)).returning();
        await tx.delete(roleRights).where(eq(roleRights.roleId, existing.id));
        if (role)
          await writeAudit(tx, principal, {
            entityType: 'Role',
            entityKey: role.id,
            entityName: role.name,
            action: 'Update',
            before,
            after: { ...role, rightIds },
            ip,
          });
      } else {
        [role] = await tx
          .insert(roles)
          .values({ ...values, subscriberId: principal.subscriberId, createdAt: now })
          .returning();
        if (role)
          await writeAudit(tx, principal, {
            entityType: 'Role',
            entityKey: role.id,
            entityName: role.name,
            action: 'Create',
            after: { ...role, rightIds },
            ip,
          });
      }
      if (!role) throw new AppError('GEN0003');
      if (rightIds.length > 0) await tx.insert(roleRights).values(rightIds.map((rightId) => ({ roleId: (role as Role).id, rightId })));
      return { roleId: role.id };
    });
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    if (e.code === '23505' || e.cause?.code === '23505') throw new AppError('ADM0003', { propertyName: 'Name' });
    throw error;
  }
};

/** role/delete: refused for the system role and while any (not deleted) user holds the role. */
export const deleteRole = async (db: Db, principal: SessionPrincipal, roleId: number, ip: string): Promise<void> => {
  const role = await findRole(db, principal.subscriberId, roleId);
  if (role.isSystem) throw new AppError('ADM0002');
  await db.transaction(async (tx) => {
    const holders = await tx.select({ id: users.id, status: users.status }).from(users).where(eq(users.roleId, role.id));
    if (holders.some((u) => u.status !== 'Delete')) throw new AppError('ADM0004');
    const before = { ...role, rightIds: await rightIdsOf(tx, role.id) };
    // users.role_id is required, so deleted users (who never sign in again, cannot be edited or reactivated and
    // whose keys are revoked) are re-pointed to the system role; their history stays in the audit trail.
    if (holders.length > 0) {
      const admin = (
        await tx
          .select({ id: roles.id })
          .from(roles)
          .where(and(eq(roles.subscriberId, principal.subscriberId), eq(roles.isSystem, true)))
      )[0];
      if (!admin) throw new AppError('ADM0004');
      await tx
        .update(users)
        .set({ roleId: admin.id })
        .where(
          inArray(
            users.id,
            holders.map((u) => u.id),
          ),
        );
    }
    await tx.delete(roles).where(eq(roles.id, role.id));
    await writeAudit(tx, principal, { entityType: 'Role', entityKey: role.id, entityName: role.name, action: 'Delete', before, ip });
  });
};
