import { lt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { sessions } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { purgeExpiredCaptchas } from './captcha';
import { purgeExpiredChallenges } from './challenges';
import { purgeExpiredEncryptors } from './encryptor';

/** Every ten minutes: drop expired one-time keys, captcha challenges, sign-in steps and month-old sessions. */
export const registerAuthCleanup = (jobs: JobQueue, db: Db): Promise<void> =>
  jobs.register('auth.cleanup', async () => {
    const now = new Date();
    await purgeExpiredEncryptors(db, now);
    await purgeExpiredCaptchas(db, now);
    await purgeExpiredChallenges(db, now);
    await db.delete(sessions).where(lt(sessions.absoluteExpiresAt, new Date(now.getTime() - 30 * 86_400_000)));
  }, { cron: '*/10 * * * *' });
