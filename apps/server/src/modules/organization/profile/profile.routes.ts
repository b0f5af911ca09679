import { HEADERS, PROFILE_ENDPOINTS as PROFILE } from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context';
import { principalOf } from '../../../platform/access.plugin';
import { serve } from '../../../platform/endpoint';
import { changePassword, profileOf, saveProfile } from './profile.service';

/** The signed-in user's own profile and password (spec core §7 "Profile"): no right beyond being signed in. */
export const profileRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  serve(app, PROFILE.profileDetail, { access: { signedIn: true }, handler: async (request) => profileOf(db, principalOf(request)) });

  serve(app, PROFILE.profileSave, {
    access: { signedIn: true },
    handler: async (request) => {
      const principal = principalOf(request);
      await saveProfile(db, principal, request.body, request.ip);
      return profileOf(db, principal);
    },
  });

  serve(app, PROFILE.changePassword, {
    access: { signedIn: true },
    config: { rateLimit: { max: ctx.config.signInRatePerMinute, timeWindow: '1 minute' } },
    handler: async (request) => {
      const encId = request.headers[HEADERS.encId];
      await changePassword(ctx, principalOf(request), request.body, {
        encId: typeof encId === 'string' ? encId : undefined,
        ip: request.ip,
      });
      return { message: 'Your password has been changed. Other sessions were signed out.' };
    },
  });
};
