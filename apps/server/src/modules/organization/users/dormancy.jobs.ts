import { SubscriberSettingsSchema } from '@opengst/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { auditTrail, roles, subscribers, users } from '../../../db/schema';
import { z } from 'zod';
import { defineJob, workerOf, type JobWorker } from '../../../platform/jobs/job';

const DAY_MS = 86_400_000;

/**
 * Marks Dormant every Active user whose last sign-in (or creation, if never signed in) is older than the
 * subscriber's security.dormancyDays (0 turns the rule off). Sign-in refuses a Dormant user (AUTH0003) until an
 * administrator sets them Active. One Admin is always spared (the most recently active one) so a subscriber can
 * never lock itself out. Each change writes an audit row whose user is null: the system did it, not a person.
 */
export const markDormantUsers = async (db: Db, now: Date): Promise<number> => {
  let marked = 0;
  for (const subscriber of await db.select({ id: subscribers.id, settings: subscribers.settings }).from(subscribers)) {
    const days = SubscriberSettingsSchema.parse(subscriber.settings ?? {}).security.dormancyDays;
    if (days <= 0) continue;
    const cutoff = new Date(now.getTime() - days * DAY_MS);
    marked += await db.transaction(async (tx) => {
      const active = await tx
        .select({
          id: users.id,
          userName: users.userName,
          lastLoginAt: users.lastLoginAt,
          createdAt: users.createdAt,
          isAdmin: roles.isSystem,
        })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(and(eq(users.subscriberId, subscriber.id), eq(users.status, 'Active')));
      const activity = (u: (typeof active)[number]) => (u.lastLoginAt ?? u.createdAt).getTime();
      const isIdle = (u: (typeof active)[number]) => activity(u) < cutoff.getTime();
      const idle = active.filter(isIdle);
      const admins = active.filter((u) => u.isAdmin);
      if (admins.length > 0 && admins.every(isIdle)) {
        const spared = admins.reduce((best, u) => (activity(u) > activity(best) ? u : best));
        idle.splice(idle.indexOf(spared), 1);
      }
      if (idle.length === 0) return 0;
      await tx
        .update(users)
        .set({ status: 'Dormant' })
        .where(
          and(
            inArray(
              users.id,
              idle.map((u) => u.id),
            ),
            eq(users.status, 'Active'),
          ),
        );
      await tx.insert(auditTrail).values(
        idle.map((u) => ({
          subscriberId: subscriber.id,
          userId: null,
          entityType: 'User',
          entityKey: String(u.id),
          entityName: u.userName,
          action: 'StatusChange' as const,
          before: { status: 'Active', lastLoginAt: u.lastLoginAt?.toISOString() ?? null },
          after: { status: 'Dormant', reason: `No sign-in for ${days} days` },
          createdAt: now,
        })),
      );
      return idle.length;
    });
  }
  return marked;
};

/** Daily at 01:30 (server time): the dormancy rule of the subscriber settings. */
export const DORMANCY_JOB = defineJob({ name: 'user.dormancy', version: 1, payload: z.object({}), cron: '30 1 * * *' });

export const dormancyWorker = (db: Db): JobWorker =>
  workerOf(DORMANCY_JOB, async () => {
    await markDormantUsers(db, new Date());
  });
