import { USER_ENDPOINTS as USERS } from '@opengst/contracts';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context';
import { entities, userEntities } from '../../../db/schema';
import { principalOf } from '../../../platform/access.plugin';
import { serve } from '../../../platform/endpoint';

export const userRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // The entity tree of the user's subscriber with hasAccess per entity (spec core §3 "Entity"); the guard sends a
  // user with no accessible location to /no-location. The financial year is accepted for the spec's call shape.
  serve(app, USERS.userEntities, {
    access: { signedIn: true },
    handler: async (request) => {
      const principal = principalOf(request);
      const rows = await ctx.database.db
        .select({ entity: entities, accessUserId: userEntities.userId })
        .from(entities)
        .leftJoin(userEntities, and(eq(userEntities.entityId, entities.id), eq(userEntities.userId, principal.userId)))
        .where(and(eq(entities.subscriberId, principal.subscriberId), ne(entities.status, 'Delete')))
        .orderBy(asc(entities.id));
      return rows.map(({ entity, accessUserId }) => ({
        entityId: entity.id,
        parentEntityId: entity.parentEntityId,
        gstin: entity.gstin,
        entityName: entity.entityName,
        entityType: entity.entityType,
        status: entity.status,
        stateCode: entity.stateCode,
        hasAccess: accessUserId !== null,
      }));
    },
  });
};
