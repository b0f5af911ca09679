import {
  dataOf, LevelLookupSchema, NamedLookupSchema, ORGANIZATION_API, SubscriberEntityLookupSchema, SubscriberUserLookupSchema, TemplateNameSchema,
} from '@opengst/contracts';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context';
import { branches, departments, entities, levels, users, verticals } from '../../../db/schema';
import { principalOf } from '../../../platform/access.plugin';
import { MAIL_TEMPLATES } from './mail-templates';

// Subscriber lookups (spec core §7): small lists for pickers and filters, any signed-in user of the subscriber.
const signedIn = { access: { signedIn: true } } as const;

export const lookupRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  app.get(ORGANIZATION_API.subscriberEntities, { config: signedIn, schema: { response: { 200: dataOf(z.array(SubscriberEntityLookupSchema)) } } }, async (request) => ({
    data: await db.select({ id: entities.id, name: entities.entityName, type: entities.entityType, gstin: entities.gstin }).from(entities)
      .where(and(eq(entities.subscriberId, principalOf(request).subscriberId), eq(entities.status, 'Active'))).orderBy(asc(entities.entityName), asc(entities.id)),
  }));

  app.get(ORGANIZATION_API.subscriberUsers, { config: signedIn, schema: { response: { 200: dataOf(z.array(SubscriberUserLookupSchema)) } } }, async (request) => ({
    data: await db.select({ id: users.id, userName: users.userName, displayName: users.displayName }).from(users)
      .where(and(eq(users.subscriberId, principalOf(request).subscriberId), ne(users.status, 'Delete'))).orderBy(asc(users.displayName), asc(users.id)),
  }));

  app.get(ORGANIZATION_API.subscriberDepartments, { config: signedIn, schema: { response: { 200: dataOf(z.array(NamedLookupSchema)) } } }, async (request) => ({
    data: await db.select({ id: departments.id, name: departments.name }).from(departments)
      .where(and(eq(departments.subscriberId, principalOf(request).subscriberId), eq(departments.status, 'Active'))).orderBy(asc(departments.name)),
  }));

  app.get(ORGANIZATION_API.subscriberBranches, { config: signedIn, schema: { response: { 200: dataOf(z.array(NamedLookupSchema)) } } }, async (request) => ({
    data: await db.select({ id: branches.id, name: branches.name }).from(branches)
      .where(and(eq(branches.subscriberId, principalOf(request).subscriberId), eq(branches.status, 'Active'))).orderBy(asc(branches.name)),
  }));

  app.get(ORGANIZATION_API.subscriberLevels, { config: signedIn, schema: { response: { 200: dataOf(z.array(LevelLookupSchema)) } } }, async (request) => ({
    data: await db.select({ id: levels.id, name: levels.name, rank: levels.rank }).from(levels)
      .where(eq(levels.subscriberId, principalOf(request).subscriberId)).orderBy(asc(levels.rank), asc(levels.name)),
  }));

  app.get(ORGANIZATION_API.subscriberVerticals, { config: signedIn, schema: { response: { 200: dataOf(z.array(NamedLookupSchema)) } } }, async (request) => ({
    data: await db.select({ id: verticals.id, name: verticals.name }).from(verticals)
      .where(eq(verticals.subscriberId, principalOf(request).subscriberId)).orderBy(asc(verticals.name)),
  }));

  app.get(ORGANIZATION_API.subscriberTemplateNames, { config: signedIn, schema: { response: { 200: dataOf(z.array(TemplateNameSchema)) } } }, async () => ({
    data: [...MAIL_TEMPLATES],
  }));
};
