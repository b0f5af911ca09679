import { ORGANIZATION_ENDPOINTS as ORG } from '@opengst/contracts';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context';
import { branches, departments, entities, levels, users, verticals } from '../../../db/schema';
import { principalOf } from '../../../platform/access.plugin';
import { serve } from '../../../platform/endpoint';
import { MAIL_TEMPLATES } from './mail-templates';

// Subscriber lookups (spec core §7): small lists for pickers and filters, any signed-in user of the subscriber. They
// offer only active records: an inactive level or vertical is not given to anyone new (/level-master, /verticals).
const signedIn = { signedIn: true } as const;

export const lookupRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  serve(app, ORG.subscriberEntities, {
    access: signedIn,
    handler: async (request) =>
      db
        .select({ id: entities.id, name: entities.entityName, type: entities.entityType, gstin: entities.gstin })
        .from(entities)
        .where(and(eq(entities.subscriberId, principalOf(request).subscriberId), eq(entities.status, 'Active')))
        .orderBy(asc(entities.entityName), asc(entities.id)),
  });

  serve(app, ORG.subscriberUsers, {
    access: signedIn,
    handler: async (request) =>
      db
        .select({ id: users.id, userName: users.userName, displayName: users.displayName })
        .from(users)
        .where(and(eq(users.subscriberId, principalOf(request).subscriberId), ne(users.status, 'Delete')))
        .orderBy(asc(users.displayName), asc(users.id)),
  });

  serve(app, ORG.subscriberDepartments, {
    access: signedIn,
    handler: async (request) =>
      db
        .select({ id: departments.id, name: departments.name })
        .from(departments)
        .where(and(eq(departments.subscriberId, principalOf(request).subscriberId), eq(departments.status, 'Active')))
        .orderBy(asc(departments.name)),
  });

  serve(app, ORG.subscriberBranches, {
    access: signedIn,
    handler: async (request) =>
      db
        .select({ id: branches.id, name: branches.name })
        .from(branches)
        .where(and(eq(branches.subscriberId, principalOf(request).subscriberId), eq(branches.status, 'Active')))
        .orderBy(asc(branches.name)),
  });

  serve(app, ORG.subscriberLevels, {
    access: signedIn,
    handler: async (request) =>
      db
        .select({ id: levels.id, name: levels.name, rank: levels.rank })
        .from(levels)
        .where(and(eq(levels.subscriberId, principalOf(request).subscriberId), eq(levels.status, 'Active')))
        .orderBy(asc(levels.rank), asc(levels.name)),
  });

  serve(app, ORG.subscriberVerticals, {
    access: signedIn,
    handler: async (request) =>
      db
        .select({ id: verticals.id, name: verticals.name })
        .from(verticals)
        .where(and(eq(verticals.subscriberId, principalOf(request).subscriberId), eq(verticals.status, 'Active')))
        .orderBy(asc(verticals.name)),
  });

  serve(app, ORG.subscriberTemplateNames, { access: signedIn, handler: async () => [...MAIL_TEMPLATES] });
};
