// The public token of the notification-reply pages (spec core §7 public-auth-token; modules §6: "validating the emailed
// request yields a short-lived authorization token"). It is signed, not stored: HMAC-SHA256 under a key derived from the
// installation's secret key, audience 'notification-reply', carrying the notification, its subscriber and the link it
// came from, valid PUBLIC_REPLY_TOKEN_MINUTES. Every use also asks the link again, so a link revoked by a later mail or
// expired since stops its tokens at once (a replayed token of a dead link is refused like a tampered one).
import { HEADERS, PUBLIC_REPLY_TOKEN_MINUTES } from '@opengst/contracts';
import type { FastifyRequest } from 'fastify';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { notificationLinks } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';

const AUDIENCE = 'notification-reply';
const VERSION = 'r1';

/** Whom a valid token lets in: one notification of one subscriber, through one link. */
export type ReplyPrincipal = { notificationId: number; subscriberId: number; linkId: number };

type Claims = { aud: string; n: number; s: number; l: number; exp: number };

const signingKey = (secretKey: Buffer): Buffer => createHmac('sha256', secretKey).update('opengst public reply token key\0').digest();

const signatureOf = (secretKey: Buffer, payload: string): Buffer =>
  createHmac('sha256', signingKey(secretKey)).update(`${VERSION}.${payload}`).digest();

export const issueReplyToken = (secretKey: Buffer, who: ReplyPrincipal, now: Date): string => {
  const claims: Claims = {
    aud: AUDIENCE,
    n: who.notificationId,
    s: who.subscriberId,
    l: who.linkId,
    exp: now.getTime() + PUBLIC_REPLY_TOKEN_MINUTES * 60_000,
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${VERSION}.${payload}.${signatureOf(secretKey, payload).toString('base64url')}`;
};

const isClaims = (value: unknown): value is Claims => {
  if (!value || typeof value !== 'object') return false;
  const c = value as Record<string, unknown>;
  return c.aud === AUDIENCE && [c.n, c.s, c.l, c.exp].every((v) => typeof v === 'number' && Number.isSafeInteger(v));
};

/** The token's claims when its signature holds and it has not expired; null otherwise. */
export const readReplyToken = (secretKey: Buffer, token: string, now: Date): ReplyPrincipal | null => {
  const [version, payload, signature, ...rest] = token.split('.');
  if (version !== VERSION || !payload || !signature || rest.length > 0) return null;
  const expected = signatureOf(secretKey, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isClaims(claims) || claims.exp <= now.getTime()) return null;
  return { notificationId: claims.n, subscriberId: claims.s, linkId: claims.l };
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
