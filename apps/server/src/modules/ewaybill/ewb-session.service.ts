// The e-way bill API session of a location's GSTIN (NIC e-way bill API v1.03: the auth token and SEK are valid six
// hours): kept sealed in ewb_sessions and reused while valid, renewed in its last 10 minutes.
import { and, eq, sql } from 'drizzle-orm';
import { entities, ewbSessions } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { openSecret, sealSecret } from '../../platform/secrets';
import { EWB_SANDBOX_USER, type EwbSession } from '../../portal/ewb/ewb-client';

const RENEW_BEFORE_MS = 10 * 60_000;
const TOKEN_LIFE_MS = 6 * 3_600_000;

export const ewbSessionOf = async (
  ctx: AppContext,
  location: { id: number; subscriberId: number; gstin: string },
  userId: number,
): Promise<EwbSession> => {
  const { db } = ctx.database;
  const now = ctx.now();
  const [row] = await db.select().from(ewbSessions).where(eq(ewbSessions.entityId, location.id));
  if (row?.session && row.expiresAt && row.gstin === location.gstin && row.expiresAt.getTime() - now.getTime() > RENEW_BEFORE_MS)
    return JSON.parse(openSecret(ctx.secretKey, row.session)) as EwbSession;
  let user: { userName: string; password: string };
  if (row && row.gstin === location.gstin) user = { userName: row.userName, password: openSecret(ctx.secretKey, row.password) };
  else if (ctx.ewb.isSandbox) user = EWB_SANDBOX_USER;
  else
    throw new AppError('GEN0009', {
      propertyName: 'EwbUser',
      message: `No e-way bill API user is recorded for GSTIN ${location.gstin}: create one on the e-way bill portal (registration for API, through your GSP) and record it for this location.`,
    });
  const session = await ctx.ewb.authenticate(location.gstin, user.userName, user.password);
  const values = {
    subscriberId: location.subscriberId,
    gstin: location.gstin,
    userName: user.userName,
    password: sealSecret(ctx.secretKey, user.password),
    session: sealSecret(ctx.secretKey, JSON.stringify(session)),
    expiresAt: new Date(now.getTime() + TOKEN_LIFE_MS),
    updatedBy: userId,
  };
  await db
    .insert(ewbSessions)
    .values({ entityId: location.id, ...values })
    .onConflictDoUpdate({ target: ewbSessions.entityId, set: { ...values, updatedAt: sql`now()` } });
  return session;
};

/**
 * Records a location's e-way bill API user (the password sealed); the session of the previous user is dropped, so the
 * next call signs in with this one.
 */
export const saveEwbUser = async (
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
    throw new AppError('GEN0009', { propertyName: 'EntityId', message: 'Only a location with a GSTIN has an e-way bill API user.' });
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
      .select({ userName: ewbSessions.userName })
      .from(ewbSessions)
      .where(eq(ewbSessions.entityId, request.entityId));
    await tx
      .insert(ewbSessions)
      .values({ entityId: request.entityId, ...values })
      .onConflictDoUpdate({ target: ewbSessions.entityId, set: { ...values, updatedAt: sql`now()` } });
    await writeAudit(tx, actor, {
      entityType: 'EWayBillApiUser',
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
