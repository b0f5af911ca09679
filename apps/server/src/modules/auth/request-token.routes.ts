// /initialize?request=... (spec core §2, §7 "a user token is fetched by request on initialisation"): a system that
// holds a user's API key asks for a one-time request token of that user (POST authenticate/requestToken, the key as
// auth-token), and sends the user's browser to /initialize with it; the page swaps it (GET authenticate/userToken) for
// a session of that user, as a sign-in would make it. The token is an HS256 JWS of the installation's key, 2 minutes,
// accepted once (its jti kept with the one-time keys until it expires); expired, replayed, tampered tokens, another
// purpose's, a user no longer active or an address outside the subscriber's allow-list: 401 IRP0003 / AUTH0020.
import { REQUEST_TOKEN_ENDPOINTS } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createHmac } from 'node:crypto';
import { authEvents, encryptionKeys, users } from '../../db/schema';
import { principalOf } from '../../platform/access.plugin';
import { issueRequestToken, verifyRequestToken } from '../../platform/auth/request-tokens';
import { createSession, hasOtherLiveSession } from '../../platform/auth/sessions';
import type { AppContext } from '../../platform/context';
import { serve } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import { loadSubscriberSettings } from '../../platform/settings/subscriber-settings';
import { isSignInAddressAllowed } from '../masters';

/**
 * The identifier under which a used request token's jti waits out its validity among the one-time keys: an HMAC of the
 * jti with the installation's key, so nobody holding the token can name the row (as an enc-id, say) to delete it.
 */
const usedKeyOf = (secretKey: Buffer, jti: string): string =>
  `rt-${createHmac('sha256', secretKey).update(`used request:${jti}`).digest('hex')}`;

export const requestTokenRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const signIn = { rateLimit: { max: ctx.config.signInRatePerMinute, timeWindow: '1 minute' } };

  serve(app, REQUEST_TOKEN_ENDPOINTS.requestToken, {
    access: { signedIn: true },
    config: signIn,
    handler: async (request) => {
      const principal = principalOf(request);
      // Only a system holding the user's API key: a browser session has no business minting sign-in links.
      if (!principal.apiKeyId) throw new AppError('IRP0007');
      const { token, claims } = issueRequestToken(
        ctx.secretKey,
        { aud: 'initialize', sub: String(principal.userId), sid: principal.subscriberId },
        ctx.now(),
      );
      return {
        request: token,
        expiresAt: new Date(claims.exp * 1000).toISOString(),
        url: `/initialize?request=${encodeURIComponent(token)}`,
      };
    },
  });

  serve(app, REQUEST_TOKEN_ENDPOINTS.userToken, {
    access: { public: true },
    config: signIn,
    handler: async (request) => {
      const { db } = ctx.database;
      const now = ctx.now();
      const claims = verifyRequestToken(ctx.secretKey, 'initialize', request.query.request, now);
      if (!claims) throw new AppError('IRP0003');
      const [user] = await db
        .select({ id: users.id, subscriberId: users.subscriberId, userName: users.userName, status: users.status })
        .from(users)
        .where(and(eq(users.id, Number(claims.sub)), eq(users.subscriberId, claims.sid)));
      if (!user || user.status !== 'Active') throw new AppError('IRP0003');
      // Once: the jti is kept (a one-time key row of no use but this) until the token would have expired anyway.
      const used = await db
        .insert(encryptionKeys)
        .values({ identifier: usedKeyOf(ctx.secretKey, claims.jti), key: '-', iv: '-', expiresAt: new Date(claims.exp * 1000) })
        .onConflictDoNothing()
        .returning({ identifier: encryptionKeys.identifier });
      if (used.length === 0) throw new AppError('IRP0003');
      if (!(await isSignInAddressAllowed(db, user.subscriberId, request.ip))) throw new AppError('AUTH0020');
      const settings = await loadSubscriberSettings(db, user.subscriberId);
      if (settings.security.singleSession && (await hasOtherLiveSession(db, user.id, now))) throw new AppError('AUTH0018');
      const session = await createSession(db, user, settings.security, now, request.ip);
      await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
      await db.insert(authEvents).values({
        event: 'SignedInByRequestToken',
        userId: user.id,
        subscriberId: user.subscriberId,
        userName: user.userName,
        ip: request.ip,
      });
      return { type: 'Success' as const, token: session.token, expiresAt: session.expiresAt.toISOString(), parameters: {} };
    },
  });
};
