import type { CaptchaChallenge } from '@opengst/contracts';
import { and, eq, gt, lt } from 'drizzle-orm';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../db/database';
import { captchaChallenges } from '../../db/schema';
import { AppError } from '../errors';

/**
 * A self-hosted proof-of-work captcha: no third-party service is reachable from many deployments. The client must
 * find a nonce such that SHA-256(salt + nonce) starts with `difficulty` zero bits (2^difficulty hashes on average:
 * about a second in a browser, and a real cost for a bot trying thousands of passwords). Each challenge is single use.
 */
export const CAPTCHA_SITE_KEY = 'opengst-pow-sha256';
export const CAPTCHA_DIFFICULTY = 16;
const CHALLENGE_LIFETIME_MS = 10 * 60_000;

export const issueCaptchaChallenge = async (db: DbOrTx, now: Date, difficulty = CAPTCHA_DIFFICULTY): Promise<CaptchaChallenge> => {
  const challenge = { challengeId: randomUUID(), salt: randomBytes(16).toString('hex'), difficulty };
  await db.insert(captchaChallenges).values({
    id: challenge.challengeId,
    salt: challenge.salt,
    difficulty,
    expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
  });
  return challenge;
};

export const leadingZeroBits = (digest: Buffer): number => {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
};

export const solvesChallenge = (salt: string, nonce: string, difficulty: number): boolean =>
  leadingZeroBits(
    createHash('sha256')
      .update(salt + nonce)
      .digest(),
  ) >= difficulty;

/** Verifies `<challengeId>.<nonce>` and burns the challenge, solved or not. */
export const verifyCaptcha = async (db: DbOrTx, response: string | undefined, now: Date): Promise<void> => {
  const [challengeId, nonce] = (response ?? '').split('.');
  if (!challengeId || !nonce || !/^\d{1,12}$/.test(nonce)) throw new AppError('AUTH0009');
  const rows = await db
    .delete(captchaChallenges)
    .where(and(eq(captchaChallenges.id, challengeId), gt(captchaChallenges.expiresAt, now)))
    .returning();
  const row = rows[0];
  if (!row || !solvesChallenge(row.salt, nonce, row.difficulty)) throw new AppError('AUTH0009');
};

export const purgeExpiredCaptchas = async (db: DbOrTx, now: Date): Promise<void> => {
  await db.delete(captchaChallenges).where(lt(captchaChallenges.expiresAt, now));
};
