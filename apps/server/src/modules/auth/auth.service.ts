import { SubscriberSettingsSchema, type AuthResponse, type ForgotPasswordResponse, type SubscriberSettings } from '@opengst/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../db/database';
import { authEvents, passwordHistory, users } from '../../db/schema';
import { AppError, validationError } from '../../platform/errors';
import { loadInstallationSettings } from '../../platform/settings/installation-settings';
import { loadSubscriberSettings } from '../../platform/settings/subscriber-settings';
import { verifyCaptcha } from '../../platform/auth/captcha';
import {
  consumeChallenge,
  findChallenge,
  isRightOtp,
  openChallenge,
  renewOtp,
  spendOtpAttempt,
  wrongOtpError,
  type Challenge,
} from '../../platform/auth/challenges';
import { consumeEncryptor } from '../../platform/auth/encryptor';
import { isPasswordExpired, passwordPolicyViolations } from '../../platform/auth/password-policy';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { createSession, hasOtherLiveSession, revokeUserSessions } from '../../platform/auth/sessions';
import {
  accountKeyOf,
  clearGuesses,
  countGuess,
  lockedUntil,
  OTP_FAILURES_BEFORE_LOCK,
  otpLockMs,
  PASSWORD_LOCK_MS,
  untilInWords,
} from '../../platform/auth/sign-in-guard';
import { isSignInAddressAllowed } from '../masters';

export type RequestMeta = { ip: string; encId?: string | undefined; captcha?: string | undefined; publicToken?: string | undefined };

type User = typeof users.$inferSelect;

const MINUTE = 60_000;
const PASSWORD_CHANGE_WINDOW_MS = 15 * MINUTE;

/** What an unknown user name is answered with: the defaults every subscriber starts from. */
const DEFAULT_SETTINGS: SubscriberSettings = SubscriberSettingsSchema.parse({});

/**
 * Forgot-password and the OTP resend answer no sooner than this, found or not: the work for a real user (settings,
 * a mail queued) must not tell by its time which user names exist (ASVS 2.5.x, 3.x: no user enumeration).
 */
const NO_SOONER_THAN_MS = 200;

const noSoonerThan = async <T>(ms: number, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = ms - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
};

/** The answer while an account's password sign-in is locked by time: the same for every user name, known or not. */
const passwordLocked = (until: Date, now: Date): AppError =>
  new AppError('AUTH0002', {
    propertyName: 'UserName',
    message: `Your account is locked after too many failed sign-in attempts, until ${untilInWords(until, now)}. Try again then, use Forgot password, or ask your administrator to unlock it.`,
  });

/** The answer while an account's OTPs are locked (no propertyName: it is about the account, not the code typed). */
const otpLocked = (until: Date, now: Date): AppError =>
  new AppError('AUTH0019', {
    message: `Too many wrong one-time passwords (OTP) for this account: OTPs are locked until ${untilInWords(until, now)}. Try again then, or reset your password by the e-mailed link instead.`,
  });

/** Refuses to send or check an OTP of a locked account. */
const assertOtpNotLocked = async (db: DbOrTx, accountKey: string, now: Date): Promise<void> => {
  const until = await lockedUntil(db, 'Otp', accountKey, now);
  if (until) throw otpLocked(until, now);
};

const recordEvent = (db: DbOrTx, event: string, user: { id: number | null; subscriberId: number | null; userName: string }, ip: string) =>
  db.insert(authEvents).values({ event, userId: user.id, subscriberId: user.subscriberId, userName: user.userName, ip });

/**
 * The subscriber's IP allow-list (/ip-addresses, issue 20): checked once the password (or OTP) is right, so the answer
 * tells nothing to someone who does not know it; recorded in the authentication events as AddressNotAllowed.
 */
const assertAddressAllowed = async (db: DbOrTx, user: User, ip: string): Promise<void> => {
  if (await isSignInAddressAllowed(db, user.subscriberId, ip)) return;
  await recordEvent(db, 'AddressNotAllowed', user, ip);
  throw new AppError('AUTH0020', {
    message: `Sign-in from ${ip} is not allowed for your organisation: its administrator has limited sign-in to listed addresses (IP Addresses). Sign in from your office network, or ask your administrator to add this address.`,
  });
};

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
  const now = ctx.now();
  const found = await findUserByName(db, body.userName);
  const user = found && found.status !== 'Delete' ? found : undefined;
  const settings = user ? await loadSubscriberSettings(db, user.subscriberId) : DEFAULT_SETTINGS;
  const accountKey = accountKeyOf(body.userName);

  // Counted before the password is checked, per user name whether it exists or not (issue 16): an unknown name is
  // locked and answered exactly like a known one, and the lock ends by itself after PASSWORD_LOCK_MS.
  const attempt = await countGuess(db, 'Password', accountKey, {
    limit: settings.security.maxFailedLogins,
    lockMs: () => PASSWORD_LOCK_MS,
    now,
  });
  if (attempt.kind === 'locked') {
    await burnPasswordCheck(password); // the same work as a real check
    throw passwordLocked(attempt.lockedUntil, now);
  }
  const isRight = user ? await verifyPassword(user.passwordHash, password) : (await burnPasswordCheck(password), false);
  if (!user || !isRight) {
    if (user)
      await db
        .update(users)
        .set({ failedLogins: sql`${users.failedLogins} + 1` })
        .where(eq(users.id, user.id));
    const who = user ?? { id: null, subscriberId: null, userName: body.userName.slice(0, 100) };
    if (attempt.lockedUntil) {
      // An administrator sees the lock in the users list (status Locked) and can end it early.
      if (user?.status === 'Active') await db.update(users).set({ status: 'Locked' }).where(eq(users.id, user.id));
      await recordEvent(db, 'Locked', who, meta.ip);
      throw passwordLocked(attempt.lockedUntil, now);
    }
    await recordEvent(db, user ? 'WrongPassword' : 'UnknownUser', who, meta.ip);
    throw new AppError('AUTH0001', { propertyName: 'Password' });
  }
  await clearGuesses(db, accountKey, ['Password']);
  if (user.status === 'Locked') {
    // Locked by time and the time has passed: unlocked by itself. Locked by an administrator: stays locked.
    if (!attempt.endedLockAt) throw new AppError('AUTH0002', { propertyName: 'UserName' });
    await db.update(users).set({ status: 'Active', failedLogins: 0 }).where(eq(users.id, user.id));
    await recordEvent(db, 'Unlocked', user, meta.ip);
    user.status = 'Active';
  }
  if (user.status !== 'Active') throw new AppError('AUTH0003', { propertyName: 'UserName' });
  await assertAddressAllowed(db, user, meta.ip);

  if (isPasswordExpired(user.passwordChangedAt, settings.passwordPolicy, ctx.now())) {
    const { token } = await openChallenge(db, { purpose: 'Reset', userId: user.id, lifetimeMs: PASSWORD_CHANGE_WINDOW_MS, now: ctx.now() });
    await recordEvent(db, 'PasswordExpired', user, meta.ip);
    return { type: 'ResetPassword', token, parameters: { isPasswordExpired: true } };
  }
  if (settings.security.twoFactorEnabled) {
    await assertOtpNotLocked(db, accountKey, now);
    const otp = otpSettings(settings);
    const opened = await openChallenge(db, {
      purpose: 'LoginOtp',
      userId: user.id,
      accountKey: accountKeyOf(user.userName),
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

const otpAccountKey = (challenge: Challenge, user: User | undefined): string =>
  challenge.accountKey ?? (user ? accountKeyOf(user.userName) : `challenge:${challenge.id}`);

/** Mail to the account's owner when its OTPs lock: someone is guessing (for sign-in: someone who knows the password). */
const sendOtpLockedMail = (ctx: AppContext, user: User, challenge: Challenge, until: Date) =>
  ctx.mailer.send({
    subscriberId: user.subscriberId,
    to: user.email,
    subject: 'OpenGST: one-time passwords locked on your account',
    carriesSecret: false,
    text: [
      `${OTP_FAILURES_BEFORE_LOCK} wrong one-time passwords (OTP) were entered for your OpenGST user ${user.userName}.`,
      `OTPs for it are locked until ${untilInWords(until, ctx.now())}.`,
      challenge.purpose === 'LoginOtp'
        ? 'They were entered after your password was typed correctly: if it was not you, change your password now and tell your administrator.'
        : 'They were entered to reset your password: if it was not you, tell your administrator. Your password has not changed.',
    ].join('\n'),
  });

/**
 * POST validateOtp: the two-factor step of sign-in, or the OTP step of forgot-password. Wrong codes are counted per
 * account across steps and resends (issue 16): the tenth locks the account's OTPs for a time that doubles with every
 * lock in a row (sign-in-guard.ts); the owner is told by mail and the screen says until when.
 */
export const validateOtp = async (ctx: AppContext, body: { otp: string }, meta: RequestMeta): Promise<AuthResponse> => {
  const { db } = ctx.database;
  const now = ctx.now();
  const challenge = await findChallenge(db, meta.publicToken, ['LoginOtp', 'ForgotOtp'], now);
  const decrypt = await consumeEncryptor(db, meta.encId, now);
  const otp = decrypt(body.otp).trim();
  const user = await userOf(db, challenge);
  const accountKey = otpAccountKey(challenge, user);
  await assertOtpNotLocked(db, accountKey, now);
  const left = await spendOtpAttempt(db, challenge, now);
  const attempt = await countGuess(db, 'Otp', accountKey, { limit: OTP_FAILURES_BEFORE_LOCK, lockMs: otpLockMs, now });
  if (attempt.kind === 'locked') throw otpLocked(attempt.lockedUntil, now);
  if (!isRightOtp(challenge, otp)) {
    if (attempt.lockedUntil) {
      if (user) {
        await sendOtpLockedMail(ctx, user, challenge, attempt.lockedUntil);
        await recordEvent(db, 'OtpLocked', user, meta.ip);
      }
      throw otpLocked(attempt.lockedUntil, now);
    }
    throw wrongOtpError(left);
  }
  await clearGuesses(db, accountKey, ['Otp']);
  if (!user || !(await consumeChallenge(db, challenge.id, now))) throw new AppError('AUTH0016');
  if (challenge.purpose === 'ForgotOtp') {
    const { token } = await openChallenge(db, { purpose: 'Reset', userId: user.id, lifetimeMs: PASSWORD_CHANGE_WINDOW_MS, now });
    return { type: 'ResetPassword', token, parameters: {} };
  }
  if (user.status !== 'Active') throw new AppError('AUTH0003', { propertyName: 'Otp' });
  // Again at the second step: it may come from another address than the password did.
  await assertAddressAllowed(db, user, meta.ip);
  return startSession(ctx, user, await loadSubscriberSettings(db, user.subscriberId), challenge.forceRefresh, meta.ip);
};

/**
 * GET regenerateOtp: a new OTP on the same step, while resends last. A forgot-password step of an unknown user name
 * answers like a real one (the defaults' attempts, no sooner than a real one), so it reveals nothing.
 */
export const regenerateOtp = async (
  ctx: AppContext,
  meta: RequestMeta,
): Promise<{ attemptsLeft: number; resendsLeft: number; message: string }> =>
  noSoonerThan(NO_SOONER_THAN_MS, async () => {
    const { db } = ctx.database;
    const now = ctx.now();
    const challenge = await findChallenge(db, meta.publicToken, ['LoginOtp', 'ForgotOtp'], now);
    const user = await userOf(db, challenge);
    await assertOtpNotLocked(db, otpAccountKey(challenge, user), now);
    const settings = user ? await loadSubscriberSettings(db, user.subscriberId) : DEFAULT_SETTINGS;
    const otp = otpSettings(settings);
    const renewed = await renewOtp(db, challenge, otp, now);
    if (user)
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
  });

const LINK_SENT =
  'If an account exists for this user name, a link to reset the password has been sent to its registered e-mail address. Please check your email.';
const OTP_SENT = 'If an account exists for this user name, an OTP has been sent to its registered e-mail address.';

/**
 * POST forgotPassword: by link (isResetPasswordRequest false) or by OTP (true). The answer never tells whether the
 * user exists: the same answer, the same fields, no sooner than NO_SOONER_THAN_MS either way; an OTP request for an
 * account whose OTPs are locked is refused the same way for every user name.
 */
export const forgotPassword = async (
  ctx: AppContext,
  body: { userName: string; isResetPasswordRequest: boolean },
  meta: RequestMeta,
): Promise<ForgotPasswordResponse> => {
  await requireCaptchaIfEnabled(ctx, meta.captcha);
  return noSoonerThan(NO_SOONER_THAN_MS, async () => {
    const { db } = ctx.database;
    const found = await findUserByName(db, body.userName);
    const user = found && (found.status === 'Active' || found.status === 'Locked') ? found : undefined;
    const settings = user ? await loadSubscriberSettings(db, user.subscriberId) : DEFAULT_SETTINGS;
    const now = ctx.now();

    if (!body.isResetPasswordRequest) {
      if (user) {
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

    const accountKey = accountKeyOf(body.userName);
    await assertOtpNotLocked(db, accountKey, now);
    const otp = otpSettings(settings);
    const opened = await openChallenge(db, {
      purpose: 'ForgotOtp',
      userId: user?.id ?? null,
      accountKey,
      lifetimeMs: PASSWORD_CHANGE_WINDOW_MS,
      now,
      otp,
    });
    if (user) {
      await sendOtpMail(ctx, user, opened.otp ?? '', 'reset your password', settings.security.otpValidityMinutes);
      await recordEvent(db, 'ResetOtpSent', user, meta.ip);
    }
    return { token: opened.token, message: OTP_SENT, attemptsLeft: otp.attempts };
  });
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
    // The reset proved the mailbox (a link or an OTP): the failed sign-ins and OTPs of the account are forgotten.
    await clearGuesses(tx, accountKeyOf(user.userName));
    await recordEvent(tx, 'PasswordChanged', user, meta.ip);
  });
  return { message: 'password changed successfully' };
};
