// The GST portal may end a session before the expiry it gave (another sign-in with the same user name, a reset at the
// portal): every call then answers AUTH4033 "Invalid Session". The product forgets that session at once, so the screens
// offer the sign-in (OTP) step again instead of repeating the portal's refusal until the stored expiry.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { portalSessions } from '../../../db/schema';
import { PortalError, type GstPortal, type PortalSessionState } from '../../../portal/gst-portal';

export const INVALID_SESSION = 'AUTH4033';

const isSessionState = (value: unknown): value is PortalSessionState =>
  typeof value === 'object' && value !== null && 'gstin' in value && 'expiresAt' in value && 'secrets' in value;

/**
 * The adapter, each call given a session (its first argument) forgetting the stored session when the portal answers
 * AUTH4033. The stored row is the one with the session's GSTIN and expiry: another location's newer session of the same
 * GSTIN stays.
 */
export const forgettingEndedSessions = (portal: GstPortal, db: () => Db): GstPortal =>
  new Proxy(portal, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } catch (error) {
          const [session] = args;
          if (error instanceof PortalError && error.portalCode === INVALID_SESSION && isSessionState(session))
            await db()
              .delete(portalSessions)
              .where(and(eq(portalSessions.gstin, session.gstin), eq(portalSessions.expiresAt, new Date(session.expiresAt))));
          throw error;
        }
      };
    },
  });
