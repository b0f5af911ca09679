// The IRP session of a location's GSTIN (NIC e-invoice API: AuthToken and SEK valid 360 minutes): kept sealed in
// irp_sessions and reused while valid, renewed in its last 10 minutes (ForceRefreshAccessToken, as the IRP allows).
import { and, eq, sql } from 'drizzle-orm';
import { entities, irpSessions } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../../platform/context';
import { openSecret, sealSecret } from '../../platform/secrets';
import { IRP_SANDBOX_USER, type IrpSession } from '../../portal/irp/irp-client';

const RENEW_BEFORE_MS = 10 * 60_000;
const TOKEN_LIFE_MS = 360 * 60_000;

/** A refusal of the product's own, before the IRP is asked (a GSTIN without an IRP user, a document the IRP would refuse). */
export class EinvoiceRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly problems: { code: string; field: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'EinvoiceRefusal';
  }
}

/** TokenExpiry "yyyy-MM-dd HH:mm:ss" is IST. */
const expiryOf = (text: string, now: Date): Date => {
  const at = new Date(`${text.replace(' ', 'T')}+05:30`);
  return Number.isNaN(at.getTime()) ? new Date(now.getTime() + TOKEN_LIFE_MS) : at;
};

export const irpSessionOf = async (
  ctx: AppContext,
  location: { id: number; subscriberId: number; gstin: string },
  userId: number,
): Promise<IrpSession> => {
  const { db } = ctx.database;
  const now = ctx.now();
  const [row] = await db.select().from(irpSessions).where(eq(irpSessions.entityId, location.id));
  if (row?.session && row.expiresAt && row.gstin === location.gstin && row.expiresAt.getTime() - now.getTime() > RENEW_BEFORE_MS)
    return JSON.parse(openSecret(ctx.secretKey, row.session)) as IrpSession;
  let user: { userName: string; password: string };
  if (row && row.gstin === location.gstin) user = { userName: row.userName, password: openSecret(ctx.secretKey, row.password) };
  else if (ctx.irp.isSandbox) user = IRP_SANDBOX_USER;
  else
    throw new EinvoiceRefusal(
      'IRPUSER',
      `No e-invoice API user is recorded for GSTIN ${location.gstin}: create one on the e-invoice portal (API registration, through your GSP) and record it for this location.`,
    );
  const session = await ctx.irp.authenticate(location.gstin, user.userName, user.password, Boolean(row?.session));
  const values = {
    subscriberId: location.subscriberId,
    gstin: location.gstin,
    userName: user.userName,
    password: sealSecret(ctx.secretKey, user.password),
    session: sealSecret(ctx.secretKey, JSON.stringify(session)),
    expiresAt: expiryOf(session.tokenExpiry, now),
    updatedBy: userId,
  };
  await db
    .insert(irpSessions)
    .values({ entityId: location.id, ...values })
    .onConflictDoUpdate({ target: irpSessions.entityId, set: { ...values, updatedAt: sql`now()` } });
  return session;
};

/**
 * Records a location's e-invoice API user (the password sealed); the session of the previous user is dropped, so the
 * next call to the IRP signs in with this one.
 */
export const saveIrpUser = async (
  ctx: AppContext,
  actor: { subscriberId: number; userId: number },
  request: { entityId: number; userName: string; password: string },
  ip: string,
): Promise<{ entityId: number; gstin: string; userName: string }> => {
  const { db } = ctx.database;
  const [location] = await db
    .select({ gstin: entities.gstin })
    .from(entities)
    .where(and(eq(entities.id, request.entityId), eq(entities.subscriberId, actor.subscriberId)));
  if (!location) throw new AppError('GEN0003');
  if (!location.gstin)
    throw new AppError('GEN0009', { propertyName: 'EntityId', message: 'Only a location with a GSTIN has an e-invoice API user.' });
  const gstin = location.gstin;
  const values = {
    subscriberId: actor.subscriberId,
    gstin,
    userName: request.userName,
    password: sealSecret(ctx.secretKey, request.password),
    session: null,
    expiresAt: null,
    updatedBy: actor.userId,
  };
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ userName: irpSessions.userName })
      .from(irpSessions)
      .where(eq(irpSessions.entityId, request.entityId));
    await tx
      .insert(irpSessions)
      .values({ entityId: request.entityId, ...values })
      .onConflictDoUpdate({ target: irpSessions.entityId, set: { ...values, updatedAt: sql`now()` } });
    await writeAudit(tx, actor, {
      entityType: 'EInvoiceIrpUser',
      entityKey: request.entityId,
      entityName: gstin,
      action: before ? 'Update' : 'Create',
      before: before ?? undefined,
      after: { userName: request.userName },
      ip,
    });
  });
  return { entityId: request.entityId, gstin, userName: request.userName };
};
