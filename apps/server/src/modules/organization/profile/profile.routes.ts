import { HEADERS, PROFILE_ENDPOINTS as PROFILE } from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { principalOf } from '../../../platform/access.plugin';
import { serve } from '../../../platform/endpoint';
import { changePassword, confirmEmail, profileOf, saveProfile } from './profile.service';

const encIdOf = (request: FastifyRequest): string | undefined => {
  const encId = request.headers[HEADERS.encId];
  return typeof encId === 'string' ? encId : undefined;
};

/**
 * The signed-in user's own profile and password (spec core §7 "Profile"): no right beyond being signed in. The e-mail
 * and the password are credentials: they change only in a signed-in session (an API key gets 403 ADM0013).
 */
export const profileRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const credentialRate = { rateLimit: { max: ctx.config.signInRatePerMinute, timeWindow: '1 minute' } };

  serve(app, PROFILE.profileDetail, {
    access: { signedIn: true },
    handler: async (request) => profileOf(db, principalOf(request), ctx.now()),
  });

  serve(app, PROFILE.profileSave, {
    access: { signedIn: true },
    config: credentialRate,
    handler: async (request) => {
      const principal = principalOf(request);
      await saveProfile(ctx, principal, request.body, { encId: encIdOf(request), ip: request.ip });
      return profileOf(db, principal, ctx.now());
    },
  });

  serve(app, PROFILE.profileConfirmEmail, {
    access: { signedIn: true },
    config: credentialRate,
    handler: async (request) => {
      const principal = principalOf(request);
      await confirmEmail(ctx, principal, request.body.code, request.ip);
      return profileOf(db, principal, ctx.now());
    },
  });

  serve(app, PROFILE.changePassword, {
    access: { signedIn: true },
    config: credentialRate,
    handler: async (request) => {
      await changePassword(ctx, principalOf(request), request.body, { encId: encIdOf(request), ip: request.ip });
      return { message: 'Your password has been changed. Other sessions were signed out.' };
    },
  });
};
