import { ADMIN_ENDPOINTS } from '@opengst/contracts';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { mailOutbox } from '../../db/schema';
import { principalOf } from '../../platform/access.plugin';
import { serve } from '../../platform/endpoint';
import { loadInstallationSettings, saveInstallationSettings } from '../../platform/settings/installation-settings';

export const adminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  // A subscriber's administrators read their own subscriber's mail only.
  serve(app, ADMIN_ENDPOINTS.outbox, {
    access: { rights: ['AdminMailOutbox'] },
    handler: async (request) => {
      const mine = eq(mailOutbox.subscriberId, principalOf(request).subscriberId);
      const [rows, [total]] = await Promise.all([
        db.select().from(mailOutbox).where(mine).orderBy(desc(mailOutbox.id)).offset(request.query.start).limit(request.query.size),
        db.select({ n: count() }).from(mailOutbox).where(mine),
      ]);
      return {
        items: rows.map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          // A mail carrying a one-time code or link is never readable here, before or after delivery.
          text: m.carriesSecret ? null : m.text,
          contentWithheld: m.carriesSecret,
          createdAt: m.createdAt.toISOString(),
          status: m.status,
        })),
        totalRecords: total?.n ?? 0,
      };
    },
  });

  serve(app, ADMIN_ENDPOINTS.maintenance, {
    access: { rights: ['AdminMaintenance'], duringMaintenance: true },
    handler: async (request) => {
      await ctx.maintenance.set(request.body.enabled);
      request.log.warn({ enabled: request.body.enabled, userId: principalOf(request).userId }, 'maintenance mode switched');
    },
  });

  // Installation-wide switches: only the installation's own subscriber is ever subscribed to AdminMaintenance.
  serve(app, ADMIN_ENDPOINTS.installationSettings, {
    access: { rights: ['AdminMaintenance'] },
    handler: async () => loadInstallationSettings(db),
  });

  serve(app, ADMIN_ENDPOINTS.installationSettingsSave, {
    access: { rights: ['AdminMaintenance'] },
    handler: async (request) => saveInstallationSettings(db, request.body),
  });
};
