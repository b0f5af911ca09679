// The public token of the notification-reply pages (spec core §7 public-auth-token; modules §6: "validating the emailed
// request yields a short-lived authorization token"). It is signed, not stored (platform/auth/signed-tokens.ts, purpose
// 'notification-reply'), carrying the notification, its subscriber and the link it came from, valid
// PUBLIC_REPLY_TOKEN_MINUTES. Every use also asks the link again, so a link revoked by a later mail or
// expired since stops its tokens at once (a replayed token of a dead link is refused like a tampered one).
import { HEADERS, PUBLIC_REPLY_TOKEN_MINUTES } from '@opengst/contracts';
import type { FastifyRequest } from 'fastify';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { notificationLinks } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { signToken, verifyToken } from '../../platform/auth/signed-tokens';
import { AppError } from '../../platform/errors';

/** Whom a valid token lets in: one notification of one subscriber, through one link. */
export type ReplyPrincipal = { notificationId: number; subscriberId: number; linkId: number };

export const issueReplyToken = (secretKey: Buffer, who: ReplyPrincipal, now: Date): string =>
  signToken(
    secretKey,
    'notification-reply',
    { n: who.notificationId, s: who.subscriberId, l: who.linkId },
    PUBLIC_REPLY_TOKEN_MINUTES * 60,
    now,
  ).token;

/** The token's claims when its signature holds and it has not expired; null otherwise. */
export const readReplyToken = (secretKey: Buffer, token: string, now: Date): ReplyPrincipal | null => {
  const claims = verifyToken(secretKey, 'notification-reply', token, now);
  const ids = claims ? [claims.n, claims.s, claims.l] : [];
  if (ids.length !== 3 || !ids.every((v) => typeof v === 'number' && Number.isSafeInteger(v))) return null;
  const [notificationId, subscriberId, linkId] = ids as [number, number, number];
  return { notificationId, subscriberId, linkId };
};

const isLinkAlive = async (db: DbOrTx, who: ReplyPrincipal, now: Date): Promise<boolean> => {
  const rows = await db
    .select({ id: notificationLinks.id })
    .from(notificationLinks)
    .where(
      and(
        eq(notificationLinks.id, who.linkId),
        eq(notificationLinks.notificationId, who.notificationId),
        eq(notificationLinks.subscriberId, who.subscriberId),
        isNull(notificationLinks.revokedAt),
        gt(notificationLinks.expiresAt, now),
      ),
    );
  return rows.length > 0;
};

/** The request's public principal, or 401 AUTH0016 (the page goes back to UnauthorizedAccess). */
export const replyPrincipalOf = async (ctx: AppContext, request: FastifyRequest): Promise<ReplyPrincipal> => {
  const header = request.headers[HEADERS.publicAuthToken];
  const token = typeof header === 'string' ? header : '';
  const now = ctx.now();
  const who = token ? readReplyToken(ctx.secretKey, token, now) : null;
  if (!who || !(await isLinkAlive(ctx.database.db, who, now))) throw new AppError('AUTH0016');
  return who;
};
