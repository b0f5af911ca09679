import { PRE_RESOURCES, RESOURCES, SETTINGS_ENDPOINTS } from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { principalOf } from '../../platform/access.plugin';
import { serve } from '../../platform/endpoint';
import { loadSettings, loginMetadata } from './settings.service';

export const settingsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  serve(app, SETTINGS_ENDPOINTS.preLoadSettings, { access: { public: true }, handler: async () => loginMetadata(ctx) });

  serve(app, SETTINGS_ENDPOINTS.preResources, { access: { public: true }, handler: async () => PRE_RESOURCES });

  serve(app, SETTINGS_ENDPOINTS.resources, { access: { signedIn: true }, handler: async () => ({ ...PRE_RESOURCES, ...RESOURCES }) });

  serve(app, SETTINGS_ENDPOINTS.loadSettings, {
    access: { signedIn: true },
    handler: async (request) => loadSettings(ctx, principalOf(request)),
  });

  // The maintenance check of spec core §7: 204 when the application is up, 503 while under maintenance.
  serve(app, SETTINGS_ENDPOINTS.ping, {
    access: { public: true },
    handler: async () => {
      if (await ctx.maintenance.isOn()) throw new AppError('GEN0006');
    },
  });
};
