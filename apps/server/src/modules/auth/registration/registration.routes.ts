import {
  ADMINISTRATION_API as PATHS, dataOf, GstinOrPanCheckSchema, RegisterGstinOrPanSchema, RegistrationCompletedSchema, RegistrationOtpSchema,
  RegistrationResendSchema, RegistrationStartedSchema, RegistrationTokenQuerySchema, ValidateGstinOrPanSchema,
} from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context';
import { createThrottle } from '../../../platform/auth/throttle';
import { checkGstinOrPan, completeRegistration, resendRegistrationOtp, startRegistration } from './registration.service';

/**
 * Self-registration of a new subscriber by GSTIN or PAN and an e-mailed OTP (spec core §7 "Registration").
 * Always on: the installation settings have no switch for it (yet). Public, so limited per IP like sign-in, and
 * per GSTIN/PAN so one identity cannot be used to flood a mailbox.
 */
export const registrationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const publicAccess = { access: { public: true } as const, rateLimit: { max: ctx.config.signInRatePerMinute, timeWindow: '1 minute' } };
  const perIdentity = createThrottle(5, 60 * 60_000);

  app.post(PATHS.registrationValidateGstinOrPan, { config: publicAccess, schema: { body: ValidateGstinOrPanSchema, response: { 200: dataOf(GstinOrPanCheckSchema) } } }, async (request) => ({
    data: await checkGstinOrPan(db, request.body.gstinOrPan),
  }));

  app.post(PATHS.registrationRegister, { config: publicAccess, schema: { body: RegisterGstinOrPanSchema, response: { 200: dataOf(RegistrationStartedSchema) } } }, async (request) => {
    perIdentity(request.body.gstinOrPan);
    return { data: await startRegistration(ctx, request.body) };
  });

  app.post(PATHS.registrationValidateOtp, { config: publicAccess, schema: { body: RegistrationOtpSchema, response: { 200: dataOf(RegistrationCompletedSchema) } } }, async (request) => ({
    data: await completeRegistration(ctx, request.body.token, request.body.otp),
  }));

  app.get(PATHS.registrationRegenerateOtp, { config: publicAccess, schema: { querystring: RegistrationTokenQuerySchema, response: { 200: dataOf(RegistrationResendSchema) } } }, async (request) => ({
    data: await resendRegistrationOtp(ctx, request.query.token),
  }));
};
