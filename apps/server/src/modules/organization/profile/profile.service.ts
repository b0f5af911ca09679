import type { Profile, ProfileSave } from '@opengst/contracts';
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import { createHmac } from 'node:crypto';
import { writeAudit } from '../../../platform/audit';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../db/database';
import { authEvents, branches, departments, emailChanges, entities, passwordHistory, roles, userEntities, users } from '../../../db/schema';
import { AppError } from '../../../platform/errors';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { assertNewPasswordAllowed } from '../../auth';
import { consumeEncryptor } from '../../../platform/auth/encryptor';
import { hashPassword, verifyPassword } from '../../../platform/auth/passwords';
import { revokeUserSessions } from '../../../platform/auth/sessions';
import { newOtp, sameDigest } from '../../../platform/auth/tokens';
import { hasGeneratedDemoPassword } from '../../../seed/demo';

/** How long the code mailed to a new e-mail address lasts, and how many wrong codes end the change. */
export const EMAIL_CHANGE_MINUTES = 30;
export const EMAIL_CHANGE_ATTEMPTS = 5;

/** Credentials (e-mail, password) change only in a signed-in session, never with an API key. */
const refuseApiKey = (principal: SessionPrincipal): void => {
  if (principal.apiKeyId !== undefined) throw new AppError('ADM0013');
};

/** The code is kept as an HMAC keyed with the installation's secret key: a copy of the table alone cannot try codes. */
const codeDigest = (key: Buffer, userId: number, code: string): string =>
  createHmac('sha256', key).update(`email-change:${userId}:${code}`).digest('hex');

const maskEmail = (email: string): string => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(local.length - 1, 3))}@${domain}`;
};

const sameEmail = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

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
export const profileOf = async (db: DbOrTx, principal: SessionPrincipal, now: Date): Promise<Profile> => {
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
  const [pending] = await db
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, principal.userId), gt(emailChanges.expiresAt, now), gt(emailChanges.attemptsLeft, 0)));
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
    pendingEmail: pending?.newEmail ?? null,
    usesGeneratedSecret: await hasGeneratedDemoPassword(db, user),
    entities: accessible,
  };
};

/**
 * POST profile/save: a user edits their own name, e-mail and mobile (not role, locations or status). Name and mobile
 * apply at once. A new e-mail is a credential (password resets go to it): it needs the current password in the same
 * request (encrypted with the one-time key of header enc-id), never an API key, and takes effect only when the code
 * mailed to the new address is confirmed (confirmEmail); until then the old address stays.
 */
export const saveProfile = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  input: ProfileSave,
  meta: { encId: string | undefined; ip: string },
): Promise<void> => {
  const { db } = ctx.database;
  const now = ctx.now();
  const before = await ownUser(db, principal);
  const isEmailChange = !sameEmail(input.email, before.email);
  if (isEmailChange) {
    refuseApiKey(principal);
    if (input.currentPassword === undefined) throw new AppError('ADM0012', { propertyName: 'CurrentPassword' });
    const decrypt = await consumeEncryptor(db, meta.encId, now);
    if (!(await verifyPassword(before.passwordHash, decrypt(input.currentPassword)))) {
      await db.insert(authEvents).values({
        event: 'WrongCurrentPassword',
        userId: before.id,
        subscriberId: before.subscriberId,
        userName: before.userName,
        ip: meta.ip,
      });
      throw new AppError('ADM0008', { propertyName: 'CurrentPassword' });
    }
  }
  const code = newOtp();
  await db.transaction(async (tx) => {
    const [after] = await tx
      .update(users)
      .set({ displayName: input.displayName, mobile: input.mobile ?? null })
      .where(eq(users.id, before.id))
      .returning({ displayName: users.displayName, mobile: users.mobile });
    if (isEmailChange) {
      const pending = {
        subscriberId: before.subscriberId,
        newEmail: input.email,
        codeHash: codeDigest(ctx.secretKey, before.id, code),
        attemptsLeft: EMAIL_CHANGE_ATTEMPTS,
        expiresAt: new Date(now.getTime() + EMAIL_CHANGE_MINUTES * 60_000),
        createdAt: now,
      };
      await tx
        .insert(emailChanges)
        .values({ userId: before.id, ...pending })
        .onConflictDoUpdate({ target: emailChanges.userId, set: pending });
    }
    await writeAudit(tx, principal, {
      entityType: 'User',
      entityKey: before.id,
      entityName: before.userName,
      action: 'Update',
      before: { displayName: before.displayName, email: before.email, mobile: before.mobile },
      after: { ...after, email: before.email, ...(isEmailChange ? { pendingEmail: input.email } : {}) },
      ip: meta.ip,
    });
  });
  if (isEmailChange) {
    await ctx.mailer.send({
      subscriberId: before.subscriberId,
      to: input.email,
      subject: 'OpenGST: confirm your e-mail address',
      text: `To make this the e-mail address of your OpenGST user ${before.userName}, enter this code in your profile within ${EMAIL_CHANGE_MINUTES} minutes: ${code}\nNever share it with anyone. If you did not ask for it, ignore this mail: nothing changes.`,
      carriesSecret: true,
    });
  }
};

/**
 * POST profile/confirmEmail: the code mailed to the new address applies the pending change; the old address is told.
 * Each try uses one of the attempts first (so parallel guesses cannot share one); the last wrong one ends the change.
 */
export const confirmEmail = async (ctx: AppContext, principal: SessionPrincipal, code: string, ip: string): Promise<void> => {
  refuseApiKey(principal);
  const { db } = ctx.database;
  const now = ctx.now();
  const [pending] = await db
    .update(emailChanges)
    .set({ attemptsLeft: sql`${emailChanges.attemptsLeft} - 1` })
    .where(and(eq(emailChanges.userId, principal.userId), gt(emailChanges.attemptsLeft, 0), gt(emailChanges.expiresAt, now)))
    .returning();
  if (!pending || !sameDigest(pending.codeHash, codeDigest(ctx.secretKey, principal.userId, code))) {
    if (!pending || pending.attemptsLeft <= 0) await db.delete(emailChanges).where(eq(emailChanges.userId, principal.userId));
    throw new AppError('ADM0014', { propertyName: 'Code' });
  }
  const before = await ownUser(db, principal);
  await db.transaction(async (tx) => {
    await tx.delete(emailChanges).where(eq(emailChanges.userId, before.id));
    await tx.update(users).set({ email: pending.newEmail }).where(eq(users.id, before.id));
    await tx
      .insert(authEvents)
      .values({ event: 'EmailChanged', userId: before.id, subscriberId: before.subscriberId, userName: before.userName, ip });
    await writeAudit(tx, principal, {
      entityType: 'User',
      entityKey: before.id,
      entityName: before.userName,
      action: 'Update',
      before: { email: before.email },
      after: { email: pending.newEmail },
      ip,
    });
  });
  await ctx.mailer.send({
    subscriberId: before.subscriberId,
    to: before.email,
    subject: 'OpenGST: your e-mail address was changed',
    text: `The e-mail address of your OpenGST user ${before.userName} was changed to ${maskEmail(pending.newEmail)} on ${now.toISOString()}.\nMails about your account, password resets included, now go there.\nIf you did not do this, tell your administrator at once.`,
    carriesSecret: false,
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
  refuseApiKey(principal);
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
