import { REGISTRATION_ENDPOINTS } from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context';
import { createThrottle } from '../../../platform/auth/throttle';
import { serve } from '../../../platform/endpoint';
import { checkGstinOrPan, completeRegistration, resendRegistrationOtp, startRegistration } from './registration.service';

/**
 * Self-registration of a new subscriber by GSTIN or PAN and an e-mailed OTP (spec core §7 "Registration").
 * Always on: the installation settings have no switch for it (yet). Public, so limited per IP like sign-in, and
 * per GSTIN/PAN so one identity cannot be used to flood a mailbox.
 */
export const registrationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const access = { public: true } as const;
  const config = { rateLimit: { max: ctx.config.signInRatePerMinute, timeWindow: '1 minute' } };
  const perIdentity = createThrottle(db, 'gstinOrPan', 5, 60 * 60_000);

  serve(app, REGISTRATION_ENDPOINTS.registrationValidateGstinOrPan, {
    access,
    config,
    handler: async (request) => checkGstinOrPan(db, request.body.gstinOrPan),
  });

  serve(app, REGISTRATION_ENDPOINTS.registrationRegister, {
    access,
    config,
    handler: async (request) => {
      await perIdentity(request.body.gstinOrPan);
      return startRegistration(ctx, request.body);
    },
  });

  serve(app, REGISTRATION_ENDPOINTS.registrationValidateOtp, {
    access,
    config,
    handler: async (request) => completeRegistration(ctx, request.body.token, request.body.otp),
  });

  serve(app, REGISTRATION_ENDPOINTS.registrationRegenerateOtp, {
    access,
    config,
    handler: async (request) => resendRegistrationOtp(ctx, request.query.token),
  });
};
