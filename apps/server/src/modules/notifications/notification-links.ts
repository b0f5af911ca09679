// The reply links a notification's mail carries (issue 21, spec modules §2.7–§2.8): a signed link
// `/notification-reply?id=<token>` (or the sales / credit-note page) and a short link `/t/<code>` to the same page.
//
// The short code is random (10 characters of [0-9A-Za-z], about 59 bits). The token is the HMAC-SHA256 of the code
// under the installation's secret key, so the short link can be turned back into the full link (public/shortUrl)
// although the table holds only the token's SHA-256: reading the database does not give anyone a usable token.
// A link expires after the subscriber's `notifications.replyLinkDays` (30 by default); a later mail of the same
// notification revokes the earlier links, so only the newest mail's link opens the page.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { notificationEvents, notificationLinks, notifications } from '../../db/schema';
import { loadSubscriberSettings } from '../../platform/settings/subscriber-settings';

export type NotificationSourceType = (typeof notifications.$inferSelect)['sourceType'];

/** The public page of each source type (spec modules §2.7). */
export const REPLY_PAGE: Record<NotificationSourceType, string> = {
  Gsp: '/notification-reply',
  Sales: '/sales-notification-reply',
  Crn: '/crn-notification-reply',
};

export const SHORT_LINK_PATH = '/t/';
const SHORT_CODE_LENGTH = 10;
const CODE_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const SHORT_CODE_PATTERN = /^[0-9A-Za-z]{10}$/;

export type IssuedReplyLink = {
  linkId: number;
  /** Relative to the installation's public URL: '/notification-reply?id=<token>'. */
  url: string;
  /** The short code alone; the page is `/t/<shortUrl>`. */
  shortUrl: string;
  expiresAt: Date;
};

export type ResolvedReplyLink =
  | { ok: true; linkId: number; notificationId: number; subscriberId: number; sourceType: NotificationSourceType; expiresAt: Date }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' };

const randomCode = (): string => {
  // 62 does not divide 256: bytes of 248 and above are dropped so every character is equally likely.
  let code = '';
  while (code.length < SHORT_CODE_LENGTH) {
    for (const byte of randomBytes(16)) {
      if (byte < 248 && code.length < SHORT_CODE_LENGTH) code += CODE_ALPHABET[byte % 62];
    }
  }
  return code;
};

const tokenOf = (key: Buffer, shortCode: string): string =>
  createHmac('sha256', key).update('opengst notification reply link\0').update(shortCode).digest('base64url');

const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

const urlOf = (path: string, token: string): string => `${path}?id=${token}`;

/**
 * A new reply link for the notification (its mail's signed and short links); earlier links of the notification are
 * revoked. Run inside the transaction that records the send.
 */
export const issueReplyLink = async (tx: DbOrTx, key: Buffer, notificationId: number, now: Date): Promise<IssuedReplyLink> => {
  const [notification] = await tx
    .select({ subscriberId: notifications.subscriberId, sourceType: notifications.sourceType })
    .from(notifications)
    .where(eq(notifications.id, notificationId));
  if (!notification) throw new Error(`notification ${notificationId} not found`);
  const settings = await loadSubscriberSettings(tx, notification.subscriberId);
  const expiresAt = new Date(now.getTime() + settings.notifications.replyLinkDays * 24 * 60 * 60_000);
  const path = REPLY_PAGE[notification.sourceType];
  await tx
    .update(notificationLinks)
    .set({ revokedAt: now })
    .where(and(eq(notificationLinks.notificationId, notificationId), isNull(notificationLinks.revokedAt)));
  // A clash of two random 59-bit codes is all but impossible; the unique index makes it a retry, never a shared link.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const shortCode = randomCode();
    const token = tokenOf(key, shortCode);
    const [row] = await tx
      .insert(notificationLinks)
      .values({
        subscriberId: notification.subscriberId,
        notificationId,
        tokenHash: hashOf(token),
        shortCode,
        path,
        expiresAt,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: notificationLinks.id });
    if (row) return { linkId: row.id, url: urlOf(path, token), shortUrl: shortCode, expiresAt };
  }
  throw new Error('could not draw a free short code');
};

const judge = (row: typeof notificationLinks.$inferSelect & { sourceType: NotificationSourceType }, now: Date): ResolvedReplyLink => {
  if (row.revokedAt) return { ok: false, reason: 'revoked' };
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return {
    ok: true,
    linkId: row.id,
    notificationId: row.notificationId,
    subscriberId: row.subscriberId,
    sourceType: row.sourceType,
    expiresAt: row.expiresAt,
  };
};

const findLink = async (db: DbOrTx, where: ReturnType<typeof eq>) => {
  const [row] = await db
    .select({ link: notificationLinks, sourceType: notifications.sourceType })
    .from(notificationLinks)
    .innerJoin(notifications, eq(notifications.id, notificationLinks.notificationId))
    .where(where);
  return row ? { ...row.link, sourceType: row.sourceType } : undefined;
};

/** The link's notification, or why it does not open (a token not of this form, altered or never issued: 'unknown'). */
export const resolveReplyLink = async (db: DbOrTx, token: string, now: Date): Promise<ResolvedReplyLink> => {
  if (!TOKEN_PATTERN.test(token)) return { ok: false, reason: 'unknown' };
  const row = await findLink(db, eq(notificationLinks.tokenHash, hashOf(token)));
  return row ? judge(row, now) : { ok: false, reason: 'unknown' };
};

/** public/shortUrl: the full link a short code stands for, or why not (the page then shows Error400). */
export const resolveShortLink = async (
  db: DbOrTx,
  key: Buffer,
  shortCode: string,
  now: Date,
): Promise<{ ok: true; originalUrl: string } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' }> => {
  if (!SHORT_CODE_PATTERN.test(shortCode)) return { ok: false, reason: 'unknown' };
  const row = await findLink(db, eq(notificationLinks.shortCode, shortCode));
  if (!row) return { ok: false, reason: 'unknown' };
  const judged = judge(row, now);
  return judged.ok ? { ok: true, originalUrl: urlOf(row.path, tokenOf(key, shortCode)) } : judged;
};

/**
 * The counterparty opened a valid link: the first opening is recorded on the link, and a Sent notification becomes
 * Inprogress with an 'Opened' event (a notification already answered keeps ReplyReceived).
 */
export const markReplyLinkOpened = async (tx: DbOrTx, link: { linkId: number; notificationId: number }, now: Date): Promise<void> => {
  await tx
    .update(notificationLinks)
    .set({ usedAt: now })
    .where(and(eq(notificationLinks.id, link.linkId), isNull(notificationLinks.usedAt)));
  const moved = await tx
    .update(notifications)
    .set({ status: 'Inprogress', updatedAt: now })
    .where(and(eq(notifications.id, link.notificationId), eq(notifications.status, 'Sent')))
    .returning({ subscriberId: notifications.subscriberId });
  const [first] = moved;
  if (first) {
    await tx.insert(notificationEvents).values({
      subscriberId: first.subscriberId,
      notificationId: link.notificationId,
      action: 'Opened',
      fromStatus: 'Sent',
      toStatus: 'Inprogress',
      createdAt: now,
    });
  }
};
