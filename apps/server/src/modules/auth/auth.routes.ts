import { AUTH_ENDPOINTS, HEADERS } from '@opengst/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { principalOf } from '../../platform/access.plugin';
import { CAPTCHA_SITE_KEY, issueCaptchaChallenge } from '../../platform/auth/captcha';
import { issueEncryptor } from '../../platform/auth/encryptor';
import { serve } from '../../platform/endpoint';
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
  const access = { public: true } as const;
  const config = { rateLimit: { max: ctx.config.signInRatePerMinute, timeWindow: '1 minute' } };
  const perUserName = createThrottle(ctx.database.db, 'userName', 10, 60_000);

  serve(app, AUTH_ENDPOINTS.encryptor, { access, config, handler: async () => issueEncryptor(ctx.database.db, ctx.now()) });

  serve(app, AUTH_ENDPOINTS.captchaChallenge, {
    access,
    config,
    handler: async (request) => {
      if (request.query.siteKey !== undefined && request.query.siteKey !== CAPTCHA_SITE_KEY) throw new AppError('GEN0001');
      return issueCaptchaChallenge(ctx.database.db, ctx.now());
    },
  });

  serve(app, AUTH_ENDPOINTS.token, {
    access,
    config,
    handler: async (request) => {
      await perUserName(request.body.userName);
      return login(ctx, request.body, metaOf(request));
    },
  });

  serve(app, AUTH_ENDPOINTS.validateOtp, { access, config, handler: async (request) => validateOtp(ctx, request.body, metaOf(request)) });

  serve(app, AUTH_ENDPOINTS.regenerateOtp, { access, config, handler: async (request) => regenerateOtp(ctx, metaOf(request)) });

  serve(app, AUTH_ENDPOINTS.forgotPassword, {
    access,
    config,
    handler: async (request) => {
      await perUserName(request.body.userName);
      return forgotPassword(ctx, request.body, metaOf(request, HEADERS.recaptcha));
    },
  });

  serve(app, AUTH_ENDPOINTS.validateResetLink, {
    access,
    config,
    handler: async (request) => validateResetLink(ctx, request.query.request),
  });

  serve(app, AUTH_ENDPOINTS.resetPassword, {
    access,
    config,
    handler: async (request) => resetPassword(ctx, request.body, metaOf(request)),
  });

  serve(app, AUTH_ENDPOINTS.logout, {
    access: { signedIn: true, duringMaintenance: true },
    handler: async (request) => {
      await revokeSession(ctx.database.db, principalOf(request).sessionId, ctx.now());
    },
  });
};
