import { lt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { sessions } from '../../db/schema';
import { z } from 'zod';
import { defineJob, workerOf, type JobWorker } from '../../platform/jobs/job';
import { purgeExpiredCaptchas } from '../../platform/auth/captcha';
import { purgeExpiredChallenges } from '../../platform/auth/challenges';
import { purgeExpiredEncryptors } from '../../platform/auth/encryptor';
import { purgeQuietGuards } from '../../platform/auth/sign-in-guard';
import { purgeEndedRateLimits } from '../../platform/auth/throttle';

/** Every ten minutes: drop expired one-time keys, captcha challenges, sign-in steps, month-old sessions and the failed-guess counts of accounts quiet for two days and the ended windows of the sign-in rate limits. */
export const AUTH_CLEANUP_JOB = defineJob({ name: 'auth.cleanup', version: 1, payload: z.object({}), cron: '*/10 * * * *' });

export const authCleanupWorker = (db: Db): JobWorker =>
  workerOf(AUTH_CLEANUP_JOB, async () => {
    const now = new Date();
    await purgeExpiredEncryptors(db, now);
    await purgeExpiredCaptchas(db, now);
    await purgeExpiredChallenges(db, now);
    await purgeQuietGuards(db, now);
    await purgeEndedRateLimits(db, now);
    await db.delete(sessions).where(lt(sessions.absoluteExpiresAt, new Date(now.getTime() - 30 * 86_400_000)));
  });
