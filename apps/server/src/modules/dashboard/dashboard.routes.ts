import { DASHBOARD_ENDPOINTS } from '@opengst/contracts';
import { financialYearOf, istDateOf } from '@opengst/domain';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { authEvents, entities, financialYears, frequentlyUsed, roles, users } from '../../db/schema';
import { principalOf } from '../../platform/access.plugin';
import { serve } from '../../platform/endpoint';

const statisticsRights = ['DashboardStatistics', 'DashboardBusinessIntelligence', 'DashboardCfo', 'DashboardItcInsights'] as const;

export const dashboardRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  serve(app, DASHBOARD_ENDPOINTS.statistics, {
    access: { rights: statisticsRights },
    handler: async (request) => {
      const p = principalOf(request);
      const [entityCounts, [activeUsers], [roleCount], [yearCount], signIns] = await Promise.all([
        db
          .select({ type: entities.entityType, n: count() })
          .from(entities)
          .where(and(eq(entities.subscriberId, p.subscriberId), ne(entities.status, 'Delete')))
          .groupBy(entities.entityType),
        db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.subscriberId, p.subscriberId), eq(users.status, 'Active'))),
        db.select({ n: count() }).from(roles).where(eq(roles.subscriberId, p.subscriberId)),
        db.select({ n: count() }).from(financialYears),
        db
          .select({ event: authEvents.event, at: authEvents.createdAt })
          .from(authEvents)
          .where(and(eq(authEvents.userId, p.userId), sql`${authEvents.event} in ('SignedIn', 'WrongPassword', 'AddressNotAllowed')`))
          .orderBy(desc(authEvents.createdAt), desc(authEvents.id))
          .limit(50),
      ]);
      const byType = new Map(entityCounts.map((e) => [e.type, e.n]));
      // The sign-in before this session's, and the failed attempts between the two: wrong passwords, and right ones from
      // an address the subscriber's IP allow-list refused (someone else may hold the password).
      const successes = signIns.map((e, i) => ({ ...e, i })).filter((e) => e.event === 'SignedIn');
      const previous = successes[1];
      const failures = successes[0] && previous ? signIns.slice(successes[0].i + 1, previous.i).length : 0;
      return {
        businesses: byType.get('Business') ?? 0,
        locations: byType.get('Location') ?? 0,
        childLocations: byType.get('ChildLocation') ?? 0,
        activeUsers: activeUsers?.n ?? 0,
        roles: roleCount?.n ?? 0,
        financialYears: yearCount?.n ?? 0,
        currentFinancialYear: financialYearOf(istDateOf(ctx.now())),
        lastSignInAt: previous ? previous.at.toISOString() : null,
        failedSignInsSinceLastSuccess: failures,
      };
    },
  });

  serve(app, DASHBOARD_ENDPOINTS.frequentlyUsedGet, {
    access: { signedIn: true },
    handler: async (request) => {
      const rows = await db
        .select()
        .from(frequentlyUsed)
        .where(eq(frequentlyUsed.userId, principalOf(request).userId))
        .orderBy(desc(frequentlyUsed.count), desc(frequentlyUsed.lastUsedAt))
        .limit(12);
      return rows.map((r) => ({ moduleType: r.moduleType, count: r.count, lastUsedAt: r.lastUsedAt.toISOString() }));
    },
  });

  serve(app, DASHBOARD_ENDPOINTS.frequentlyUsedSave, {
    access: { signedIn: true },
    handler: async (request) => {
      const now = ctx.now();
      await db
        .insert(frequentlyUsed)
        .values({ userId: principalOf(request).userId, moduleType: request.query.moduleType, count: 1, lastUsedAt: now })
        .onConflictDoUpdate({
          target: [frequentlyUsed.userId, frequentlyUsed.moduleType],
          set: { count: sql`${frequentlyUsed.count} + 1`, lastUsedAt: now },
        });
    },
  });
};
