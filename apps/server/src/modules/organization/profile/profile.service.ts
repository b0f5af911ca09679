import type { Profile, ProfileSave } from '@opengst/contracts';
import { and, asc, eq, ne } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../db/database';
import { authEvents, branches, departments, entities, passwordHistory, roles, userEntities, users } from '../../../db/schema';
import { AppError } from '../../../platform/errors';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { assertNewPasswordAllowed } from '../../auth';
import { consumeEncryptor } from '../../../platform/auth/encryptor';
import { hashPassword, verifyPassword } from '../../../platform/auth/passwords';
import { revokeUserSessions } from '../../../platform/auth/sessions';

const ownUser = async (db: DbOrTx, principal: SessionPrincipal) => {
  const user = (
    await db
      .select()
      .from(users)
      .where(and(eq(users.id, principal.userId), eq(users.subscriberId, principal.subscriberId)))
  )[0];
  if (!user) throw new AppError('AUTH0013');
  return user;
};

/** GET v0.2 profile/detail: the signed-in user with role, branch, department and the locations they can use. */
export const profileOf = async (db: DbOrTx, principal: SessionPrincipal): Promise<Profile> => {
  const rows = await db
    .select({ user: users, roleName: roles.name, branchName: branches.name, departmentName: departments.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(branches, eq(branches.id, users.branchId))
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .where(and(eq(users.id, principal.userId), eq(users.subscriberId, principal.subscriberId)));
  const row = rows[0];
  if (!row) throw new AppError('AUTH0013');
  const accessible = await db
    .select({ entityId: entities.id, entityName: entities.entityName, gstin: entities.gstin, entityType: entities.entityType })
    .from(userEntities)
    .innerJoin(entities, eq(entities.id, userEntities.entityId))
    .where(and(eq(userEntities.userId, principal.userId), eq(entities.subscriberId, principal.subscriberId), ne(entities.status, 'Delete')))
    .orderBy(asc(entities.id));
  const { user } = row;
  return {
    userId: user.id,
    userName: user.userName,
    displayName: user.displayName,
    email: user.email,
    mobile: user.mobile,
    roleName: row.roleName,
    branchName: row.branchName,
    departmentName: row.departmentName,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    entities: accessible,
  };
};

/** POST profile/save: a user edits their own name, e-mail and mobile (not role, locations or status). */
export const saveProfile = async (db: DbOrTx, principal: SessionPrincipal, input: ProfileSave, ip: string): Promise<void> => {
  const before = await ownUser(db, principal);
  await db.transaction(async (tx) => {
    const [after] = await tx
      .update(users)
      .set({ displayName: input.displayName, email: input.email, mobile: input.mobile ?? null })
      .where(eq(users.id, before.id))
      .returning({ displayName: users.displayName, email: users.email, mobile: users.mobile });
    await writeAudit(tx, principal, {
      entityType: 'User',
      entityKey: before.id,
      entityName: before.userName,
      action: 'Update',
      before: { displayName: before.displayName, email: before.email, mobile: before.mobile },
      after,
      ip,
    });
  });
};

/**
 * POST changePassword: the three passwords arrive encrypted with a one-time key (header enc-id), as in
 * resetPassword. The current one must verify; the new one meets the policy and history rules of resetPassword.
 * Every other session of the user ends; this one stays.
 */
export const changePassword = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  body: { currentPassword: string; password: string; confirmPassword: string },
  meta: { encId: string | undefined; ip: string },
): Promise<void> => {
  const { db } = ctx.database;
  const now = ctx.now();
  const decrypt = await consumeEncryptor(db, meta.encId, now);
  const current = decrypt(body.currentPassword);
  const password = decrypt(body.password);
  const confirmPassword = decrypt(body.confirmPassword);
  const user = await ownUser(db, principal);
  if (!(await verifyPassword(user.passwordHash, current))) {
    await db
      .insert(authEvents)
      .values({ event: 'WrongCurrentPassword', userId: user.id, subscriberId: user.subscriberId, userName: user.userName, ip: meta.ip });
    throw new AppError('ADM0008', { propertyName: 'CurrentPassword' });
  }
  await assertNewPasswordAllowed(db, user, password, confirmPassword);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.insert(passwordHistory).values({ userId: user.id, passwordHash: user.passwordHash, createdAt: now });
    await tx.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, 'PasswordChanged', now, principal.sessionId);
    await tx
      .insert(authEvents)
      .values({ event: 'PasswordChanged', userId: user.id, subscriberId: user.subscriberId, userName: user.userName, ip: meta.ip });
    await writeAudit(tx, principal, {
      entityType: 'User',
      entityKey: user.id,
      entityName: user.userName,
      action: 'Update',
      after: { passwordChangedAt: now },
      ip: meta.ip,
    });
  });
};
