import {
  API, AuthResponseSchema, CaptchaChallengeSchema, dataOf, EncryptorSchema, ForgotPasswordRequestSchema, ForgotPasswordResponseSchema,
  HEADERS, LoginRequestSchema, MessageSchema, OtpRequestSchema, RegenerateOtpResponseSchema, ResetPasswordRequestSchema, TokenSchema,
} from '@opengst/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { principalOf } from '../../platform/access.plugin';
import { CAPTCHA_SITE_KEY, issueCaptchaChallenge } from '../../platform/auth/captcha';
import { issueEncryptor } from '../../platform/auth/encryptor';
import { forgotPassword, login, regenerateOtp, resetPassword, validateOtp, validateResetLink, type RequestMeta } from './auth.service';
import { revokeSession } from '../../platform/auth/sessions';
import { createThrottle } from '../../platform/auth/throttle';

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

const metaOf = (request: FastifyRequest, captchaHeader: string = HEADERS.captcha): RequestMeta => ({
  ip: request.ip,
  encId: header(request, HEADERS.encId),
  captcha: header(request, captchaHeader),
  publicToken: header(request, HEADERS.publicAuthToken),
});

export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // Per-IP limit on every sign-in endpoint (429); the per-user-name limit is the throttle, the lockout the hard bound.
  const publicAccess = { access: { public: true } as const, rateLimit: { max: ctx.config.signInRatePerMinute, timeWindow: '1 minute' } };
  const perUserName = createThrottle(10, 60_000);

  app.get(API.encryptor, { config: publicAccess, schema: { response: { 200: dataOf(EncryptorSchema) } } }, async () => ({
    data: await issueEncryptor(ctx.database.db, ctx.now()),
  }));

  app.get(API.captchaChallenge, {
    config: publicAccess,
    schema: { querystring: z.object({ siteKey: z.string().optional() }), response: { 200: dataOf(CaptchaChallengeSchema) } },
  }, async (request) => {
    if (request.query.siteKey !== undefined && request.query.siteKey !== CAPTCHA_SITE_KEY) throw new AppError('GEN0001');
    return { data: await issueCaptchaChallenge(ctx.database.db, ctx.now()) };
  });

  app.post(API.token, { config: publicAccess, schema: { body: LoginRequestSchema, response: { 200: dataOf(AuthResponseSchema) } } }, async (request) => {
    perUserName(request.body.userName);
    return { data: await login(ctx, request.body, metaOf(request)) };
  });

  app.post(API.validateOtp, { config: publicAccess, schema: { body: OtpRequestSchema, response: { 200: dataOf(AuthResponseSchema) } } }, async (request) => ({
    data: await validateOtp(ctx, request.body, metaOf(request)),
  }));

  app.get(API.regenerateOtp, { config: publicAccess, schema: { response: { 200: dataOf(RegenerateOtpResponseSchema) } } }, async (request) => ({
    data: await regenerateOtp(ctx, metaOf(request)),
  }));

  app.post(API.forgotPassword, {
    config: publicAccess,
    schema: { body: ForgotPasswordRequestSchema, response: { 200: dataOf(ForgotPasswordResponseSchema) } },
  }, async (request) => {
    perUserName(request.body.userName);
    return { data: await forgotPassword(ctx, request.body, metaOf(request, HEADERS.recaptcha)) };
  });

  app.get(API.validateResetLink, {
    config: publicAccess,
    schema: { querystring: z.object({ request: z.string().min(1).max(200) }), response: { 200: dataOf(TokenSchema) } },
  }, async (request) => ({ data: await validateResetLink(ctx, request.query.request) }));

  app.post(API.resetPassword, { config: publicAccess, schema: { body: ResetPasswordRequestSchema, response: { 200: dataOf(MessageSchema) } } }, async (request) => ({
    data: await resetPassword(ctx, request.body, metaOf(request)),
  }));

  app.get(API.logout, { config: { access: { signedIn: true, duringMaintenance: true } } }, async (request, reply) => {
    await revokeSession(ctx.database.db, principalOf(request).sessionId, ctx.now());
    return reply.status(204).send();
  });
};
