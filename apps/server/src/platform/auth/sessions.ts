import type { SecuritySettingsSchema } from '@opengst/contracts';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/database';
import { sessions, users } from '../../db/schema';
import { AppError } from '../errors';
import { authenticateApiKey, isApiKeyToken } from './api-keys';
import { hashToken, newToken } from './tokens';

type Security = z.infer<typeof SecuritySettingsSchema>;

export type SessionPrincipal = {
  sessionId: number;
  userId: number;
  subscriberId: number;
  roleId: number;
  userName: string;
  /** Set when the auth-token is an API key (then sessionId is 0). */
  apiKeyId?: number;
};

const MINUTE = 60_000;
/** Refresh last-seen at most once a minute: a write per request would cost more than it tells. */
const TOUCH_EVERY_MS = MINUTE;

export const createSession = async (
  db: DbOrTx,
  user: { id: number; subscriberId: number },
  security: Security,
  now: Date,
  ip: string | undefined,
): Promise<{ token: string; expiresAt: Date }> => {
  const token = newToken();
  const absoluteExpiresAt = new Date(now.getTime() + security.sessionAbsoluteHours * 60 * MINUTE);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: user.id,
    subscriberId: user.subscriberId,
    createdAt: now,
    lastSeenAt: now,
    idleExpiresAt: new Date(now.getTime() + security.sessionIdleMinutes * MINUTE),
    absoluteExpiresAt,
    ip: ip ?? null,
  });
  return { token, expiresAt: absoluteExpiresAt };
};

export const hasOtherLiveSession = async (db: DbOrTx, userId: number, now: Date): Promise<boolean> => {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.idleExpiresAt, now), gt(sessions.absoluteExpiresAt, now)),
    )
    .limit(1);
  return rows.length > 0;
};

export const revokeUserSessions = async (
  db: DbOrTx,
  userId: number,
  reason: string,
  now: Date,
  exceptSessionId?: number,
): Promise<void> => {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (exceptSessionId !== undefined) conditions.push(ne(sessions.id, exceptSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(...conditions));
};

export const revokeSession = async (db: DbOrTx, sessionId: number, now: Date): Promise<void> => {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: 'Logout' })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
};

const REVOKED_MESSAGES: Record<string, string> = {
  SignedInElsewhere: 'Your session was ended because you signed in elsewhere. Please sign in again.',
  PasswordChanged: 'Your password was changed. Please sign in again.',
};

/**
 * Resolves an auth-token to its user, or fails with 401 AUTH0013 (unknown, expired, revoked or user not active).
 * The token is a session token, or an API key of a user (user/generateAuthKey, generateLifetimeAuthToken).
 */
export const authenticateToken = async (
  db: DbOrTx,
  token: string | undefined,
  security: (subscriberId: number) => Promise<Security>,
  now: Date,
): Promise<SessionPrincipal> => {
  if (!token) throw new AppError('AUTH0013');
  if (isApiKeyToken(token)) {
    const principal = await authenticateApiKey(db, token, now);
    if (!principal) throw new AppError('AUTH0013');
    return principal;
  }
  const rows = await db
    .select({
      session: sessions,
      user: { id: users.id, subscriberId: users.subscriberId, roleId: users.roleId, userName: users.userName, status: users.status },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token)));
  const row = rows[0];
  if (!row) throw new AppError('AUTH0013');
  const { session, user } = row;
  if (session.revokedAt) {
    const message = session.revokedReason ? REVOKED_MESSAGES[session.revokedReason] : undefined;
    throw new AppError('AUTH0013', message ? { message } : {});
  }
  if (session.idleExpiresAt <= now || session.absoluteExpiresAt <= now || user.status !== 'Active') throw new AppError('AUTH0013');
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    const idle = (await security(user.subscriberId)).sessionIdleMinutes;
    await db
      .update(sessions)
      .set({ lastSeenAt: now, idleExpiresAt: new Date(now.getTime() + idle * MINUTE) })
      .where(eq(sessions.id, session.id));
  }
  return { sessionId: session.id, userId: user.id, subscriberId: user.subscriberId, roleId: user.roleId, userName: user.userName };
};
