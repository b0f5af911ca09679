// The GST portal session of a GSTIN (the API's OTP login): request the OTP with the GSTIN's portal user name, exchange
// it for a session, keep the session sealed at rest (portal_sessions, secrets.ts). Tokens never leave this module:
// the API answers whether a session is active and until when.
import type { PortalSession } from '@opengst/contracts';
import { and, eq, gt } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../db/database';
import { entityPortalCredentials, portalSessions } from '../../../db/schema';
import { AppError } from '../../../platform/errors';
import { PortalError, type PortalSessionState } from '../../../portal/gst-portal';
import { openSecret, sealSecret } from '../../../platform/secrets';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import type { ReturnTarget } from '../returns.repo';
import { INVALID_SESSION } from './ended-portal-sessions';

/**
 * A portal failure as the API's error: RET0012 with the portal's own message; a session the portal ended (AUTH4033,
 * forgotten by ended-portal-sessions.ts) RET0008, so the screens offer the sign-in step again.
 */
export const portalFailure = (error: unknown): AppError | null => {
  if (!(error instanceof PortalError)) return null;
  if (error.portalCode === INVALID_SESSION)
    return new AppError('RET0008', {
      message: `The GST portal ended this GSTIN's session (${error.message}, ${error.portalCode}): request an OTP and sign in to the portal again.`,
    });
  return new AppError('RET0012', { message: `The GST portal refused the request: ${error.message} (${error.portalCode})` });
};

const userNameOf = async (db: DbOrTx, entityId: number): Promise<string | null> => {
  const [row] = await db
    .select({ userName: entityPortalCredentials.portalUserName })
    .from(entityPortalCredentials)
    .where(eq(entityPortalCredentials.entityId, entityId));
  return row?.userName ?? null;
};

export const portalSessionOf = async (ctx: AppContext, target: ReturnTarget): Promise<PortalSession> => {
  const { db } = ctx.database;
  const [session] = await db
    .select({ expiresAt: portalSessions.expiresAt })
    .from(portalSessions)
    .where(
      and(eq(portalSessions.entityId, target.entityId), eq(portalSessions.gstin, target.gstin), gt(portalSessions.expiresAt, ctx.now())),
    );
  return {
    entityId: target.entityId,
    gstin: target.gstin,
    hasCredentials: (await userNameOf(db, target.entityId)) !== null,
    active: !!session,
    expiresAt: session?.expiresAt.toISOString() ?? null,
    sandbox: ctx.gstPortal.sandbox,
  };
};

/** Asks the portal to send the login OTP to the taxpayer's registered mobile and e-mail. */
export const requestPortalOtp = async (ctx: AppContext, target: ReturnTarget): Promise<void> => {
  const userName = await userNameOf(ctx.database.db, target.entityId);
  if (!userName) throw new AppError('RET0009');
  try {
    await ctx.gstPortal.requestOtp(target.gstin, userName);
  } catch (error) {
    throw portalFailure(error) ?? error;
  }
};

/** Exchanges the OTP for a session, stored sealed; the audit row records the GSTIN and expiry, never the tokens. */
export const authenticatePortal = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  target: ReturnTarget,
  otp: string,
  ip: string,
): Promise<void> => {
  const { db } = ctx.database;
  const userName = await userNameOf(db, target.entityId);
  if (!userName) throw new AppError('RET0009');
  let state: PortalSessionState;
  try {
    state = await ctx.gstPortal.authenticate(target.gstin, userName, otp);
  } catch (error) {
    throw portalFailure(error) ?? error;
  }
  const sealed = sealSecret(ctx.secretKey, JSON.stringify(state));
  const expiresAt = new Date(state.expiresAt);
  await db.transaction(async (tx) => {
    await tx
      .insert(portalSessions)
      .values({
        entityId: target.entityId,
        subscriberId: principal.subscriberId,
        gstin: target.gstin,
        session: sealed,
        expiresAt,
        createdBy: principal.userId,
      })
      .onConflictDoUpdate({
        target: portalSessions.entityId,
        set: { gstin: target.gstin, session: sealed, expiresAt, createdBy: principal.userId, createdAt: ctx.now() },
      });
    await writeAudit(tx, principal, {
      entityType: 'PortalSession',
      entityKey: target.entityId,
      entityName: target.gstin,
      action: 'Create',
      after: { gstin: target.gstin, expiresAt: state.expiresAt },
      ip,
    });
  });
};

/** The active session of the GSTIN, opened for a portal call; RET0008 when there is none. */
export const activePortalSession = async (ctx: AppContext, entityId: number, gstin: string): Promise<PortalSessionState> => {
  const [row] = await ctx.database.db
    .select({ session: portalSessions.session })
    .from(portalSessions)
    .where(and(eq(portalSessions.entityId, entityId), eq(portalSessions.gstin, gstin), gt(portalSessions.expiresAt, ctx.now())));
  if (!row) throw new AppError('RET0008');
  return JSON.parse(openSecret(ctx.secretKey, row.session)) as PortalSessionState;
};
