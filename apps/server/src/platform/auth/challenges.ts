import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { authChallenges } from '../../db/schema';
import { AppError } from '../errors';
import { hashToken, newOtp, newToken, sameDigest } from './tokens';

export type ChallengePurpose = (typeof authChallenges.$inferSelect)['purpose'];
export type Challenge = typeof authChallenges.$inferSelect;

const otpDigest = (challengeTokenHash: string, otp: string): string => hashToken(`${challengeTokenHash}:${otp}`);

/** A short-lived public token for one step of a sign-in flow; with `otp`, it also carries a one-time password. */
export const openChallenge = async (
  db: DbOrTx,
  values: {
    purpose: ChallengePurpose;
    userId: number | null;
    /** For an OTP step: the account whose failed OTPs are counted (platform/auth/sign-in-guard.ts). */
    accountKey?: string;
    lifetimeMs: number;
    now: Date;
    otp?: { validityMs: number; attempts: number; resends: number };
    forceRefresh?: boolean;
  },
): Promise<{ token: string; otp: string | null; challenge: Challenge }> => {
  const token = newToken();
  const tokenHash = hashToken(token);
  const otp = values.otp ? newOtp() : null;
  const [challenge] = await db
    .insert(authChallenges)
    .values({
      tokenHash,
      purpose: values.purpose,
      userId: values.userId,
      accountKey: values.accountKey ?? null,
      otpHash: otp ? otpDigest(tokenHash, otp) : null,
      attemptsLeft: values.otp?.attempts ?? 0,
      resendsLeft: values.otp?.resends ?? 0,
      otpExpiresAt: values.otp ? new Date(values.now.getTime() + values.otp.validityMs) : null,
      expiresAt: new Date(values.now.getTime() + values.lifetimeMs),
      forceRefresh: values.forceRefresh ?? false,
      createdAt: values.now,
    })
    .returning();
  if (!challenge) throw new Error('challenge insert returned no row');
  return { token, otp, challenge };
};

/** The live challenge behind a public token, for one of the given purposes, or 401 AUTH0016. */
export const findChallenge = async (
  db: DbOrTx,
  token: string | undefined,
  purposes: readonly ChallengePurpose[],
  now: Date,
): Promise<Challenge> => {
  if (!token) throw new AppError('AUTH0016');
  const rows = await db
    .select()
    .from(authChallenges)
    .where(and(eq(authChallenges.tokenHash, hashToken(token)), isNull(authChallenges.consumedAt), gt(authChallenges.expiresAt, now)));
  const challenge = rows[0];
  if (!challenge || !purposes.includes(challenge.purpose)) throw new AppError('AUTH0016');
  return challenge;
};

/**
 * Spends one attempt of an OTP step before its code is compared, so parallel guesses cannot exceed the step's bound;
 * refuses a step whose attempts are spent or whose OTP has expired. Returns the attempts left after this one.
 */
export const spendOtpAttempt = async (db: DbOrTx, challenge: Challenge, now: Date): Promise<number> => {
  if (!challenge.otpHash || !challenge.otpExpiresAt) throw new AppError('AUTH0016');
  const spent = await db
    .update(authChallenges)
    .set({ attemptsLeft: challenge.attemptsLeft - 1 })
    .where(
      and(eq(authChallenges.id, challenge.id), eq(authChallenges.attemptsLeft, challenge.attemptsLeft), gt(authChallenges.attemptsLeft, 0)),
    )
    .returning({ attemptsLeft: authChallenges.attemptsLeft });
  if (spent.length === 0) throw new AppError('AUTH0007', { propertyName: 'Otp' });
  if (challenge.otpExpiresAt <= now) throw new AppError('AUTH0006', { propertyName: 'Otp' });
  return spent[0]?.attemptsLeft ?? 0;
};

/** Whether `otp` is the step's one-time password (compared in constant time). */
export const isRightOtp = (challenge: Challenge, otp: string): boolean =>
  challenge.otpHash !== null && /^\d{6}$/.test(otp) && sameDigest(otpDigest(challenge.tokenHash, otp), challenge.otpHash);

/** The answer to a wrong code, with the attempts left on this step. */
export const wrongOtpError = (left: number): AppError =>
  left <= 0
    ? new AppError('AUTH0007', { propertyName: 'Otp' })
    : new AppError('AUTH0005', { propertyName: 'Otp', message: `Invalid OTP. ${left} attempt${left === 1 ? '' : 's'} left.` });

/** A new OTP on the same challenge: attempts restored, one resend spent. */
export const renewOtp = async (
  db: DbOrTx,
  challenge: Challenge,
  settings: { validityMs: number; attempts: number },
  now: Date,
): Promise<{ otp: string; resendsLeft: number }> => {
  if (challenge.resendsLeft <= 0) throw new AppError('AUTH0008');
  const otp = newOtp();
  const resendsLeft = challenge.resendsLeft - 1;
  await db
    .update(authChallenges)
    .set({
      otpHash: otpDigest(challenge.tokenHash, otp),
      attemptsLeft: settings.attempts,
      resendsLeft,
      otpExpiresAt: new Date(now.getTime() + settings.validityMs),
    })
    .where(eq(authChallenges.id, challenge.id));
  return { otp, resendsLeft };
};

export const consumeChallenge = async (db: DbOrTx, challengeId: number, now: Date): Promise<boolean> => {
  const rows = await db
    .update(authChallenges)
    .set({ consumedAt: now })
    .where(and(eq(authChallenges.id, challengeId), isNull(authChallenges.consumedAt)))
    .returning({ id: authChallenges.id });
  return rows.length === 1;
};

export const purgeExpiredChallenges = async (db: DbOrTx, now: Date): Promise<void> => {
  await db.delete(authChallenges).where(lt(authChallenges.expiresAt, new Date(now.getTime() - 86_400_000)));
};
