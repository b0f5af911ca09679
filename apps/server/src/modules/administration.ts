import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { profileRoutes } from './profile/profile.routes';
import { registrationRoutes } from './registration/registration.routes';
import { roleRoutes } from './role/role.routes';
import { subscriberSettingsRoutes } from './subscriber-settings/subscriber-settings.routes';
import { apiAccessRoutes } from './user/api-access.routes';
import { userAdminRoutes } from './user/user-admin.routes';

/**
 * Administration: users, roles and rights, settings, profile, registration (spec core §7). user/entities stays in
 * user.routes.ts (registered by buildApp since issue 2). The dormancy job is registered by buildApp after the routes
 * (registerDormancyJob in user/dormancy.ts).
 */
export const administrationModule: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  await app.register(userAdminRoutes, ctx);
  await app.register(apiAccessRoutes, ctx);
  await app.register(roleRoutes, ctx);
  await app.register(subscriberSettingsRoutes, ctx);
  await app.register(profileRoutes, ctx);
  await app.register(registrationRoutes, ctx);
};
