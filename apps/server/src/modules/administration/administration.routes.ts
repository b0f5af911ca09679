import { API, dataOf, InstallationSettingsSchema, OutboxMailSchema } from '@opengst/contracts';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { mailOutbox } from '../../db/schema';
import { principalOf } from '../../platform/access.plugin';
import { loadInstallationSettings, saveInstallationSettings } from '../../platform/settings/installation-settings';

export const adminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  // A subscriber's administrators read their own subscriber's mail only.
  app.get(API.outbox, {
    config: { access: { rights: ['AdminMailOutbox'] } },
    schema: {
      querystring: z.object({ start: z.coerce.number().int().min(0).default(0), size: z.coerce.number().int().min(1).max(500).default(50) }),
      response: { 200: dataOf(z.object({ items: z.array(OutboxMailSchema), totalRecords: z.number().int() })) },
    },
  }, async (request) => {
    const mine = eq(mailOutbox.subscriberId, principalOf(request).subscriberId);
    const [rows, [total]] = await Promise.all([
      db.select().from(mailOutbox).where(mine).orderBy(desc(mailOutbox.id)).offset(request.query.start).limit(request.query.size),
      db.select({ n: count() }).from(mailOutbox).where(mine),
    ]);
    return {
      data: {
        items: rows.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, createdAt: m.createdAt.toISOString(), status: m.status })),
        totalRecords: total?.n ?? 0,
      },
    };
  });

  app.post(API.maintenance, {
    config: { access: { rights: ['AdminMaintenance'], duringMaintenance: true } },
    schema: { body: z.object({ enabled: z.boolean() }) },
  }, async (request, reply) => {
    await ctx.maintenance.set(request.body.enabled);
    request.log.warn({ enabled: request.body.enabled, userId: principalOf(request).userId }, 'maintenance mode switched');
    return reply.status(204).send();
  });

  // Installation-wide switches: only the installation's own subscriber is ever subscribed to AdminMaintenance.
  app.get(API.installationSettings, { config: { access: { rights: ['AdminMaintenance'] } }, schema: { response: { 200: dataOf(InstallationSettingsSchema) } } }, async () => ({
    data: await loadInstallationSettings(db),
  }));

  app.post(API.installationSettings, {
    config: { access: { rights: ['AdminMaintenance'] } },
    schema: { body: InstallationSettingsSchema.partial(), response: { 200: dataOf(InstallationSettingsSchema) } },
  }, async (request) => ({ data: await saveInstallationSettings(db, request.body) }));
};
