import { API, dataOf, LoadSettingsSchema, LoginMetadataSchema, PRE_RESOURCES, RESOURCES, ResourcesSchema } from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { principalOf } from '../../platform/access.plugin';
import { loadSettings, loginMetadata } from './settings.service';

export const settingsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(API.preLoadSettings, { config: { access: { public: true } }, schema: { response: { 200: dataOf(LoginMetadataSchema) } } }, async () => ({
    data: await loginMetadata(ctx),
  }));

  app.get(API.preResources, { config: { access: { public: true } }, schema: { response: { 200: dataOf(ResourcesSchema) } } }, async () => ({
    data: PRE_RESOURCES,
  }));

  app.get(API.resources, { config: { access: { signedIn: true } }, schema: { response: { 200: dataOf(ResourcesSchema) } } }, async () => ({
    data: { ...PRE_RESOURCES, ...RESOURCES },
  }));

  app.get(API.loadSettings, { config: { access: { signedIn: true } }, schema: { response: { 200: dataOf(LoadSettingsSchema) } } }, async (request) => ({
    data: await loadSettings(ctx, principalOf(request)),
  }));

  // The maintenance check of spec core §7: 204 when the application is up, 503 while under maintenance.
  app.get(API.ping, { config: { access: { public: true } } }, async (_request, reply) => {
    if (await ctx.maintenance.isOn()) throw new AppError('GEN0006');
    return reply.status(204).send();
  });
};
