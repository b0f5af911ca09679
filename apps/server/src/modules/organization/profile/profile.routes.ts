import { ADMINISTRATION_API as PATHS, ChangePasswordSchema, dataOf, HEADERS, MessageSchema, ProfileSaveSchema, ProfileSchema } from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context';
import { principalOf } from '../../../platform/access.plugin';
import { changePassword, profileOf, saveProfile } from './profile.service';

/** The signed-in user's own profile and password (spec core §7 "Profile"): no right beyond being signed in. */
export const profileRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  app.get(PATHS.profileDetail, { config: { access: { signedIn: true } }, schema: { response: { 200: dataOf(ProfileSchema) } } }, async (request) => ({
    data: await profileOf(db, principalOf(request)),
  }));

  app.post(PATHS.profileSave, { config: { access: { signedIn: true } }, schema: { body: ProfileSaveSchema, response: { 200: dataOf(ProfileSchema) } } }, async (request) => {
    const principal = principalOf(request);
    await saveProfile(db, principal, request.body, request.ip);
    return { data: await profileOf(db, principal) };
  });

  app.post(PATHS.changePassword, {
    config: { access: { signedIn: true }, rateLimit: { max: ctx.config.signInRatePerMinute, timeWindow: '1 minute' } },
    schema: { body: ChangePasswordSchema, response: { 200: dataOf(MessageSchema) } },
  }, async (request) => {
    const encId = request.headers[HEADERS.encId];
    await changePassword(ctx, principalOf(request), request.body, { encId: typeof encId === 'string' ? encId : undefined, ip: request.ip });
    return { data: { message: 'Your password has been changed. Other sessions were signed out.' } };
  });
};
