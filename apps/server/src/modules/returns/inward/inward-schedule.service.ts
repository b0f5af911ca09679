// The automatic GSTR-2A/2B download (subscriber setting inwardAutoDownload, settings.schemas.ts): a daily job finds the
// subscribers whose day it is (an India date) and queues, for each, the bulk download of its GSTINs that have an active
// GST portal session, for the periods before the current one. The downloads carry no user: they read as "Scheduled".
import { MAX_BULK_INWARD_ITEMS, SubscriberSettingsSchema, type InwardSource } from '@opengst/contracts';
import { indiaDateOf, returnPeriodOf } from '@opengst/domain';
import { and, asc, count, eq, gt, gte, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import { dataActivities, entities, portalSessions, subscribers } from '../../../db/schema';
import type { AppContext } from '../../../platform/context';
import { queueInwardBulk } from './inward-bulk.service';
import type { InwardTarget } from './inward-store.repo';

const IST_OFFSET_MS = 330 * 60_000;

/** The return period `months` after `period` (before it when negative). */
export const shiftPeriodBy = (period: string, months: number): string => {
  const index = Number(period.slice(2)) * 12 + Number(period.slice(0, 2)) - 1 + months;
  return `${String((index % 12) + 1).padStart(2, '0')}${Math.floor(index / 12)}`;
};

/** The first instant of the India day of `now`. */
const startOfIndiaDay = (now: Date): Date => {
  const day = indiaDateOf(now);
  return new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);
};

/** The subscriber's locations with a GSTIN and a portal session active now. */
const signedInTargets = async (ctx: AppContext, subscriberId: number, now: Date): Promise<InwardTarget[]> => {
  const rows = await ctx.database.db
    .select({ entityId: entities.id, gstin: entities.gstin })
    .from(entities)
    .innerJoin(portalSessions, and(eq(portalSessions.entityId, entities.id), eq(portalSessions.gstin, entities.gstin)))
    .where(
      and(
        eq(entities.subscriberId, subscriberId),
        isNotNull(entities.gstin),
        ne(entities.entityType, 'Business'),
        ne(entities.status, 'Delete'),
        gt(portalSessions.expiresAt, now),
      ),
    )
    .orderBy(asc(entities.id));
  return rows.map((r) => ({ entityId: r.entityId, gstin: r.gstin ?? '' }));
};

/** Whether the schedule already queued the subscriber's downloads today (the job ran twice, or the server restarted). */
const queuedToday = async (ctx: AppContext, subscriberId: number, now: Date): Promise<boolean> => {
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(dataActivities)
    .where(
      and(
        eq(dataActivities.subscriberId, subscriberId),
        eq(dataActivities.kind, 'Sync'),
        inArray(dataActivities.action, ['GSTR2A', 'GSTR2B']),
        isNull(dataActivities.userId),
        gte(dataActivities.createdAt, startOfIndiaDay(now)),
      ),
    );
  return Number(row?.n ?? 0) > 0;
};

/**
 * Queues the automatic downloads due on `now`'s India day: for each subscriber with the setting on (and not blocked)
 * whose day of the month it is, one bulk download of its signed-in GSTINs (several when they pass the limit of one
 * request). Answers the subscribers queued.
 */
export const queueScheduledInwardDownloads = async (ctx: AppContext, now: Date = ctx.now()): Promise<number> => {
  const today = indiaDateOf(now);
  const day = Number(today.slice(8, 10));
  const current = returnPeriodOf(today);
  let queued = 0;
  const rows = await ctx.database.db
    .select({ id: subscribers.id, settings: subscribers.settings })
    .from(subscribers)
    .where(eq(subscribers.isBlocked, false))
    .orderBy(asc(subscribers.id));
  for (const subscriber of rows) {
    const setting = SubscriberSettingsSchema.parse(subscriber.settings ?? {}).inwardAutoDownload;
    if (!setting.enabled || (setting.dayOfMonth !== 0 && setting.dayOfMonth !== day)) continue;
    const sources: InwardSource[] = [...(setting.gstr2a ? ['GSTR2A' as const] : []), ...(setting.gstr2b ? ['GSTR2B' as const] : [])];
    if (sources.length === 0 || (await queuedToday(ctx, subscriber.id, now))) continue;
    const targets = await signedInTargets(ctx, subscriber.id, now);
    if (targets.length === 0) continue;
    const periods = Array.from({ length: setting.periodsBack }, (_, k) => shiftPeriodBy(current, k - setting.periodsBack));
    const perTarget = periods.length * sources.length;
    const chunk = Math.max(1, Math.floor(MAX_BULK_INWARD_ITEMS / perTarget));
    for (let i = 0; i < targets.length; i += chunk) {
      await queueInwardBulk(ctx, { subscriberId: subscriber.id, userId: null }, targets.slice(i, i + chunk), periods, sources);
    }
    queued++;
  }
  return queued;
};
