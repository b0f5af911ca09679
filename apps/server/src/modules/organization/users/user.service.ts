import type { UserSaveSchema } from '@opengst/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx, Tx } from '../../../db/database';
import { branches, departments, levels, roles, userEntities, users } from '../../../db/schema';
import { AppError } from '../../../platform/errors';
import { generatePassword } from '../../../seed/provision';
import { revokeUserApiKeys } from '../../../platform/auth/api-keys';
import { hashPassword } from '../../../platform/auth/passwords';
import { revokeUserSessions, type SessionPrincipal } from '../../../platform/auth/sessions';
import { accountKeyOf, clearGuesses } from '../../../platform/auth/sign-in-guard';
import { loadSubscriberSettings } from '../../../platform/settings/subscriber-settings';
import { preparePasswordLink, sendPasswordLink, WELCOME_LINK_MINUTES, type PasswordLink } from './password-link.service';
import { entityIdsOfUser, findUser, findUsers, otherActiveAdmins } from './user.queries';

type User = typeof users.$inferSelect;
type SaveInput = z.output<typeof UserSaveSchema>;
type Settable = 'Active' | 'Inactive' | 'Locked';

/** What the audit trail keeps of a user: never the password hash (audit.ts drops it anyway). */
const auditView = (user: User, entityIds?: number[]) => {
  const { passwordHash: _hash, ...rest } = user;
  return entityIds ? { ...rest, entityIds } : rest;
};

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

const assertUserNameFree = async (db: DbOrTx, userName: string, exceptUserId: number | undefined): Promise<void> => {
  const conditions = [sql`lower(${users.userName}) = lower(${userName})`];
  if (exceptUserId !== undefined) conditions.push(ne(users.id, exceptUserId));
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(and(...conditions))
    .limit(1);
  if (taken.length > 0) throw new AppError('ADM0001', { propertyName: 'UserName' });
};

/**
 * Role, branch, department and level must be the subscriber's own (404 otherwise, as for any foreign id). A level must
 * be active, unless the user already holds it (deactivating a level leaves its holders as they are).
 */
const assertOwnReferences = async (
  db: DbOrTx,
  subscriberId: number,
  input: SaveInput,
  heldLevelId: number | null,
): Promise<{ isAdminRole: boolean }> => {
  const role = (
    await db
      .select()
      .from(roles)
      .where(and(eq(roles.id, input.roleId), eq(roles.subscriberId, subscriberId)))
  )[0];
  if (!role) throw new AppError('GEN0003', { propertyName: 'RoleId', message: 'Role not found.' });
  if (input.branchId) {
    const found = await db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.id, input.branchId), eq(branches.subscriberId, subscriberId), ne(branches.status, 'Delete')));
    if (found.length === 0) throw new AppError('GEN0003', { propertyName: 'BranchId', message: 'Branch not found.' });
  }
  if (input.departmentId) {
    const found = await db
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.id, input.departmentId), eq(departments.subscriberId, subscriberId), ne(departments.status, 'Delete')));
    if (found.length === 0) throw new AppError('GEN0003', { propertyName: 'DepartmentId', message: 'Department not found.' });
  }
  if (input.levelId) {
    const [level] = await db
      .select({ name: levels.name, status: levels.status })
      .from(levels)
      .where(and(eq(levels.id, input.levelId), eq(levels.subscriberId, subscriberId)));
    if (!level) throw new AppError('GEN0003', { propertyName: 'LevelId', message: 'Level not found.' });
    if (level.status !== 'Active' && input.levelId !== heldLevelId)
      throw new AppError('GEN0009', { propertyName: 'LevelId', message: `${level.name} is inactive: choose an active level.` });
  }
  return { isAdminRole: role.isSystem };
};

/** What another module writes with the user, in the same transaction (a consultant's own row). */
export type WithSavedUser = (tx: Tx, user: User, isNew: boolean) => Promise<void>;

/**
 * Creates or edits a user inside the caller's transaction: the user rules, entity access, the audit row and, for a new
 * user, the welcome link, returned to be mailed once the transaction has committed (never before: a rolled-back user
 * must not receive one). `withUser` writes what another module keeps with the user, in the same transaction.
 */
export const writeUser = async (
  ctx: AppContext,
  tx: Tx,
  principal: SessionPrincipal,
  input: SaveInput,
  ip: string,
  withUser?: WithSavedUser,
): Promise<{ userId: number; welcome: PasswordLink | null }> => {
  const now = ctx.now();
  await assertUserNameFree(tx, input.userName, input.userId);
  const values = {
    userName: input.userName,
    displayName: input.displayName,
    email: input.email,
    mobile: input.mobile ?? null,
    roleId: input.roleId,
    branchId: input.branchId ?? null,
    departmentId: input.departmentId ?? null,
    levelId: input.levelId ?? null,
  };
  const entityIds = [...new Set(input.entityIds)].sort((a, b) => a - b);
  const existing = input.userId === undefined ? undefined : await findUser(tx, principal.subscriberId, input.userId);
  if (existing?.status === 'Delete') throw new AppError('ADM0010');
  const { isAdminRole } = await assertOwnReferences(tx, principal.subscriberId, input, existing?.levelId ?? null);

  if (existing) {
    const wasAdmin = (await tx.select({ isSystem: roles.isSystem }).from(roles).where(eq(roles.id, existing.roleId)))[0]?.isSystem ?? false;
    if (
      wasAdmin &&
      !isAdminRole &&
      existing.status === 'Active' &&
      (await otherActiveAdmins(tx, principal.subscriberId, [existing.id])) === 0
    ) {
      throw new AppError('ADM0007', { propertyName: 'RoleId' });
    }
    const before = auditView(existing, await entityIdsOfUser(tx, existing.id));
    const [after] = await tx.update(users).set(values).where(eq(users.id, existing.id)).returning();
    if (!after) throw new AppError('GEN0003');
    await replaceEntityAccess(tx, existing.id, entityIds);
    await withUser?.(tx, after, false);
    await writeAudit(tx, principal, {
      entityType: 'User',
      entityKey: existing.id,
      entityName: after.userName,
      action: 'Update',
      before,
      after: auditView(after, entityIds),
      ip,
    });
    return { userId: existing.id, welcome: null };
  }
  const [created] = await tx
    .insert(users)
    .values({
      ...values,
      subscriberId: principal.subscriberId,
      passwordHash: await hashPassword(generatePassword(24)),
      passwordChangedAt: now,
      createdAt: now,
    })
    .returning();
  if (!created) throw new Error('user insert returned no row');
  await replaceEntityAccess(tx, created.id, entityIds);
  await withUser?.(tx, created, true);
  await writeAudit(tx, principal, {
    entityType: 'User',
    entityKey: created.id,
    entityName: created.userName,
    action: 'Create',
    after: auditView(created, entityIds),
    ip,
  });
  return { userId: created.id, welcome: await preparePasswordLink(ctx, tx, created, 'welcome', WELCOME_LINK_MINUTES) };
};

/**
 * user/save: create or edit. The entity ids were checked by the access plugin (the caller can only grant
 * locations of its own subscriber that it has access to). A new user gets a welcome mail with a single-use link
 * to choose a password; the stored hash is of a random password nobody knows.
 */
export const saveUser = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  input: SaveInput,
  ip: string,
  withUser?: WithSavedUser,
): Promise<{ userId: number }> => {
  try {
    const { userId, welcome } = await ctx.database.db.transaction((tx) => writeUser(ctx, tx, principal, input, ip, withUser));
    if (welcome) await sendPasswordLink(ctx, welcome);
    return { userId };
  } catch (error) {
    // Two administrators racing for the same user name: the unique index decides, the loser reads a field error.
    if (isUniqueViolation(error)) throw new AppError('ADM0001', { propertyName: 'UserName' });
    throw error;
  }
};

const replaceEntityAccess = async (tx: DbOrTx, userId: number, entityIds: readonly number[]): Promise<void> => {
  await tx.delete(userEntities).where(eq(userEntities.userId, userId));
  if (entityIds.length > 0) await tx.insert(userEntities).values(entityIds.map((entityId) => ({ userId, entityId })));
};

/** Nobody may lock out the subscriber: one active Admin must remain, and nobody deactivates or deletes themself. */
const assertNotLosingLastAdmin = async (tx: DbOrTx, principal: SessionPrincipal, affected: readonly User[]): Promise<void> => {
  if (affected.some((u) => u.id === principal.userId)) throw new AppError('ADM0006');
  const adminRoleIds = new Set(
    (
      await tx
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.subscriberId, principal.subscriberId), eq(roles.isSystem, true)))
    ).map((r) => r.id),
  );
  const losesAdmin = affected.some((u) => u.status === 'Active' && adminRoleIds.has(u.roleId));
  if (
    losesAdmin &&
    (await otherActiveAdmins(
      tx,
      principal.subscriberId,
      affected.map((u) => u.id),
    )) === 0
  )
    throw new AppError('ADM0007');
};

/**
 * user/updateStatus: Active, Inactive or Locked. Unlocking clears the failed sign-ins and OTPs and ends a lock by time
 * early; an administrator's lock is not one by time, so it does not end by itself. Leaving Active ends sessions.
 */
export const updateUserStatus = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  userIds: readonly number[],
  status: Settable,
  ip: string,
): Promise<number> => {
  const { db } = ctx.database;
  const now = ctx.now();
  const targets = await findUsers(db, principal.subscriberId, userIds);
  if (targets.some((u) => u.status === 'Delete')) throw new AppError('ADM0010');
  const changing = targets.filter((u) => u.status !== status);
  return db.transaction(async (tx) => {
    if (status !== 'Active') await assertNotLosingLastAdmin(tx, principal, changing);
    for (const user of changing) {
      const [after] = await tx
        .update(users)
        .set(status === 'Active' ? { status, failedLogins: 0 } : { status })
        .where(eq(users.id, user.id))
        .returning();
      if (status !== 'Active') await revokeUserSessions(tx, user.id, 'Deactivated', now);
      if (status === 'Active' || status === 'Locked') await clearGuesses(tx, accountKeyOf(user.userName));
      await writeAudit(tx, principal, {
        entityType: 'User',
        entityKey: user.id,
        entityName: user.userName,
        action: 'StatusChange',
        before: auditView(user),
        after: after && auditView(after),
        ip,
      });
    }
    return changing.length;
  });
};

/** user/delete: a soft delete (status Delete); sessions and API keys are revoked with it. */
export const deleteUsers = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  userIds: readonly number[],
  ip: string,
): Promise<number> => {
  const { db } = ctx.database;
  const now = ctx.now();
  const targets = (await findUsers(db, principal.subscriberId, userIds)).filter((u) => u.status !== 'Delete');
  return db.transaction(async (tx) => {
    await assertNotLosingLastAdmin(tx, principal, targets);
    for (const user of targets) {
      const [after] = await tx.update(users).set({ status: 'Delete' }).where(eq(users.id, user.id)).returning();
      await revokeUserSessions(tx, user.id, 'Deleted', now);
      const revokedKeys = await revokeUserApiKeys(tx, user.id, now);
      await writeAudit(tx, principal, {
        entityType: 'User',
        entityKey: user.id,
        entityName: user.userName,
        action: 'Delete',
        before: auditView(user),
        after: after && { ...auditView(after), revokedApiKeyIds: revokedKeys },
        ip,
      });
    }
    return targets.length;
  });
};

/** user/resetPassword: mails the user a single-use reset link (the administrator never sees a password). */
export const requestPasswordReset = async (ctx: AppContext, principal: SessionPrincipal, userId: number, ip: string): Promise<void> => {
  const { db } = ctx.database;
  const user = await findUser(db, principal.subscriberId, userId);
  if (user.status === 'Delete') throw new AppError('ADM0010');
  const { security } = await loadSubscriberSettings(db, principal.subscriberId);
  const mail = await db.transaction(async (tx) => {
    const prepared = await preparePasswordLink(ctx, tx, user, 'reset', security.resetLinkValidityMinutes);
    await writeAudit(tx, principal, {
      entityType: 'User',
      entityKey: user.id,
      entityName: user.userName,
      action: 'Update',
      after: { resetLinkSentTo: user.email },
      ip,
    });
    return prepared;
  });
  await sendPasswordLink(ctx, mail);
};
