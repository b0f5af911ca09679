import type { AuthResponse, ForgotPasswordResponse, SubscriberSettings } from '@opengst/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../db/database';
import { authEvents, passwordHistory, users } from '../../db/schema';
import { AppError, validationError } from '../../platform/errors';
import { loadInstallationSettings } from '../../platform/settings/installation-settings';
import { loadSubscriberSettings } from '../../platform/settings/subscriber-settings';
import { verifyCaptcha } from '../../platform/auth/captcha';
import { checkOtp, consumeChallenge, findChallenge, openChallenge, renewOtp, type Challenge } from '../../platform/auth/challenges';
import { consumeEncryptor } from '../../platform/auth/encryptor';
import { isPasswordExpired, passwordPolicyViolations } from '../../platform/auth/password-policy';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { createSession, hasOtherLiveSession, revokeUserSessions } from '../../platform/auth/sessions';

export type RequestMeta = { ip: string; encId?: string | undefined; captcha?: string | undefined; publicToken?: string | undefined };

type User = typeof users.$inferSelect;

const MINUTE = 60_000;
const PASSWORD_CHANGE_WINDOW_MS = 15 * MINUTE;

const recordEvent = (db: DbOrTx, event: string, user: { id: number | null; subscriberId: number | null; userName: string }, ip: string) =>
  db.insert(authEvents).values({ event, userId: user.id, subscriberId: user.subscriberId, userName: user.userName, ip });

const findUserByName = async (db: DbOrTx, userName: string): Promise<User | undefined> =>
  (
    await db
      .select()
      .from(users)
      .where(sql`lower(${users.userName}) = lower(${userName.trim()})`)
  )[0];

const maskEmail = (email: string): string => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(local.length - 1, 3))}@${domain}`;
};

const requireCaptchaIfEnabled = async (ctx: AppContext, response: string | undefined): Promise<void> => {
  if ((await loadInstallationSettings(ctx.database.db)).captchaEnabled) await verifyCaptcha(ctx.database.db, response, ctx.now());
};

const otpSettings = (s: SubscriberSettings) => ({
  validityMs: s.security.otpValidityMinutes * MINUTE,
  attempts: s.security.otpMaxAttempts,
  resends: s.security.otpMaxResends,
});

const sendOtpMail = (ctx: AppContext, user: User, otp: string, purpose: 'sign in' | 'reset your password', validityMinutes: number) =>
  ctx.mailer.send({
    subscriberId: user.subscriberId,
    to: user.email,
    subject: `OpenGST: your one-time password to ${purpose}`,
    carriesSecret: true,
    text: `Your one-time password (OTP) to ${purpose} is ${otp}.\nIt is valid for ${validityMinutes} minutes. Never share it with anyone.\nIf you did not ask for it, tell your administrator.`,
  });

/** Ends the sign-in: single-session rule, then a new session. */
const startSession = async (
  ctx: AppContext,
  user: User,
  settings: SubscriberSettings,
  forceRefresh: boolean,
  ip: string,
): Promise<AuthResponse> => {
  const { db } = ctx.database;
  const now = ctx.now();
  if (settings.security.singleSession && (await hasOtherLiveSession(db, user.id, now))) {
    if (!forceRefresh) throw new AppError('AUTH0018');
    await revokeUserSessions(db, user.id, 'SignedInElsewhere', now);
  }
  const session = await createSession(db, user, settings.security, now, ip);
  await db.update(users).set({ lastLoginAt: now, failedLogins: 0 }).where(eq(users.id, user.id));
  await recordEvent(db, 'SignedIn', user, ip);
  return { type: 'Success', token: session.token, expiresAt: session.expiresAt.toISOString(), parameters: {} };
};

/** POST authenticate/token (spec core §4 "Login flow"). */
export const login = async (
  ctx: AppContext,
  body: { userName: string; password: string; forceRefresh?: boolean | undefined },
  meta: RequestMeta,
): Promise<AuthResponse> => {
  const { db } = ctx.database;
  await requireCaptchaIfEnabled(ctx, meta.captcha);
  const decrypt = await consumeEncryptor(db, meta.encId, ctx.now());
  const password = decrypt(body.password);
  const user = await findUserByName(db, body.userName);

  if (!user || user.status === 'Delete') {
    await burnPasswordCheck(password);
    await recordEvent(db, 'UnknownUser', { id: null, subscriberId: null, userName: body.userName.slice(0, 100) }, meta.ip);
    throw new AppError('AUTH0001', { propertyName: 'Password' });
  }
  if (user.status === 'Locked') {
    await burnPasswordCheck(password);
    throw new AppError('AUTH0002', { propertyName: 'UserName' });
  }
  const settings = await loadSubscriberSettings(db, user.subscriberId);
  if (!(await verifyPassword(user.passwordHash, password))) {
    const [after] = await db
      .update(users)
      .set({ failedLogins: sql`${users.failedLogins} + 1` })
      .where(eq(users.id, user.id))
      .returning({ failedLogins: users.failedLogins });
    const failures = after?.failedLogins ?? 0;
    if (failures >= settings.security.maxFailedLogins && user.status === 'Active') {
      await db.update(users).set({ status: 'Locked' }).where(eq(users.id, user.id));
      await recordEvent(db, 'Locked', user, meta.ip);
      throw new AppError('AUTH0002', { propertyName: 'UserName' });
    }
    await recordEvent(db, 'WrongPassword', user, meta.ip);
    throw new AppError('AUTH0001', { propertyName: 'Password' });
  }
  if (user.status !== 'Active') throw new AppError('AUTH0003', { propertyName: 'UserName' });

  if (isPasswordExpired(user.passwordChangedAt, settings.passwordPolicy, ctx.now())) {
    const { token } = await openChallenge(db, { purpose: 'Reset', userId: user.id, lifetimeMs: PASSWORD_CHANGE_WINDOW_MS, now: ctx.now() });
    await recordEvent(db, 'PasswordExpired', user, meta.ip);
    return { type: 'ResetPassword', token, parameters: { isPasswordExpired: true } };
  }
  if (settings.security.twoFactorEnabled) {
    const otp = otpSettings(settings);
    const opened = await openChallenge(db, {
      purpose: 'LoginOtp',
      userId: user.id,
      lifetimeMs: PASSWORD_CHANGE_WINDOW_MS,
      now: ctx.now(),
      otp,
      forceRefresh: body.forceRefresh ?? false,
    });
    await sendOtpMail(ctx, user, opened.otp ?? '', 'sign in', settings.security.otpValidityMinutes);
    return {
      type: 'TwoFactor',
      token: opened.token,
      request: 'Otp',
      parameters: { attemptsLeft: otp.attempts, resendsLeft: otp.resends, sentTo: maskEmail(user.email) },
    };
  }
  return startSession(ctx, user, settings, body.forceRefresh ?? false, meta.ip);
};

const userOf = async (db: DbOrTx, challenge: Challenge): Promise<User | undefined> =>
  challenge.userId === null ? undefined : (await db.select().from(users).where(eq(users.id, challenge.userId)))[0];

/** POST validateOtp: the two-factor step of sign-in, or the OTP step of forgot-password. */
export const validateOtp = async (ctx: AppContext, body: { otp: string }, meta: RequestMeta): Promise<AuthResponse> => {
  const { db } = ctx.database;
  const challenge = await findChallenge(db, meta.publicToken, ['LoginOtp', 'ForgotOtp'], ctx.now());
  const decrypt = await consumeEncryptor(db, meta.encId, ctx.now());
  await checkOtp(db, challenge, decrypt(body.otp).trim(), ctx.now());
  const user = await userOf(db, challenge);
  if (!user || !(await consumeChallenge(db, challenge.id, ctx.now()))) throw new AppError('AUTH0016');
  if (challenge.purpose === 'ForgotOtp') {
    const { token } = await openChallenge(db, { purpose: 'Reset', userId: user.id, lifetimeMs: PASSWORD_CHANGE_WINDOW_MS, now: ctx.now() });
    return { type: 'ResetPassword', token, parameters: {} };
  }
  if (user.status !== 'Active') throw new AppError('AUTH0003', { propertyName: 'Otp' });
  return startSession(ctx, user, await loadSubscriberSettings(db, user.subscriberId), challenge.forceRefresh, meta.ip);
};

/** GET regenerateOtp: a new OTP on the same step, while resends last. */
export const regenerateOtp = async (
  ctx: AppContext,
  meta: RequestMeta,
): Promise<{ attemptsLeft: number; resendsLeft: number; message: string }> => {
  const { db } = ctx.database;
  const challenge = await findChallenge(db, meta.publicToken, ['LoginOtp', 'ForgotOtp'], ctx.now());
  const user = await userOf(db, challenge);
  // A forgot-password challenge for an unknown user name behaves like a real one, so it reveals nothing.
  const settings = user ? await loadSubscriberSettings(db, user.subscriberId) : undefined;
  const otp = settings ? otpSettings(settings) : { validityMs: 10 * MINUTE, attempts: challenge.attemptsLeft, resends: 0 };
  const renewed = await renewOtp(db, challenge, otp, ctx.now());
  if (user && settings)
    await sendOtpMail(
      ctx,
      user,
      renewed.otp,
      challenge.purpose === 'LoginOtp' ? 'sign in' : 'reset your password',
      settings.security.otpValidityMinutes,
    );
  return {
    attemptsLeft: otp.attempts,
    resendsLeft: renewed.resendsLeft,
    message: 'A new OTP has been sent to your registered e-mail address.',
  };
};

const LINK_SENT =
  'If an account exists for this user name, a link to reset the password has been sent to its registered e-mail address. Please check your email.';
const OTP_SENT = 'If an account exists for this user name, an OTP has been sent to its registered e-mail address.';

/** POST forgotPassword: by link (isResetPasswordRequest false) or by OTP (true). The answer never tells whether the user exists. */
export const forgotPassword = async (
  ctx: AppContext,
  body: { userName: string; isResetPasswordRequest: boolean },
  meta: RequestMeta,
): Promise<ForgotPasswordResponse> => {
  const { db } = ctx.database;
  await requireCaptchaIfEnabled(ctx, meta.captcha);
  const found = await findUserByName(db, body.userName);
  const user = found && (found.status === 'Active' || found.status === 'Locked') ? found : undefined;
  const settings = user ? await loadSubscriberSettings(db, user.subscriberId) : undefined;
  const now = ctx.now();

  if (!body.isResetPasswordRequest) {
    if (user && settings) {
      const validity = settings.security.resetLinkValidityMinutes;
      const { token } = await openChallenge(db, { purpose: 'ResetLink', userId: user.id, lifetimeMs: validity * MINUTE, now });
      const link = `${ctx.config.publicUrl}/reset-password?request=${encodeURIComponent(token)}`;
      await ctx.mailer.send({
        subscriberId: user.subscriberId,
        to: user.email,
        subject: 'OpenGST: reset your password',
        carriesSecret: true,
        text: `A password reset was requested for your OpenGST user ${user.userName}.\nOpen this link within ${validity} minutes to choose a new password (it works once):\n${link}\nIf you did not ask for it, ignore this mail and tell your administrator.`,
      });
      await recordEvent(db, 'ResetLinkSent', user, meta.ip);
    }
    return { token: null, message: LINK_SENT };
  }

  const otp = settings ? otpSettings(settings) : { validityMs: 10 * MINUTE, attempts: 3, resends: 3 };
  const opened = await openChallenge(db, {
    purpose: 'ForgotOtp',
    userId: user?.id ?? null,
    lifetimeMs: PASSWORD_CHANGE_WINDOW_MS,
    now,
    otp,
  });
  if (user && settings) {
    await sendOtpMail(ctx, user, opened.otp ?? '', 'reset your password', settings.security.otpValidityMinutes);
    await recordEvent(db, 'ResetOtpSent', user, meta.ip);
  }
  return { token: opened.token, message: OTP_SENT, attemptsLeft: otp.attempts };
};

/** GET validate?request=: checks a reset link before the form shows; the same token then authorises the reset. */
export const validateResetLink = async (ctx: AppContext, request: string): Promise<{ token: string }> => {
  const token = request.replace(/ /g, '+');
  try {
    await findChallenge(ctx.database.db, token, ['ResetLink'], ctx.now());
  } catch {
    throw new AppError('AUTH0015');
  }
  return { token };
};

/**
 * The password policy, the confirmation and the history rule for a new password of this user: shared by
 * resetPassword and the signed-in changePassword, so both refuse exactly the same passwords.
 */
export const assertNewPasswordAllowed = async (
  db: DbOrTx,
  user: Pick<User, 'id' | 'subscriberId' | 'passwordHash'>,
  password: string,
  confirmPassword: string,
): Promise<void> => {
  const { passwordPolicy } = await loadSubscriberSettings(db, user.subscriberId);

  const problems = passwordPolicyViolations(password, passwordPolicy);
  if (problems.length > 0) {
    throw validationError(problems.map((message) => ({ code: 'AUTH0011', message, propertyName: 'Password', type: 'Error' })));
  }
  if (password !== confirmPassword) throw new AppError('AUTH0010', { propertyName: 'ConfirmPassword' });
  const recent = await db
    .select({ hash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, user.id))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(passwordPolicy.historyCount);
  for (const previous of [user.passwordHash, ...recent.map((r) => r.hash)].slice(0, Math.max(passwordPolicy.historyCount, 1))) {
    if (await verifyPassword(previous, password)) {
      throw new AppError('AUTH0012', {
        propertyName: 'Password',
        message: `The new password must differ from your last ${Math.max(passwordPolicy.historyCount, 1)} passwords.`,
      });
    }
  }
};

/** POST resetPassword: after a reset link, a forgot-password OTP, or an expired password at sign-in. */
export const resetPassword = async (
  ctx: AppContext,
  body: { password: string; confirmPassword: string },
  meta: RequestMeta,
): Promise<{ message: string }> => {
  const { db } = ctx.database;
  const now = ctx.now();
  const challenge = await findChallenge(db, meta.publicToken, ['Reset', 'ResetLink'], now);
  await requireCaptchaIfEnabled(ctx, meta.captcha);
  const decrypt = await consumeEncryptor(db, meta.encId, now);
  const password = decrypt(body.password);
  const confirmPassword = decrypt(body.confirmPassword);
  const user = await userOf(db, challenge);
  if (!user) throw new AppError('AUTH0016');
  await assertNewPasswordAllowed(db, user, password, confirmPassword);
  if (!(await consumeChallenge(db, challenge.id, now))) throw new AppError('AUTH0016');
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.insert(passwordHistory).values({ userId: user.id, passwordHash: user.passwordHash, createdAt: now });
    // A reset unlocks the account: the forgot-password flow is how a locked user gets back in (issue 2).
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, failedLogins: 0, status: user.status === 'Locked' ? 'Active' : user.status })
      .where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, 'PasswordChanged', now);
    await recordEvent(tx, 'PasswordChanged', user, meta.ip);
  });
  return { message: 'password changed successfully' };
};
