import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { apiKeys, users } from '../../db/schema';
import type { SessionPrincipal } from './sessions';
import { hashToken, newToken } from './tokens';

export type ApiKeyKind = (typeof apiKeys.$inferSelect)['kind'];

/** API keys carry a prefix so a request's token goes straight to the right table (and is easy to spot in a leak scan). */
export const API_KEY_PREFIX = 'ogst_';
export const isApiKeyToken = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

/** lastUsedAt is refreshed at most once a minute: a write per API call would cost more than it tells. */
const TOUCH_EVERY_MS = 60_000;

/**
 * A new key for the user: the secret is returned to the caller once and only its SHA-256 and last four characters
 * are stored. Generating a key revokes the user's previous live key of the same kind (a rotation, not a pile).
 */
export const issueApiKey = async (
  tx: DbOrTx,
  owner: { subscriberId: number; userId: number },
  kind: ApiKeyKind,
  now: Date,
): Promise<{ secret: string; key: typeof apiKeys.$inferSelect; revokedIds: number[] }> => {
  const revoked = await tx
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.userId, owner.userId), eq(apiKeys.kind, kind), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  const secret = `${API_KEY_PREFIX}${newToken()}`;
  const [key] = await tx
    .insert(apiKeys)
    .values({
      subscriberId: owner.subscriberId,
      userId: owner.userId,
      kind,
      tokenHash: hashToken(secret),
      lastFour: secret.slice(-4),
      createdAt: now,
    })
    .returning();
  if (!key) throw new Error('api key insert returned no row');
  return { secret, key, revokedIds: revoked.map((r) => r.id) };
};

/** Revokes every live key of a user (API access disabled, user deactivated or deleted); returns the revoked ids. */
export const revokeUserApiKeys = async (tx: DbOrTx, userId: number, now: Date): Promise<number[]> =>
  (
    await tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id })
  ).map((r) => r.id);

/**
 * The principal of an API key used as auth-token: the key's user with that user's role, so the client holds exactly
 * the user's rights and locations. Undefined when the key is unknown, revoked or its user is not Active.
 * sessionId is 0: there is no session to end or keep.
 */
export const authenticateApiKey = async (db: DbOrTx, token: string, now: Date): Promise<SessionPrincipal | undefined> => {
  const rows = await db
    .select({
      key: apiKeys,
      user: { id: users.id, subscriberId: users.subscriberId, roleId: users.roleId, userName: users.userName, status: users.status },
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.tokenHash, hashToken(token)));
  const row = rows[0];
  if (!row || row.key.revokedAt || row.user.status !== 'Active' || row.user.subscriberId !== row.key.subscriberId) return undefined;
  if (!row.key.lastUsedAt || now.getTime() - row.key.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.key.id));
  }
  const { user } = row;
  return {
    sessionId: 0,
    apiKeyId: row.key.id,
    userId: user.id,
    subscriberId: user.subscriberId,
    roleId: user.roleId,
    userName: user.userName,
  };
};
