import { USER_ENDPOINTS as USERS, type ApiAccess, type ApiKey } from '@opengst/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { writeAudit } from '../../../platform/audit';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../db/database';
import { apiKeys } from '../../../db/schema';
import { AppError } from '../../../platform/errors';
import { serve } from '../../../platform/endpoint';
import { principalOf } from '../../../platform/access.plugin';
import { issueApiKey, revokeUserApiKeys, type ApiKeyKind } from '../../../platform/auth/api-keys';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { findUser } from './user.queries';

const toApiKey = (key: typeof apiKeys.$inferSelect): ApiKey => ({
  id: key.id,
  kind: key.kind,
  lastFour: key.lastFour,
  createdAt: key.createdAt.toISOString(),
  lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  revokedAt: key.revokedAt?.toISOString() ?? null,
});

const apiAccessOf = async (db: DbOrTx, userId: number): Promise<ApiAccess> => {
  const keys = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.id));
  return { userId, isEnabled: keys.some((k) => k.revokedAt === null), keys: keys.map(toApiKey) };
};

/**
 * API access of users (spec core §7 "Users": apiAccess, getApiAccess, generateLifetimeAuthToken, generateAuthKey):
 * a key is the auth-token of an API client acting with its user's rights and locations. Its secret is in the
 * generating answer only; the database holds its SHA-256 and last four characters.
 */
export const apiAccessRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const access = { rights: ['UserApiAccess'] } as const;

  serve(app, USERS.userGetApiAccess, {
    access,
    handler: async (request) => {
      const user = await findUser(db, principalOf(request).subscriberId, request.query.userId);
      return apiAccessOf(db, user.id);
    },
  });

  // Enabling changes nothing by itself (keys are generated one by one); disabling revokes every live key at once.
  serve(app, USERS.userApiAccess, {
    access,
    handler: async (request) => {
      const principal = principalOf(request);
      const user = await findUser(db, principal.subscriberId, request.body.userId);
      if (request.body.isEnabled) {
        if (user.status !== 'Active') throw new AppError('ADM0011');
        return apiAccessOf(db, user.id);
      }
      await db.transaction(async (tx) => {
        const revoked = await revokeUserApiKeys(tx, user.id, ctx.now());
        if (revoked.length > 0) {
          await writeAudit(tx, principal, {
            entityType: 'ApiKey',
            entityKey: user.id,
            entityName: user.userName,
            action: 'Update',
            after: { apiAccess: false, revokedApiKeyIds: revoked },
            ip: request.ip,
          });
        }
      });
      return apiAccessOf(db, user.id);
    },
  });

  const generate = (kind: ApiKeyKind) => async (principal: SessionPrincipal, userId: number, ip: string) => {
    const user = await findUser(db, principal.subscriberId, userId);
    if (user.status !== 'Active') throw new AppError('ADM0011');
    return db.transaction(async (tx) => {
      const { secret, key, revokedIds } = await issueApiKey(tx, { subscriberId: principal.subscriberId, userId: user.id }, kind, ctx.now());
      await writeAudit(tx, principal, {
        entityType: 'ApiKey',
        entityKey: key.id,
        entityName: user.userName,
        action: 'Create',
        after: { ...toApiKey(key), userId: user.id, revokedApiKeyIds: revokedIds },
        ip,
      });
      return { ...toApiKey(key), secret };
    });
  };
  const lifetimeToken = generate('LifetimeToken');
  const authKey = generate('AuthKey');
  serve(app, USERS.userGenerateLifetimeAuthToken, {
    access,
    handler: async (request) => lifetimeToken(principalOf(request), request.query.userId, request.ip),
  });
  serve(app, USERS.userGenerateAuthKey, {
    access,
    handler: async (request) => authKey(principalOf(request), request.query.userId, request.ip),
  });

  serve(app, USERS.userRevokeApiKey, {
    access,
    handler: async (request) => {
      const principal = principalOf(request);
      const key = (
        await db
          .select()
          .from(apiKeys)
          .where(and(eq(apiKeys.id, request.body.id), eq(apiKeys.subscriberId, principal.subscriberId)))
      )[0];
      if (!key) throw new AppError('GEN0003', { propertyName: 'Id' });
      await db.transaction(async (tx) => {
        const [after] = await tx
          .update(apiKeys)
          .set({ revokedAt: ctx.now() })
          .where(and(eq(apiKeys.id, key.id), isNull(apiKeys.revokedAt)))
          .returning();
        if (after)
          await writeAudit(tx, principal, {
            entityType: 'ApiKey',
            entityKey: key.id,
            action: 'Update',
            before: toApiKey(key),
            after: toApiKey(after),
            ip: request.ip,
          });
      });
      return apiAccessOf(db, key.userId);
    },
  });
};
